import { Card, Divider, Group, Loader, NumberInput, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { WaitingBadge } from '../../app/edit-dialog.tsx';
import { AnchorLink } from '../../app/links.tsx';
import { focusFirstError } from '../../app/form-focus.ts';
import { useFollowWhileUntouched, useSectionSave } from '../../app/follow-untouched.ts';
import { useSaveStatus } from '../../app/save-status.ts';
import { LeaveGuard } from '../../app/leave-guard.tsx';
import { useSession } from '../../app/session.ts';
import {
  retailStoreSettingsSchema,
  storeTireWarrantySchema,
  type RetailPriceCatalog,
  type RetailStoreSettings,
  type StoreTireService,
  type StoreTireWarranty,
  type TirePurchaseAddOn,
} from '../../contract/entities.ts';
import { storeTireWarrantyTypes } from '../../contract/enum-values.ts';
import { createRetailStoreSettingsSchema } from '../../contract/writes.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { changedFields } from '../../domain/app/json-patch.ts';
import { tireOptionLabel, tireOptionProblems } from '../../domain/tires/tire-option-rules.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { AddOnsSection } from './add-ons-section.tsx';
import { InstallPackagesSection } from './install-packages-section.tsx';
import { PriceRuleSection } from './price-rule-section.tsx';
import { TireFeesSection } from './tire-fees-section.tsx';
import { priceProblem, RefusedAlert, SaveBar } from './retail-parts.tsx';
import { centsOf, dollarsOf } from '../../app/money.ts';
import { millionthsOfPercent, percentOfMillionths, salesTaxPercentDecimals } from '../../domain/store/sales-tax.ts';
import { instantToWallClock, storeTimeZone } from '../../domain/calendar/time-zone.ts';
import type { TireFeeRow, TireInstallPackage } from '../../contract/tire-pricing.ts';

interface Retail {
  settings: RetailStoreSettings | null;
  catalogs: RetailPriceCatalog[];
  addOns: TirePurchaseAddOn[];
  services: StoreTireService[];
  warranties: StoreTireWarranty[];
  packages: TireInstallPackage[];
  fees: TireFeeRow[];
  outbox: OutboxEntry[];
}

const retailCollections = new Set([
  'retailStoreSettings',
  'tirePurchaseAddOns',
  'storeTireServices',
  'storeTireWarranties',
  'tireInstallPackages',
  'tireFees',
  'retailPriceCatalogs',
  'retailPriceCatalogPrices',
]);

/** The store's retail rows on this device; null until its first sync is done, undefined while reading. */
function useRetail(storeId: number | null): Retail | null | undefined {
  return useLiveQuery(async () => {
    if (storeId === null) return undefined;
    const db = replicaOf(storeId);
    const [complete, settings, catalogs, addOns, services, warranties, packages, fees, outbox] = await Promise.all([
      db.syncState.get('complete'),
      db.rows<RetailStoreSettings>('retailStoreSettings').get(storeId),
      db.rows<RetailPriceCatalog>('retailPriceCatalogs').toArray(),
      db.rows<TirePurchaseAddOn>('tirePurchaseAddOns').toArray(),
      db.rows<StoreTireService>('storeTireServices').toArray(),
      db.rows<StoreTireWarranty>('storeTireWarranties').toArray(),
      db.rows<TireInstallPackage>('tireInstallPackages').toArray(),
      db.rows<TireFeeRow>('tireFees').toArray(),
      db.outbox.filter((e) => retailCollections.has(e.collection)).toArray(),
    ]);
    // Until the store's first sync is done, "no settings yet" could be untrue (and a create a 409).
    if (complete?.value !== true) return null;
    catalogs.sort((a, b) => a.name.localeCompare(b.name));
    services.sort((a, b) => a.type.localeCompare(b.type));
    warranties.sort((a, b) => storeTireWarrantyTypes.values.indexOf(a.type) - storeTireWarrantyTypes.values.indexOf(b.type));
    return { settings: settings ?? null, catalogs, addOns, services, warranties, packages, fees, outbox };
  }, [storeId]);
}

/**
 * Retail Management (PointSAdmin, Admin): the active store's retail settings, its tire purchase add-ons, install
 * packages, tire services and warranties, and state tire fees, read from the replica and changed through the
 * outbox, offline too.
 */
export function RetailManagementPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const retail = useRetail(store?.id ?? null);
  // One question on leaving, whichever sections have changes.
  const [unsaved] = useState(() => new Map<string, () => boolean>());
  if (!store) return null;
  return (
    <Stack gap="md" maw={960} pb="xl">
      <LeaveGuard unsaved={() => [...unsaved.values()].some((dirty) => dirty())} what="retail changes" />
      <div>
        <Title order={1} size="h2">
          Retail Management
        </Title>
        <Text c="dimmed" size="sm">
          {store.name} (#{store.storeNumber})
        </Text>
      </div>
      {!retail ? (
        <Group gap="sm">
          <Loader size="sm" aria-label="Loading retail settings" />
          {retail === null && (
            <Text size="sm" c="dimmed">
              Waiting for the store's first sync…
            </Text>
          )}
        </Group>
      ) : (
        <>
          <StoreSection
            key={`settings-${store.id}`}
            storeId={store.id}
            settings={retail.settings}
            catalogs={retail.catalogs}
            outbox={retail.outbox.filter((e) => e.collection === 'retailStoreSettings')}
            unsaved={unsaved}
            ruleOutbox={retail.outbox.filter((e) => e.collection === 'retailPriceCatalogs' || e.collection === 'retailPriceCatalogPrices')}
          />
          <AddOnsSection
            addOns={retail.addOns}
            packages={retail.packages}
            waiting={new Map(retail.outbox.filter((e) => e.collection === 'tirePurchaseAddOns').map((e) => [e.key, e]))}
          />
          <InstallPackagesSection
            packages={retail.packages}
            addOns={retail.addOns}
            outbox={retail.outbox.filter((e) => e.collection === 'tireInstallPackages')}
          />
          <TireOptionsSection
            key={`options-${store.id}`}
            storeId={store.id}
            services={retail.services}
            warranties={retail.warranties}
            outbox={retail.outbox.filter((e) => e.collection === 'storeTireServices' || e.collection === 'storeTireWarranties')}
            unsaved={unsaved}
          />
          <TireFeesSection
            fees={retail.fees}
            outbox={retail.outbox.filter((e) => e.collection === 'tireFees')}
            today={instantToWallClock(
              new Date().toISOString(),
              storeTimeZone(store.timeZone, () => undefined),
            ).slice(0, 10)}
          />
        </>
      )}
    </Stack>
  );
}

/** Tells the page's one leave guard whether this section has changes (the latest form's, after every render). */
function useUnsaved(unsaved: Map<string, () => boolean>, section: string, isDirty: () => boolean) {
  useEffect(() => {
    unsaved.set(section, isDirty);
  });
  useEffect(
    () => () => {
      unsaved.delete(section);
    },
    [unsaved, section],
  );
}

interface StoreValues {
  websiteUrl: string;
  showPrices: boolean;
  retailPriceCatalogId: string | null;
  /** As typed, a percent ("8.875"): read as text, so no float error reaches the millionths stored. */
  salesTaxPercent: string;
  quoteValidForDays: number | string;
}

/** A store without retail settings starts from the values the server gives a new store. */
/** What each section's saves go into, for where its last save stands. */
const retailSettings = { collections: ['retailStoreSettings'] } as const;
const tireOptions = { collections: ['storeTireServices', 'storeTireWarranties'] } as const;

const newStoreSettings = createRetailStoreSettingsSchema.parse({});

const storeValues = (settings: RetailStoreSettings | null): StoreValues => {
  const s = settings ?? newStoreSettings;
  return {
    websiteUrl: s.websiteUrl ?? '',
    showPrices: s.showPrices,
    retailPriceCatalogId: s.retailPriceCatalogId,
    salesTaxPercent: percentOfMillionths(s.salesTaxRateInMillionths),
    quoteValidForDays: s.quoteValidForDays,
  };
};

const settingsOf = (values: StoreValues): RetailStoreSettings => ({
  websiteUrl: values.websiteUrl.trim() || null,
  showPrices: values.showPrices,
  retailPriceCatalogId: values.retailPriceCatalogId,
  salesTaxRateInMillionths: millionthsOfPercent(values.salesTaxPercent),
  quoteValidForDays: typeof values.quoteValidForDays === 'number' ? values.quoteValidForDays : Number.NaN,
});

/** The entity's words for a value out of its range; `otherwise` for what is not a number of the right kind at all. */
function rangeProblem(field: z.ZodType, value: number, otherwise: string): string | undefined {
  if (Number.isNaN(value)) return otherwise;
  const parsed = field.safeParse(value);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0]!;
  return issue.code === 'too_big' || issue.code === 'too_small' ? issue.message : otherwise;
}

function storeProblems(values: StoreValues): Record<string, string | undefined> {
  const settings = settingsOf(values);
  const url = retailStoreSettingsSchema.shape.websiteUrl.safeParse(settings.websiteUrl);
  return {
    websiteUrl: url.success ? undefined : url.error.issues[0]!.message,
    salesTaxPercent: rangeProblem(
      retailStoreSettingsSchema.shape.salesTaxRateInMillionths,
      settings.salesTaxRateInMillionths,
      `Enter the rate as a percent with up to ${salesTaxPercentDecimals} decimals, e.g. 8.875`,
    ),
    quoteValidForDays: rangeProblem(retailStoreSettingsSchema.shape.quoteValidForDays, settings.quoteValidForDays, 'A quote is good for 1 to 365 whole days'),
  };
}

function StoreSection({
  storeId,
  settings,
  catalogs,
  outbox,
  ruleOutbox,
  unsaved,
}: {
  storeId: number;
  settings: RetailStoreSettings | null;
  catalogs: RetailPriceCatalog[];
  outbox: OutboxEntry[];
  ruleOutbox: OutboxEntry[];
  unsaved: Map<string, () => boolean>;
}) {
  const current = storeValues(settings);
  const form = useForm<StoreValues>({
    initialValues: current,
    validate: (values) => Object.fromEntries(Object.entries(storeProblems(values)).filter(([, message]) => message)),
  });
  useFollowWhileUntouched(form, current);
  useUnsaved(unsaved, 'store', form.isDirty);
  const {
    error,
    saved,
    submit: save,
  } = useSectionSave(form, async (values: StoreValues) => {
    const changes = changedFields(settingsOf(form.getInitialValues()), settingsOf(values));
    if (!settings || Object.keys(changes).length > 0) await syncClient().saveRetailStoreSettings(changes);
  });
  const submit = form.onSubmit(save, focusFirstError(form));
  const status = useSaveStatus(storeId, retailSettings, saved);
  const chosen = catalogs.find((c) => c.retailPriceCatalogId === form.values.retailPriceCatalogId);
  const catalogOptions = catalogs.map((c) => ({ value: c.retailPriceCatalogId, label: c.name }));
  if (form.values.retailPriceCatalogId && !chosen)
    catalogOptions.push({ value: form.values.retailPriceCatalogId, label: 'A catalogue offered by another company' });
  return (
    <Card withBorder component="section" aria-labelledby="retail-store">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" id="retail-store">
              Store
            </Title>
            <Text size="sm" c="dimmed">
              {settings
                ? "What the store's retail website shows, how customers book online, and how tire quotes are priced."
                : 'This store has no retail settings yet: saving creates them.'}
            </Text>
          </div>
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <RefusedAlert entries={outbox} />
          <TextInput label="Website" placeholder="https://" description="The store's retail website" maxLength={2000} {...form.getInputProps('websiteUrl')} />
          <Switch label="Show prices on the website" {...form.getInputProps('showPrices', { type: 'checkbox' })} />
          <Text size="sm" c="dimmed">
            How far ahead customers book online is set in{' '}
            <AnchorLink to="/settings/appointments" underline="always">
              Settings → Appointments
            </AnchorLink>
            .
          </Text>
          <Select
            label="Retail price catalogue"
            description={chosen?.description ?? "The prices the store's tires follow"}
            placeholder="No catalogue"
            clearable
            maw={480}
            data={catalogOptions}
            {...form.getInputProps('retailPriceCatalogId')}
          />
          <Group align="flex-start" gap="md">
            <TextInput
              label="Sales tax"
              description="On a quote's taxable lines, in percent"
              inputMode="decimal"
              autoComplete="off"
              w={220}
              rightSection={
                <Text size="sm" c="dimmed">
                  %
                </Text>
              }
              {...form.getInputProps('salesTaxPercent')}
            />
            <NumberInput
              label="Quotes good for"
              description="Days a tire quote holds its prices"
              w={220}
              min={1}
              max={365}
              clampBehavior="none"
              allowDecimal={false}
              rightSection={
                <Text size="sm" c="dimmed">
                  days
                </Text>
              }
              rightSectionWidth={48}
              {...form.getInputProps('quoteValidForDays')}
            />
          </Group>
        </Stack>
        <SaveBar dirty={form.isDirty()} status={status} onUndo={() => form.reset()} saveLabel={settings ? 'Save' : 'Create retail settings'} />
      </form>
      {/* Outside the settings form: the catalogue's rule is its own row, saved on its own (a form cannot hold a form). */}
      <Divider my="md" />
      <PriceRuleSection storeId={storeId} catalogId={form.values.retailPriceCatalogId} catalogs={catalogs} outbox={ruleOutbox} />
    </Card>
  );
}

interface OptionRow {
  id: string;
  kind: 'service' | 'warranty';
  type: StoreTireService['type'] | StoreTireWarranty['type'];
  label: string;
  isEnabled: boolean;
  price: number | string;
}

const optionRows = (services: StoreTireService[], warranties: StoreTireWarranty[]): OptionRow[] => [
  ...services.map((s) => ({
    id: s.storeTireServiceId,
    kind: 'service' as const,
    type: s.type,
    label: tireOptionLabel(s.type),
    isEnabled: s.isEnabled,
    price: dollarsOf(s.priceInCents),
  })),
  ...warranties.map((w) => ({
    id: w.storeTireWarrantyId,
    kind: 'warranty' as const,
    type: w.type,
    label: tireOptionLabel(w.type),
    isEnabled: w.isEnabled,
    price: dollarsOf(w.priceInCents),
  })),
];

/** A price left empty means no price; the schema (the same for services and warranties) says what else is refused. */
const optionPrice = (price: number | string): number | null => (price === '' ? null : centsOf(price));

/** Switched on with no price, it would never be offered: said beside the price as soon as it is so, and refused on save. */
const offeredWithoutPrice = (row: OptionRow): string | undefined =>
  tireOptionProblems({ type: row.type, isEnabled: row.isEnabled, priceInCents: optionPrice(row.price) }).priceInCents?.[0];

/** The store's tire services (Tire Studding) and warranties: each offered or not, at a price per tire; the types are fixed. */
function TireOptionsSection({
  storeId,
  services,
  warranties,
  outbox,
  unsaved,
}: {
  storeId: number;
  services: StoreTireService[];
  warranties: StoreTireWarranty[];
  outbox: OutboxEntry[];
  unsaved: Map<string, () => boolean>;
}) {
  const current = { rows: optionRows(services, warranties) };
  const form = useForm<{ rows: OptionRow[] }>({
    initialValues: current,
    validate: (values) =>
      Object.fromEntries(
        values.rows
          .map((row, i) => {
            const cents = optionPrice(row.price);
            return [`rows.${i}.price`, cents === null ? offeredWithoutPrice(row) : priceProblem(storeTireWarrantySchema.shape.priceInCents, cents, true)];
          })
          .filter(([, message]) => message),
      ),
  });
  useFollowWhileUntouched(form, current);
  useUnsaved(unsaved, 'options', form.isDirty);
  const waiting = new Map(outbox.map((e) => [e.key, e]));
  const {
    error,
    saved,
    submit: save,
  } = useSectionSave(form, async (values: { rows: OptionRow[] }) => {
    const before = new Map(form.getInitialValues().rows.map((row) => [row.id, row]));
    for (const row of values.rows) {
      const was = before.get(row.id);
      if (!was) continue;
      const changes = changedFields(
        { isEnabled: was.isEnabled, priceInCents: optionPrice(was.price) },
        { isEnabled: row.isEnabled, priceInCents: optionPrice(row.price) },
      );
      if (Object.keys(changes).length === 0) continue;
      if (row.kind === 'service') await syncClient().updateStoreTireService(row.id, changes);
      else await syncClient().updateStoreTireWarranty(row.id, changes);
    }
  });
  const submit = form.onSubmit(save, focusFirstError(form));
  const status = useSaveStatus(storeId, tireOptions, saved);
  return (
    <Card withBorder component="section" aria-labelledby="retail-tire-options">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" id="retail-tire-options">
              Tire services and warranties
            </Title>
            <Text size="sm" c="dimmed">
              Offered with a tire sale, priced per tire. One switched on needs a price; one switched off may have none.
            </Text>
          </div>
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <RefusedAlert entries={outbox} />
          {form.values.rows.length === 0 ? (
            <Text c="dimmed">This store has no tire services or warranties on this device yet.</Text>
          ) : (
            <Table verticalSpacing="xs" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Service or warranty</Table.Th>
                  <Table.Th w="32%">Price per tire</Table.Th>
                  <Table.Th w={110}>Offered</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.values.rows.map((row, i) => (
                  <Table.Tr key={row.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" fw={500}>
                        {row.label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.kind === 'service' ? 'Tire service' : 'Warranty'}
                      </Text>
                      <WaitingBadge entry={waiting.get(row.id)} />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`${row.label} price per tire`}
                        prefix="$"
                        min={0}
                        clampBehavior="none"
                        decimalScale={2}
                        fixedDecimalScale
                        thousandSeparator=","
                        {...form.getInputProps(`rows.${i}.price`)}
                        error={form.errors[`rows.${i}.price`] ?? offeredWithoutPrice(row)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Switch aria-label={`Offer ${row.label}`} {...form.getInputProps(`rows.${i}.isEnabled`, { type: 'checkbox' })} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
        <SaveBar dirty={form.isDirty()} status={status} onUndo={() => form.reset()} />
      </form>
    </Card>
  );
}
