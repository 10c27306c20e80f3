import { ActionIcon, Alert, Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import type { InspectionItem, StoreService } from '../../contract/entities.ts';
import type { TireQuote, TireQuoteChoice } from '../../contract/tire-pricing.ts';
import { centsOf, dollarsOf, formatCents } from '../../app/money.ts';
import { useAction } from '../../app/use-action.ts';
import { readStorePriceRows } from '../../db/store-price-rows.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { fixChoice, priceFix } from '../../domain/inspections/inspection-fixes.ts';
import { storeTirePrices } from '../../domain/tires/store-tire-prices.ts';
import { syncClient } from '../../sync/sync-client.ts';

interface ServiceLine {
  key: string;
  description: string;
  price: number | string;
  isTaxable: boolean;
}
type TirePart = Pick<TireQuoteChoice, 'tires' | 'installPackageId' | 'tireServiceTypes' | 'warrantyType'>;
const noTires: TirePart = { tires: [], installPackageId: null, tireServiceTypes: [], warrantyType: null };

async function readFixData(storeId: number, customerId: string | null, vehicleId: string | null) {
  const db = replicaOf(storeId);
  const [rows, services, quotes] = await Promise.all([
    readStorePriceRows(storeId),
    db
      .rows<StoreService>('storeServices')
      .filter((s) => s.isActive && s.priceInCents !== null)
      .toArray(),
    customerId ? db.rows<TireQuote>('tireQuotes').where('customerId').equals(customerId).toArray() : Promise.resolve([]),
  ]);
  services.sort((a, b) => a.name.localeCompare(b.name));
  // This vehicle's quotes first, newest first: the tires the customer was quoted are the ones to fit.
  quotes.sort((a, b) => Number(b.vehicleId === vehicleId) - Number(a.vehicleId === vehicleId) || b.createdOn.localeCompare(a.createdOn));
  return { prices: storeTirePrices(rows), addOns: rows.addOns, services, quotes };
}

/**
 * Prices what fixes a Failed or Warning item, at the counter, offline too: the store's services at their prices
 * (or a line typed here, a part the store has no service for), its tire purchase add-ons, and the tires of an
 * option the customer was quoted. Lines, fees, tax and total come from the quote rule as the counter chooses;
 * the server prices the same choice again when it arrives.
 */
export function InspectionFixDialog({
  storeId,
  timeZone,
  item,
  itemName,
  customerId,
  vehicleId,
  onClose,
}: {
  storeId: number;
  timeZone: string;
  item: InspectionItem;
  itemName: string;
  customerId: string | null;
  vehicleId: string | null;
  onClose: () => void;
}) {
  const data = useLiveQuery(() => readFixData(storeId, customerId, vehicleId), [storeId, customerId, vehicleId]);
  const start = item.fix?.choice;
  const [lines, setLines] = useState<ServiceLine[]>(() =>
    (start?.services ?? []).map((s, i) => ({ key: String(i), description: s.description, price: dollarsOf(s.priceInCents), isTaxable: s.isTaxable })),
  );
  const [addOnIds, setAddOnIds] = useState<string[]>(start?.addOnIds ?? []);
  const [tirePart, setTirePart] = useState<TirePart>(
    start
      ? { tires: start.tires, installPackageId: start.installPackageId, tireServiceTypes: start.tireServiceTypes, warrantyType: start.warrantyType }
      : noTires,
  );
  const { problem, busy, run } = useAction('The price was not saved.');
  const today = Temporal.Now.plainDateISO(timeZone).toString();

  const typedWrong = lines.some((l) => !l.description.trim() || Number.isNaN(centsOf(l.price)));
  const choice = fixChoice(itemName, {
    ...tirePart,
    services: lines.map((l) => ({ description: l.description.trim(), priceInCents: centsOf(l.price), isTaxable: l.isTaxable })),
    addOnIds,
  });
  // The quote rule is O(lines): priced again on every render, as the counter's quote is.
  const priced = data && !typedWrong ? priceFix({ pricedOn: today, choice }, data.prices, today) : null;

  if (!data) return null;
  const serviceOptions = data.services.map((s) => ({ value: s.storeServiceId, label: `${s.name} (${formatCents(s.priceInCents!)})` }));
  const quoteOptions = data.quotes
    .flatMap((q) =>
      q.choices.map((c, index) => ({
        value: `${q.tireQuoteId}/${index}`,
        label: `${c.name}: ${c.tires.map((t) => `${t.quantity} × ${t.description}`).join(', ') || 'no tires'} (quote of ${q.createdOn})`,
      })),
    )
    .filter((o) => !o.label.includes(': no tires'));
  const addService = (storeServiceId: string | null) => {
    const service = data.services.find((s) => s.storeServiceId === storeServiceId);
    if (service) setLines((all) => [...all, { key: crypto.randomUUID(), description: service.name, price: dollarsOf(service.priceInCents), isTaxable: true }]);
  };
  const takeTires = (value: string | null) => {
    const [quoteId, index] = (value ?? '').split('/');
    const option = data.quotes.find((q) => q.tireQuoteId === quoteId)?.choices[Number(index)];
    if (!option) return;
    setTirePart({
      tires: option.tires,
      installPackageId: option.installPackageId,
      tireServiceTypes: option.tireServiceTypes,
      warrantyType: option.warrantyType,
    });
    setAddOnIds((ids) => [...new Set([...ids, ...option.addOnIds])]);
  };
  const setLine = (key: string, change: Partial<ServiceLine>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const problems = priced && !priced.ok ? [...new Set(Object.values(priced.problems).flat())] : [];
  const nothing = lines.length === 0 && tirePart.tires.length === 0;
  const save = () => {
    if (!priced?.ok) return;
    void run(() => syncClient().setInspectionFix(item.inspectionReportId, item.itemId, { pricedOn: today, choice, priced: priced.priced })).then(
      (ok) => ok && onClose(),
    );
  };

  return (
    <Modal opened onClose={onClose} title={`What fixes ${itemName}`} size="lg">
      <Stack gap="sm">
        <Select
          label="Add a store service"
          placeholder="Search the store's services"
          data={serviceOptions}
          searchable
          value={null}
          onChange={addService}
          nothingFoundMessage="No active service with a price"
        />
        {lines.map((l) => (
          <Group key={l.key} gap="xs" align="flex-end">
            <TextInput
              label="Service or part"
              style={{ flex: '1 1 220px' }}
              value={l.description}
              onChange={(e) => setLine(l.key, { description: e.currentTarget.value })}
              error={!l.description.trim() ? 'Name the service or part' : undefined}
            />
            <NumberInput
              label="Price"
              w={120}
              prefix="$"
              min={0}
              decimalScale={2}
              fixedDecimalScale
              thousandSeparator=","
              value={l.price}
              onChange={(v) => setLine(l.key, { price: v })}
              error={Number.isNaN(centsOf(l.price)) ? 'Enter a price' : undefined}
            />
            <Checkbox label="Taxed" checked={l.isTaxable} onChange={(e) => setLine(l.key, { isTaxable: e.currentTarget.checked })} mb={8} />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={`Remove ${l.description || 'this line'}`}
              onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setLines((all) => [...all, { key: crypto.randomUUID(), description: '', price: '', isTaxable: true }])}
        >
          Type a service or part
        </Button>
        {quoteOptions.length > 0 && (
          <Select label="Tires from the customer's quote" placeholder="Choose a quoted option" data={quoteOptions} value={null} onChange={takeTires} />
        )}
        {tirePart.tires.length > 0 && (
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm">{tirePart.tires.map((t) => `${t.quantity} × ${t.description}`).join(', ')}</Text>
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => setTirePart(noTires)}>
              Remove tires
            </Button>
          </Group>
        )}
        {data.addOns.length > 0 && (
          <Checkbox.Group label="Add-ons" value={addOnIds} onChange={setAddOnIds}>
            <Group gap="sm" mt={4}>
              {data.addOns.map((a) => (
                <Checkbox key={a.tirePurchaseAddOnId} value={a.tirePurchaseAddOnId} label={`${a.name} (${formatCents(a.priceInCents)})`} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        {priced?.ok && !nothing && (
          <Table aria-label="Price of the fix" fz="sm">
            <Table.Tbody>
              {priced.priced.lines.map((l, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    {l.quantity > 1 ? `${l.quantity} × ` : ''}
                    {l.description}
                  </Table.Td>
                  <Table.Td ta="right">{formatCents(l.totalInCents)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>Tax</Table.Td>
                <Table.Td ta="right">{formatCents(priced.priced.taxInCents)}</Table.Td>
              </Table.Tr>
              <Table.Tr fw={700}>
                <Table.Td>Total</Table.Td>
                <Table.Td ta="right">{formatCents(priced.priced.totalInCents)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
        {!nothing && problems.length > 0 && (
          <Alert color="orange" title="Not priced yet">
            {problems.join('. ')}.
          </Alert>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="space-between">
          {item.fix ? (
            <Button
              variant="subtle"
              color="red"
              loading={busy}
              onClick={() => void run(() => syncClient().setInspectionFix(item.inspectionReportId, item.itemId, null)).then((ok) => ok && onClose())}
            >
              Take the price off
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={save} loading={busy} disabled={nothing || !priced?.ok}>
              Save price
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
