import { Title } from '@mantine/core';
import { useMatches } from '@tanstack/react-router';

/** A screen whose issue has not landed yet shows only its title (the deepest matched route's). */
export function TitleOnly() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => m.staticData.title)?.staticData.title ?? '';
  return <Title order={1} size="h2">{title}</Title>;
}
