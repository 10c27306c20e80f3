import { Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { formatCents } from '../../app/money.ts';
import { useSession } from '../../app/session.ts';
import { useAction } from '../../app/use-action.ts';
import type { StockElsewhere } from '../../contract/transfer-stores.ts';
import { foundTireOrders, orderFoundTires, type FinderFilters, type FinderQuery, type FoundTire, type FoundTireOrder } from '../../domain/tires/tire-finder.ts';
import { transferOptions, transferStoreOf } from '../../domain/tires/tire-transfer.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { NothingFound } from './finder-messages.tsx';
import { finderHint, foundCountWords, listPage, moreToShow, shortHere, stockBadge, tireDetails, tireName } from './finder-model.ts';
import type { CounterBasics } from './use-counter-data.ts';

interface Props {
  typed: string;
  query: FinderQuery | undefined;
  filters: FinderFilters;
  found: FoundTire[];
  basics: CounterBasics;
  addTo: string;
  wanted: number;
  onAdd: (found: FoundTire) => void;
  sort: FoundTireOrder;
  onSort: (order: FoundTireOrder) => void;
}

/** The tires the size box finds, in the order chosen, a page at a time; or what to type, or why none. */
export function TireResults({ typed, query, filters, found: unordered, basics, addTo, wanted, onAdd, sort, onSort }: Props) {
  const [shown, setShown] = useState(listPage);
  const found = useMemo(() => orderFoundTires(unordered, sort, (tire) => tireName(tire, basics)), [unordered, sort, basics]);
  const hint = finderHint(typed, query);
  if (hint !== null)
    return (
      <Text c="dimmed" size="sm">
        {hint}
      </Text>
    );
  if (found.length === 0) return <NothingFound typed={typed} query={query} filters={filters} />;
  const more = moreToShow(found.length, shown);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {foundCountWords(found.length, shown, foundTireOrders.find((o) => o.value === sort)!.words)}
        </Text>
        <Select
          aria-label="Sort the tires"
          size="xs"
          w={180}
          allowDeselect={false}
          value={sort}
          onChange={(v) => {
            if (v) onSort(v as FoundTireOrder);
          }}
          data={foundTireOrders.map((o) => ({ value: o.value, label: o.label }))}
        />
      </Group>
      <Stack gap="xs" aria-label="Tires found" role="list">
        {found.slice(0, shown).map((f) => (
          <TireRow key={f.tire.tireId} found={f} basics={basics} addTo={addTo} wanted={wanted} onAdd={onAdd} />
        ))}
      </Stack>
      {more > 0 && (
        <Button variant="default" onClick={() => setShown(shown + listPage)}>
          Show {more} more
        </Button>
      )}
    </Stack>
  );
}

function TireRow({ found, basics, addTo, wanted, onAdd }: Pick<Props, 'basics' | 'addTo' | 'wanted' | 'onAdd'> & { found: FoundTire }) {
  const { tire } = found;
  const name = tireName(tire, basics);
  return (
    <Paper withBorder p="xs" role="listitem" aria-label={`${name} ${tire.sizeKey}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {tireDetails(tire)}
          </Text>
          {shortHere(found, wanted) && <OtherStores tireId={tire.tireId} wanted={wanted} basics={basics} />}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <StockBadge found={found} />
          <Text fw={700} size="sm" w={76} ta="right">
            {found.priceInCents === null ? '—' : formatCents(found.priceInCents)}
          </Text>
          <Button size="compact-sm" onClick={() => onAdd(found)} aria-label={`Add ${name} ${tire.sizeKey} to ${addTo}`}>
            Add to {addTo}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * For a tire short here: every other store of the company that has it and when a transfer from it arrives, asked
 * of the server (other stores' stock is not on the device). Whoever sells here sees the company's stock, whatever
 * stores they hold a role at; the store's own data stays its own.
 */
function OtherStores({ tireId, wanted, basics }: { tireId: string; wanted: number; basics: CounterBasics }) {
  const session = useSession();
  const [elsewhere, setElsewhere] = useState<StockElsewhere | null>(null);
  const action = useAction("Other stores' stock could not be read; try again.");
  const storeId = session?.activeStore?.id;
  if (storeId === undefined) return null;
  const ask = () => action.run(async () => setElsewhere(await syncClient().stockElsewhere(tireId)));
  if (action.problem)
    return (
      <Text size="xs" c="red" role="status">
        {action.problem}
      </Text>
    );
  if (!elsewhere)
    return (
      <Button size="compact-xs" variant="subtle" px={0} w="fit-content" loading={action.busy} onClick={() => void ask()}>
        Other stores
      </Button>
    );
  const stores = new Map(elsewhere.stores.map((s) => [s.storeId, transferStoreOf(s)]));
  const here = stores.get(storeId);
  const answers = here ? transferOptions({ wanted, here, stock: elsewhere.stock, stores, paths: basics.paths, now: Temporal.Now.instant() }) : [];
  if (answers.length === 0)
    return (
      <Text size="xs" c="blue" role="status">
        No other store has this tire.
      </Text>
    );
  return (
    <Stack gap={0} role="status" aria-label="Other stores">
      {answers.map((a) => (
        <Text key={a.storeId} size="xs" c={a.arrivesOn ? 'blue' : 'dimmed'}>
          {a.words}
        </Text>
      ))}
    </Stack>
  );
}

function StockBadge({ found }: { found: FoundTire }) {
  const badge = stockBadge(found);
  return (
    <Badge color={badge.color} variant="light">
      {badge.words}
    </Badge>
  );
}
