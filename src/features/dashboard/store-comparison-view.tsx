import { Badge, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ComparedStore, StoreComparison, StoreHeadline } from '../../contract/store-figures.ts';
import { deviceFormatters } from '../../app/store-time.ts';
import { duration, percent, score } from './figure-format.ts';

/** The comparison's columns: each a headline figure as a cell says it, headed short in the table and in full on a card. */
const columns: { label: string; short: string; value: (f: StoreHeadline) => string }[] = [
  { label: 'Cars checked in', short: 'Cars in', value: (f) => String(f.carCount) },
  { label: 'Visits booked', short: 'Booked', value: (f) => String(f.booked) },
  { label: 'No-shows', short: 'No-shows', value: (f) => String(f.noShows) },
  { label: 'Cancellations', short: 'Canceled', value: (f) => String(f.cancellations) },
  { label: 'Bay utilisation', short: 'Bay use', value: (f) => percent(f.bays.utilisation) },
  { label: 'Inspection approval rate', short: 'Approved', value: (f) => percent(f.inspections.approvalRate) },
  { label: 'Average first reply', short: 'First reply', value: (f) => duration(f.replies.averageMinutes) },
  { label: 'Average rating (count)', short: 'Rating', value: (f) => (f.ratings.count === 0 ? '—' : `${score(f.ratings.average)} (${f.ratings.count})`) },
  { label: 'Tire quotes sent of saved', short: 'Quotes sent', value: (f) => `${f.tireQuotes.sent} of ${f.tireQuotes.saved}` },
  { label: 'Tire quotes booked of saved', short: 'Quotes booked', value: (f) => `${f.tireQuotes.booked} of ${f.tireQuotes.saved}` },
];

const storeName = (store: ComparedStore) => `#${store.storeNumber} ${store.name}`;

/**
 * The stores side by side over the period, as the server worked them out: a table on a wide screen, a card per
 * store on a tablet or a phone (the table's ten figures do not fit beside the menu). The active store is marked:
 * its own page has every figure in full.
 */
export function StoreComparisonView({ comparison, activeStoreId }: { comparison: StoreComparison; activeStoreId: number }) {
  const left = comparison.totalStores - comparison.stores.length;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={900} visibleFrom="lg">
        <Table striped highlightOnHover withTableBorder fz="sm" aria-label="Stores compared">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Store</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.label} scope="col" ta="right" title={c.label}>
                  {c.short}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {comparison.stores.map((store) => (
              <Table.Tr key={store.storeId}>
                <Table.Th scope="row" fw={400} aria-label={storeName(store)}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={700} size="sm">
                      #{store.storeNumber}
                    </Text>
                    {store.storeId === activeStoreId && (
                      <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                        This store
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {store.name}
                  </Text>
                </Table.Th>
                {columns.map((c) => (
                  <Table.Td key={c.label} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {c.value(store.figures)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" hiddenFrom="lg" role="list" aria-label="Stores compared">
        {comparison.stores.map((store) => (
          <Card key={store.storeId} withBorder padding="sm" role="listitem" aria-label={storeName(store)}>
            <Group gap="xs" mb="xs">
              <Text fw={600}>{storeName(store)}</Text>
              {store.storeId === activeStoreId && (
                <Badge size="xs" variant="light">
                  This store
                </Badge>
              )}
            </Group>
            <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
              {columns.map((c) => (
                <div key={c.label}>
                  <Text size="xs" c="dimmed">
                    {c.label}
                  </Text>
                  <Text size="sm" fw={600}>
                    {c.value(store.figures)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Each store's days at its own time. Worked out at {deviceFormatters().dateTime(comparison.computedAt)}
        {left > 0 ? `; the first ${comparison.stores.length} of ${comparison.totalStores} stores, by store number.` : '.'}
      </Text>
    </Stack>
  );
}
