import { Badge } from '@mantine/core';
import { statusColors, type ScheduledEventStatus } from '../domain/scheduler/visit-status.ts';
import { darkened } from './theme.ts';

/**
 * A visit's status (spec section 4) in its colour, as the customer's history and the appointment panel show it: the
 * border and dot in the spec's colour, the words darkened to read (amber on white was 1.9:1, purple on a striped
 * row 4.3:1).
 */
export function StatusBadge({ status }: { status: ScheduledEventStatus }) {
  const color = statusColors[status];
  return (
    <Badge
      variant="outline"
      style={{ borderColor: color, color: color === '#000000' ? 'var(--mantine-color-text)' : darkened(color) }}
      leftSection={<span aria-hidden style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: color }} />}
    >
      {status}
    </Badge>
  );
}
