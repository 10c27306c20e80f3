import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { replicaOf } from '../../db/use-replica.ts';
import type { FollowUp } from '../../domain/inspections/declined-work.ts';
import { formatCents } from '../money.ts';
import { useMinute } from '../use-minute.ts';
import { readVehicleDeclinedWork } from './read-declined-work.ts';
import { shortDate } from './tire-history-card.tsx';

/** "Due Dec 3, 2026", or "Overdue since …" in the error colour: what the counter acts on first. */
function DueText({ followUp, date }: { followUp: FollowUp; date: (iso: string) => string }) {
  return followUp.overdue ? (
    <Text size="sm" c="error" fw={700}>
      Overdue since {date(followUp.dueAt)}
    </Text>
  ) : (
    <Text size="sm">Due {date(followUp.dueAt)}</Text>
  );
}

/**
 * One follow-up as a stacked block (it reads on a phone without sideways scrolling): the finding and its severity,
 * the price as quoted, the due date, and what was decided when. `heading` names whose it is on the counter's list.
 */
export function FollowUpBlock({ followUp, timeZone, heading }: { followUp: FollowUp; timeZone: string; heading?: ReactNode }) {
  const date = shortDate(timeZone);
  return (
    <Stack gap={2}>
      {heading}
      <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {followUp.itemName}
          </Text>
          <Badge color={followUp.severity === 'Failed' ? 'red' : 'yellow'} variant="light">
            {followUp.severity}
          </Badge>
        </Group>
        <Text fw={700} size="sm" style={{ flexShrink: 0 }}>
          {followUp.priceInCents === null ? 'Not priced' : formatCents(followUp.priceInCents)}
        </Text>
      </Group>
      {followUp.notes && (
        <Text size="sm" c="dimmed">
          {followUp.notes}
        </Text>
      )}
      <Group gap="xs" justify="space-between" wrap="wrap">
        <DueText followUp={followUp} date={date} />
        <Text size="xs" c="dimmed">
          {followUp.reason === 'declined' ? `Declined ${date(followUp.decidedAt)}` : `Not answered by ${date(followUp.decidedAt)}`}
        </Text>
      </Group>
    </Stack>
  );
}

/** "Declined work" on the counter's vehicle page: its open follow-ups, read live from the replica (offline too). */
export function DeclinedWorkCard({ storeId, vehicleId, timeZone }: { storeId: number; vehicleId: string; timeZone: string }) {
  const minute = useMinute();
  const open = useLiveQuery(() => readVehicleDeclinedWork(replicaOf(storeId), vehicleId, new Date(minute)), [storeId, vehicleId, minute]);
  return (
    <Card withBorder padding="md" role="region" aria-label="Declined work">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Declined work
        </Title>
        {open && open.length > 0 && (
          <Badge color={open.some((f) => f.overdue) ? 'red' : 'gray'} variant="light">
            {open.length} open
          </Badge>
        )}
      </Group>
      {open === undefined ? (
        <Text size="sm" c="dimmed">
          Reading the vehicle's declined work…
        </Text>
      ) : open.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing declined is open on this vehicle.
        </Text>
      ) : (
        <Stack gap="sm">
          {open.map((f) => (
            <FollowUpBlock key={`${f.inspectionReportId}/${f.itemId}`} followUp={f} timeZone={timeZone} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
