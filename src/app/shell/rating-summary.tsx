import { Group, Rating, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Average } from '../../domain/figures/ratings.ts';
import { halfStars } from '../../domain/figures/ratings.ts';

const shown = (a: Average) => (a.average === null ? 'No ratings' : `${a.average.toFixed(1)} (${a.count})`);
const spoken = (what: string, a: Average) =>
  a.average === null ? `${what}: no ratings` : `${what}: ${a.average.toFixed(1)} of 5 stars from ${a.count} ${a.count === 1 ? 'rating' : 'ratings'}`;

/** Five stars in half steps and the figure beside them (spec section 9). */
function Stars({ label, average }: { label: string; average: Average }) {
  return (
    <Group gap={6} wrap="nowrap" aria-label={spoken(label, average)} role="group">
      <Rating value={average.average === null ? 0 : halfStars(average.average)} fractions={2} readOnly size="xs" aria-hidden />
      <Text size="xs" c="dimmed" aria-hidden>
        {shown(average)}
      </Text>
    </Group>
  );
}

/**
 * The rating summary of spec section 1: the last seven days and all ratings, in the drawer (both, each on
 * its line) and in the top bar (the last seven days, a link to the ratings page).
 */
export function RatingSummary({ summary, place }: { summary: { recent: Average; overall: Average }; place: 'drawer' | 'header' }) {
  if (place === 'header') {
    return (
      <UnstyledButton
        component={Link}
        to="/ratings"
        aria-label={`Rating summary. ${spoken('Last 7 days', summary.recent)}. ${spoken('Overall', summary.overall)}`}
        px={6}
      >
        <Stack gap={0}>
          <Text size="10px" c="dimmed" lh={1.2}>
            Last 7 days
          </Text>
          <Stars label="Last 7 days" average={summary.recent} />
        </Stack>
      </UnstyledButton>
    );
  }
  // In the drawer it only shows: the Ratings item right above it leads to the page.
  return (
    <Stack gap={4} p="xs" role="group" aria-label="Rating summary">
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs">Last 7 days</Text>
        <Stars label="Last 7 days" average={summary.recent} />
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs">Overall</Text>
        <Stars label="Overall" average={summary.overall} />
      </Group>
    </Stack>
  );
}
