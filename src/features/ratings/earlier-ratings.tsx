import { Stack, Text } from '@mantine/core';
import type { EarlierRating } from '../../contract/entities.ts';

/** What the customer said of the visit before they changed their rating, newest first (staff see the whole story). */
export function EarlierRatings({ earlier, dateTime }: { earlier: readonly EarlierRating[] | undefined; dateTime: (iso: string) => string }) {
  if (!earlier || earlier.length === 0) return null;
  return (
    <Stack gap={2} mt={4} role="group" aria-label="Earlier ratings of this visit">
      {[...earlier].reverse().map((was, i) => (
        <Text key={i} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Changed from {was.score} of 5{was.ratedAt ? ` given ${dateTime(was.ratedAt)}` : ''}
          {was.comment ? `: “${was.comment}”` : ''}
        </Text>
      ))}
    </Stack>
  );
}
