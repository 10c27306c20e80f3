import { Title } from '@mantine/core';
import { Outlet, useMatches } from '@tanstack/react-router';

/** The title of the deepest matched route. */
function useRouteTitle(): string {
  const matches = useMatches();
  return [...matches].reverse().find((m) => m.staticData.title)?.staticData.title ?? '';
}

/** A screen whose issue has not landed yet shows only its title. */
export function TitleOnly() {
  return <Title order={1} size="h2">{useRouteTitle()}</Title>;
}

/** The same for a screen with child screens: the deepest title, then the child. */
export function TitleWithOutlet() {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const isLeaf = last?.staticData.title && last.routeId === matches.findLast((m) => m.staticData.title)?.routeId;
  return isLeaf && matches.filter((m) => m.staticData.title).length > 0 ? <Outlet /> : <TitleOnly />;
}
