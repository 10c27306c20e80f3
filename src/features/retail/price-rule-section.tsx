import { Alert, Button, Group, NumberInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { WaitingBadge } from '../../app/edit-dialog.tsx';
import { centsOf, formatCents } from '../../app/money.ts';
import { retailPriceCatalogSchema, type Brand, type CatalogueTire, type ProductLine, type RetailPriceCatalog } from '../../contract/entities.ts';
import { retailPriceCatalogPriceSchema, type RetailPriceCatalogPrice } from '../../contract/retail-price-rules.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { basisPointsOfPercent, describePriceRule, formatPercent, retailTirePrice } from '../../domain/tires/retail-tire-price.ts';
import { readFinderQuery, tireDescription } from '../../domain/tires/tire-finder.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { priceProblem, RefusedAlert } from './retail-parts.tsx';

/** Tires a size finds for a fixed price: enough to choose from, few enough for a phone's list. */
const sizeMatches = 60;

interface Named {
  tire: CatalogueTire;
  label: string;
}

/** A catalogue's fixed prices with their tires and how each reads, from the replica. */
function useFixedPrices(storeId: number, catalogId: string) {
  return useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const prices = await db.rows<RetailPriceCatalogPrice>('retailPriceCatalogPrices').where('retailPriceCatalogId').equals(catalogId).toArray();
    const tires = await db.rows<CatalogueTire>('catalogueTires').bulkGet(prices.map((p) => p.tireId));
    const named = await nameTires(
      storeId,
      tires.flatMap((t) => (t ? [t] : [])),
    );
    const byId = new Map(named.map((n) => [n.tire.tireId, n]));
    return prices
      .map((p) => ({ price: p, named: byId.get(p.tireId) ?? null }))
      .sort((a, b) => (a.named?.label ?? a.price.tireId).localeCompare(b.named?.label ?? b.price.tireId));
  }, [storeId, catalogId]);
}

/** Tires as a quote line reads them (brand, line, size, load and speed), with their lines and brands read once. */
async function nameTires(storeId: number, tires: CatalogueTire[]): Promise<Named[]> {
  const db = replicaOf(storeId);
  const [lines, brands] = await Promise.all([
    db.rows<ProductLine>('catalogueProductLines').bulkGet([...new Set(tires.map((t) => t.productLineHashId))]),
    db.rows<Brand>('catalogueBrands').bulkGet([...new Set(tires.map((t) => t.brandHashId))]),
  ]);
  const lineBy = new Map(lines.flatMap((l) => (l ? [[l.productLineHashId, l] as const] : [])));
  const brandBy = new Map(brands.flatMap((b) => (b ? [[b.brandHashId, b] as const] : [])));
  return tires.map((tire) => ({ tire, label: `${tireDescription(tire, lineBy.get(tire.productLineHashId), brandBy.get(tire.brandHashId))} (${tire.sku})` }));
}

/**
 * The rule of the catalogue the store's settings choose (issue 26): in words, its margin over cost to edit, and
 * its fixed prices to list, add and remove. Each change goes through the outbox, offline too. A catalogue another
 * company offers is not on the device and is that company's to change: it is said so, nothing is offered.
 */
export function PriceRuleSection({
  storeId,
  catalogId,
  catalogs,
  outbox,
}: {
  storeId: number;
  catalogId: string | null;
  catalogs: RetailPriceCatalog[];
  outbox: OutboxEntry[];
}) {
  if (catalogId === null)
    return (
      <Text size="sm" c="dimmed">
        Without a catalogue, tires sell at their list prices.
      </Text>
    );
  const catalog = catalogs.find((c) => c.retailPriceCatalogId === catalogId);
  if (!catalog) {
    return (
      <Text size="sm" c="dimmed">
        This catalogue is offered by another company: its margin and fixed prices are theirs to set, and quotes follow them.
      </Text>
    );
  }
  return <OwnRule key={catalogId} storeId={storeId} catalog={catalog} outbox={outbox} />;
}

function OwnRule({ storeId, catalog, outbox }: { storeId: number; catalog: RetailPriceCatalog; outbox: OutboxEntry[] }) {
  const fixed = useFixedPrices(storeId, catalog.retailPriceCatalogId);
  const rule = { marginInBasisPoints: catalog.marginInBasisPoints ?? null, priceEndingInCents: catalog.priceEndingInCents ?? null };
  const waiting = new Map(outbox.map((e) => [e.key, e]));
  return (
    <Stack gap="sm" aria-labelledby="retail-price-rule" component="section">
      <div>
        <Title order={3} size="h5" id="retail-price-rule">
          How {catalog.name} prices tires
        </Title>
        <Text size="sm" role="status" aria-label="Price rule">
          {describePriceRule(rule, fixed?.length ?? 0)}.
        </Text>
        <Text size="xs" c="dimmed">
          A fixed price comes first, then the margin over the tire's cost, then its list price. Every store subscribed to this catalogue follows it.
        </Text>
      </div>
      <RefusedAlert entries={outbox} />
      {/* Keyed by the rule: a change from another device (or this one's, once saved) starts the form again from it. */}
      <MarginForm key={`${rule.marginInBasisPoints}/${rule.priceEndingInCents}`} catalog={catalog} entry={waiting.get(catalog.retailPriceCatalogId)} />
      <Title order={4} size="h6">
        Fixed prices
      </Title>
      {fixed && fixed.length === 0 && (
        <Text size="sm" c="dimmed">
          No tire at a fixed price: add a promotion or a matched price below.
        </Text>
      )}
      {fixed && fixed.length > 0 && (
        <Table verticalSpacing={4} layout="fixed" aria-label="Fixed prices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tire</Table.Th>
              <Table.Th w={{ base: 92, sm: 110 }} ta="right">
                Fixed price
              </Table.Th>
              <Table.Th w={{ base: 84, sm: 100 }} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fixed.map(({ price, named }) => (
              <Table.Tr key={price.tireId}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{named?.label ?? 'A tire no longer in the catalogue'}</Text>
                  {named && (
                    <Text size="xs" c="dimmed">
                      {withoutFixedPrice(named.tire, rule)}
                    </Text>
                  )}
                  <WaitingBadge entry={waiting.get(`${price.retailPriceCatalogId}/${price.tireId}`)} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600}>
                    {formatCents(price.priceInCents)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove the fixed price of ${named?.label ?? 'this tire'}`}
                    onClick={() => void syncClient().removeFixedTirePrice(price.retailPriceCatalogId, price.tireId)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <AddFixedPrice storeId={storeId} catalogId={catalog.retailPriceCatalogId} />
    </Stack>
  );
}

/** What the tire would sell at without its fixed price: its list price, and the margin's price where that applies. */
function withoutFixedPrice(tire: CatalogueTire, rule: { marginInBasisPoints: number | null; priceEndingInCents: number | null }): string {
  const list = `List ${tire.priceInCents === null ? '—' : formatCents(tire.priceInCents)}`;
  if (rule.marginInBasisPoints === null || tire.costInCents === null || tire.costInCents === undefined) return list;
  const byMargin = retailTirePrice(tire, rule);
  return `${list}; cost plus ${formatPercent(rule.marginInBasisPoints)}: ${byMargin === null ? '—' : formatCents(byMargin)}`;
}

/** The margin as a percent typed as text (35, 12.5) and the optional price ending in cents (99). */
function MarginForm({ catalog, entry }: { catalog: RetailPriceCatalog; entry: OutboxEntry | undefined }) {
  const initial = {
    margin:
      catalog.marginInBasisPoints === null || catalog.marginInBasisPoints === undefined ? '' : formatPercent(catalog.marginInBasisPoints).replace('%', ''),
    ending: catalog.priceEndingInCents ?? '',
  };
  const [margin, setMargin] = useState(initial.margin);
  const [ending, setEnding] = useState<number | string>(initial.ending);
  const [problems, setProblems] = useState<{ margin?: string; ending?: string }>({});
  const dirty = margin !== initial.margin || String(ending) !== String(initial.ending);
  const save = async () => {
    const marginInBasisPoints = margin.trim() === '' ? null : basisPointsOfPercent(margin);
    const priceEndingInCents = ending === '' ? null : Number(ending);
    const checked = {
      margin: fieldProblem(
        retailPriceCatalogSchema.shape.marginInBasisPoints,
        marginInBasisPoints,
        'Enter the margin as a percent with up to 2 decimals, e.g. 35',
      ),
      ending: fieldProblem(retailPriceCatalogSchema.shape.priceEndingInCents, priceEndingInCents, 'Enter an ending of 0 to 99 cents, or leave it empty'),
    };
    setProblems(checked);
    if (checked.margin || checked.ending) return;
    await syncClient().updateRetailPriceRule(catalog.retailPriceCatalogId, { marginInBasisPoints, priceEndingInCents });
  };
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        label="Margin over cost"
        description="Cost plus this percent; empty: list prices"
        inputMode="decimal"
        autoComplete="off"
        w={220}
        rightSection={
          <Text size="sm" c="dimmed">
            %
          </Text>
        }
        value={margin}
        error={problems.margin}
        onChange={(e) => setMargin(e.currentTarget.value)}
      />
      <NumberInput
        label="Round up to end in"
        description="Cents, e.g. 99; empty: to the cent"
        w={220}
        min={0}
        max={99}
        allowDecimal={false}
        clampBehavior="none"
        placeholder="None"
        value={ending}
        error={problems.ending}
        onChange={setEnding}
      />
      <Group gap="xs" mt={{ base: 0, sm: 46 }}>
        <Button variant="light" disabled={!dirty} onClick={() => void save()}>
          Save margin
        </Button>
        <WaitingBadge entry={entry} />
      </Group>
    </Group>
  );
}

/** The schema's words for a value out of range; `otherwise` for what is not a whole number at all. */
function fieldProblem(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { code: string; message: string }[] } } },
  value: number | null,
  otherwise: string,
): string | undefined {
  if (value !== null && !Number.isInteger(value)) return otherwise;
  const parsed = schema.safeParse(value);
  if (parsed.success) return undefined;
  const issue = parsed.error!.issues[0]!;
  return issue.code === 'too_big' || issue.code === 'too_small' ? issue.message : otherwise;
}

/** A tire found by its size (typed any way the counter takes: 2256517), and its fixed price in dollars. */
function AddFixedPrice({ storeId, catalogId }: { storeId: number; catalogId: string }) {
  const [typed, setTyped] = useState('');
  const [tireId, setTireId] = useState<string | null>(null);
  const [price, setPrice] = useState<number | string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const found = useLiveQuery(async () => {
    const query = readFinderQuery(typed);
    if (query.kind !== 'size') return null;
    const tires = await replicaOf(storeId)
      .rows<CatalogueTire>('catalogueTires')
      .where('sizeKey')
      .startsWith(query.prefix)
      .filter((t) => query.exactKey === null || t.sizeKey === query.exactKey)
      .limit(sizeMatches)
      .toArray();
    return nameTires(storeId, tires);
  }, [storeId, typed]);
  const chosen = found?.find((n) => n.tire.tireId === tireId) ?? null;
  const add = async () => {
    if (!chosen) {
      setProblem('Find the tire by its size, then choose it');
      return;
    }
    const cents = centsOf(price);
    const wrong = priceProblem(retailPriceCatalogPriceSchema.shape.priceInCents, cents, true);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setProblem(null);
    await syncClient().setFixedTirePrice(catalogId, chosen.tire.tireId, cents);
    setTireId(null);
    setPrice('');
  };
  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Find a tire by size"
          placeholder="2256517 or LT245/75R16"
          w={{ base: '100%', sm: 220 }}
          autoComplete="off"
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setTireId(null);
          }}
          description={
            found === null && typed.trim() !== ''
              ? 'Type a size, e.g. 225/65R17'
              : found
                ? `${found.length === sizeMatches ? `First ${sizeMatches}` : found.length} found`
                : ' '
          }
        />
        <Select
          label="Tire"
          placeholder={found?.length ? 'Choose the tire' : 'Find a size first'}
          searchable
          w={{ base: '100%', sm: 420 }}
          disabled={!found?.length}
          data={(found ?? []).map((n) => ({
            value: n.tire.tireId,
            label: `${n.label} · list ${n.tire.priceInCents === null ? '—' : formatCents(n.tire.priceInCents)}`,
          }))}
          value={tireId}
          onChange={setTireId}
          nothingFoundMessage="No tire of this size matches"
        />
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Fixed price per tire"
          prefix="$"
          min={0}
          clampBehavior="none"
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          w={180}
          value={price}
          onChange={setPrice}
        />
        <Button onClick={() => void add()}>Set fixed price</Button>
      </Group>
      {problem && (
        <Alert color="red" p="xs" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
