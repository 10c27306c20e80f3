import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { AnchorLink } from '../../app/links.tsx';
import { formatCents } from '../../app/money.ts';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { useMinute } from '../../app/use-minute.ts';
import { FollowUpBlock } from '../../app/vehicles/declined-work-card.tsx';
import { readDeclinedWork, type DeclinedWorkRow } from '../../app/vehicles/read-declined-work.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { displayName, licenceText, vehicleTitle } from '../../domain/people/display-name.ts';

/** Whose car and which: the customer's name, and the vehicle, linked to the customer's vehicle page. */
function Whose({ row }: { row: DeclinedWorkRow }) {
  const plate = licenceText(row.vehicle);
  return (
    <Group gap="xs" wrap="wrap" align="baseline">
      <Text fw={700}>{row.customer ? displayName(row.customer) : 'Customer not on this device'}</Text>
      <AnchorLink to="/customers/$customerId/vehicles/$vehicleId" params={{ customerId: row.customerId, vehicleId: row.vehicleId }} size="sm">
        {vehicleTitle(row.vehicle) || 'Vehicle'}
        {plate ? ` · ${plate}` : ''}
      </AnchorLink>
    </Group>
  );
}

/** "33 open findings: $205.66 quoted on 1, 32 not priced, 2 overdue": no sum reads as if it covered unpriced work. */
function summaryText(rows: readonly DeclinedWorkRow[]): string {
  const priced = rows.filter((r) => r.priceInCents !== null);
  const total = priced.reduce((sum, r) => sum + (r.priceInCents ?? 0), 0);
  const overdue = rows.filter((r) => r.overdue).length;
  const parts = [
    ...(priced.length > 0 ? [`${formatCents(total)} quoted on ${priced.length === rows.length ? 'all' : priced.length}`] : []),
    ...(priced.length < rows.length ? [`${rows.length - priced.length} not priced`] : []),
    ...(overdue > 0 ? [`${overdue} overdue`] : []),
  ];
  return `${rows.length} open ${rows.length === 1 ? 'finding' : 'findings'}: ${parts.join(', ')}.`;
}

/**
 * The counter's "Declined work due" (issue 49, route /declined-work): every open follow-up of the store, due first
 * then by value, read from the device's replica so it works offline. A list of cards, one per finding: it reads at
 * 390 px without sideways scrolling, and each card's link is reached by Tab.
 */
export function DeclinedWorkPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const storeId = store?.id ?? null;
  const minute = useMinute();
  const rows = useLiveQuery(async () => (storeId === null ? [] : readDeclinedWork(replicaOf(storeId), new Date(minute))), [storeId, minute]);
  if (!store) return null;
  const { timeZone } = storeFormatters(store);
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        Declined work due
      </Title>
      {rows === undefined ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Reading declined work…</Text>
        </Group>
      ) : rows.length === 0 ? (
        <Alert color="gray" title="No declined work is due">
          Findings a customer declines, or leaves unanswered for a week, show here until the work is done or booked.
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {summaryText(rows)}
          </Text>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Declined work">
            {rows.map((row) => (
              <Card key={`${row.inspectionReportId}/${row.itemId}`} component="li" withBorder padding="sm">
                <FollowUpBlock followUp={row} timeZone={timeZone} heading={<Whose row={row} />} />
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
