import { Title } from '@mantine/core';
import { Outlet, useChildMatches, useMatches } from '@tanstack/react-router';

/** A screen whose issue has not landed yet shows only its title (the deepest matched route's). */
export function TitleOnly() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => m.staticData.title)?.staticData.title ?? '';
  return <Title order={1} size="h2">{title}</Title>;
}

/** The same for a screen with child screens: the matched child, or this screen's title when there is none. */
export function TitleWithOutlet() {
  return useChildMatches().length > 0 ? <Outlet /> : <TitleOnly />;
}
