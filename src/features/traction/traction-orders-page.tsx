import { Alert, Anchor, Badge, Card, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { AnchorLink } from '../../app/links.tsx';
import { formatCents } from '../../app/money.ts';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { useAction } from '../../app/use-action.ts';
import type { Customer, ScheduledVisit, TractionOrder } from '../../contract/entities.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { displayName } from '../../domain/people/display-name.ts';
import { syncClient } from '../../sync/sync-client.ts';

/** An order a search finds: by the start of its customer's first or last name, its company's name, or its invoice number. */
export function matchesOrder(order: Pick<TractionOrder, 'customerFirstName' | 'customerLastName' | 'companyName' | 'invoiceNumber'>, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return [order.customerFirstName, order.customerLastName, order.companyName, order.invoiceNumber].some((v) => v?.toLowerCase().startsWith(q));
}

/**
 * Traction orders of the store (orders from the service system; spec section 7), for stores with a service key
 * only: found by customer, company or invoice number, and linked to the visit they belong to, offline too.
 */
export function TractionOrdersPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const [search, setSearch] = useState('');
  const { problem, run } = useAction('The order was not linked; try again.');
  const data = useLiveQuery(async () => {
    if (!store) return null;
    const db = replicaOf(store.id);
    const orders = (await db.rows<TractionOrder>('tractionOrders').toArray()).sort((a, b) => b.orderDate.localeCompare(a.orderDate));
    // Visits an order may belong to: those of the last two weeks and the next, newest first, with their customer's name.
    const since = new Date(Date.now() - 14 * 86_400_000).toISOString();
    const visits = (
      await db
        .rows<ScheduledVisit>('scheduledVisits')
        .filter((v) => !v.cancelDate && (v.scheduledCustomerCheckIn ?? '') >= since)
        .toArray()
    ).sort((a, b) => (b.scheduledCustomerCheckIn ?? '').localeCompare(a.scheduledCustomerCheckIn ?? ''));
    const customers = await db.rows<Customer>('customers').bulkGet(visits.map((v) => v.customerId ?? ''));
    return { orders, visits: visits.map((v, i) => ({ visit: v, name: customers[i] ? displayName(customers[i]!) : 'Customer' })) };
  }, [store?.id]);
  const shown = useMemo(() => data?.orders.filter((o) => matchesOrder(o, search)) ?? [], [data, search]);
  if (!store) return null;
  if (!store.hasServiceKey) {
    return (
      <Alert color="gray" title="Traction orders are off">
        This store has no service key, so it takes no traction orders. An admin sets the key in Settings, General.
      </Alert>
    );
  }
  if (!data) return <Loader aria-label="Loading traction orders" />;
  const formats = storeFormatters(store);
  const visitChoices = data.visits.map(({ visit, name }) => ({
    value: visit.scheduledVisitId,
    label: `${name} · ${visit.scheduledCustomerCheckIn ? formats.dateTime(visit.scheduledCustomerCheckIn) : 'no time'}`,
  }));
  const link = (orderId: string, visitId: string | null) => run(() => syncClient().linkTractionOrder(orderId, visitId));
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        Traction orders
      </Title>
      <TextInput
        aria-label="Search orders"
        placeholder="Customer, company or invoice number"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {shown.length === 0 && <Text c="dimmed">{data.orders.length === 0 ? 'No traction orders yet.' : 'No order matches.'}</Text>}
      <Stack gap="xs" role="list" aria-label="Traction orders">
        {shown.map((order) => (
          <Card key={order.tractionOrderId} withBorder padding="sm" role="listitem" aria-label={`Order ${order.invoiceNumber}`}>
            <Group justify="space-between" align="flex-start">
              <div>
                <Text fw={600}>
                  {order.invoiceNumber}{' '}
                  <Text span c="dimmed" fw={400}>
                    · {formats.date(order.orderDate)} · {formatCents(order.totalInCents)}
                  </Text>
                </Text>
                <Text size="sm">
                  {[order.companyName, [order.customerFirstName, order.customerLastName].filter(Boolean).join(' ')].filter(Boolean).join(' · ') ||
                    'No customer named'}
                </Text>
              </div>
              {order.relatedVisitId ? (
                <Group gap="xs">
                  <Badge variant="light">Linked</Badge>
                  <AnchorLink
                    size="sm"
                    to="/scheduler-dayview/appointments/$scheduledVisitId/{-$scheduledServiceId}"
                    params={{ scheduledVisitId: order.relatedVisitId }}
                  >
                    Open the visit
                  </AnchorLink>
                  <Anchor component="button" type="button" size="sm" onClick={() => void link(order.tractionOrderId, null)}>
                    Unlink
                  </Anchor>
                </Group>
              ) : (
                <Select
                  aria-label={`Link order ${order.invoiceNumber} to a visit`}
                  placeholder="Link to a visit…"
                  searchable
                  w={320}
                  data={visitChoices}
                  nothingFoundMessage="No visit of that name in the last two weeks"
                  onChange={(value) => value && void link(order.tractionOrderId, value)}
                />
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
