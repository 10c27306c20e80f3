import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { formatCents } from '../../app/money.ts';
import { useSession } from '../../app/session.ts';
import { searchCustomers } from '../../app/customers/search-replica.ts';
import type { CustomerVehicle } from '../../contract/entities.ts';
import type { TireCategory, WebTireCategory } from '../../contract/enum-values.ts';
import type { TireQuoteChoice } from '../../contract/tire-pricing.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { formatCalendarDate } from '../../domain/calendar/date-format.ts';
import { displayName } from '../../domain/people/display-name.ts';
import { storeTimeZone } from '../../domain/calendar/time-zone.ts';
import { withTypedNeeds, type FinderFilters } from '../../domain/tires/tire-finder.ts';
import {
  addToName,
  customerHitLabel,
  customerSearchReady,
  mayAddOption,
  maxTiresWanted,
  mayRemoveOption,
  noCustomerWords,
  openedDraft,
  optionProblems,
  pricedOption,
  sizeSearchOf,
  totalsLine,
  vehicleLabel,
  withCustomer,
  withFilters,
  withOptionAdded,
  withOptionChanged,
  withOptionRemoved,
  withSelected,
  withSort,
  withTireAdded,
  withTiresWanted,
  withTyped,
  withVehicle,
} from './counter-model.ts';
import { ServiceTypeFilter } from './finder-messages.tsx';
import { categoryChoices, seasonChoices, sizeBoxMessage, speedChoices } from './finder-model.ts';
import { QuoteOptionCard } from './quote-option-card.tsx';
import classes from './tire-counter.module.css';
import { TireResults } from './tire-results.tsx';
import { useCounterBasics, useQuoteCustomer, useSavedQuote } from './use-counter-data.ts';
import { useTireCounter, type CounterOpening } from './use-tire-counter.ts';

/**
 * The counter's tire finder and out-the-door quote (issue 26), read from the replica so it works with no
 * signal: a size typed any way, a brand or a line finds the catalogue's tires, filtered and ordered by what is in
 * stock here, then by price; tires go into options side by side, each priced to the cent by the one quote rule;
 * the quote is saved on the customer through the outbox and texted or emailed with a link to its public page.
 * The screen's rules are its view model's (counter-model.ts, finder-model.ts, quote-option-model.ts).
 */
export function TireCounterPage() {
  const session = useSession();
  const search = useSearch({ from: '/app/tires' });
  const storeId = session?.activeStore?.id ?? null;
  const basics = useCounterBasics(storeId);
  const saved = useSavedQuote(storeId, search.quote ?? null);
  const customerId = saved === undefined ? null : (saved?.customerId ?? search.customerId ?? null);
  const vehicleId = saved === undefined ? null : saved ? saved.vehicleId : (search.vehicleId ?? null);
  const customer = useQuoteCustomer(storeId, customerId);
  if (session === undefined || basics === undefined || saved === undefined || customer === undefined || storeId === null)
    return <Loader aria-label="Loading the tire finder" />;
  if (!basics.catalogueReady) {
    return (
      <Alert color="blue" title="Still loading the tire catalogue and this store's stock" role="status">
        This device is still getting the tire catalogue and the store's stock. The finder opens once its first sync is done, so no tire reads "None here" by
        mistake.
      </Alert>
    );
  }
  const today = () => Temporal.Now.plainDateISO(storeTimeZone(session?.activeStore?.timeZone)).toString();
  const opened = () => openedDraft(saved, { tireQuoteId: crypto.randomUUID(), today: today(), customerId, vehicleId });
  // The vehicle's tire size goes in the box, as choosing the vehicle here does.
  const sizeSearch = sizeSearchOf(customer?.vehicles.find((v) => v.vehicleId === vehicleId));
  return <TireCounter storeId={storeId} basics={basics} saved={saved} opened={opened} sizeSearch={sizeSearch} />;
}

type Counter = ReturnType<typeof useTireCounter>;

function TireCounter(opening: CounterOpening) {
  const counter = useTireCounter(opening);
  const { state, update, quoteCustomer, vehicle } = counter;
  const { saved } = opening;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Tires
        </Title>
        {saved && (
          <Text size="sm" c="dimmed">
            Quote of {formatCalendarDate(saved.createdOn)}, good through {formatCalendarDate(saved.validUntil)}
          </Text>
        )}
      </Group>
      <CustomerBar
        storeId={opening.storeId}
        customerId={state.draft.customerId}
        quoteCustomer={quoteCustomer}
        vehicle={vehicle}
        onCustomer={(customerId) => update((s) => withCustomer(s, customerId))}
        onVehicle={(v) => update((s) => withVehicle(s, v))}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <FinderColumn counter={counter} basics={opening.basics} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <QuoteColumn counter={counter} basics={opening.basics} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The size box, the finder's filters and the tires found; on a phone, the options' totals above the list. */
function FinderColumn({ counter, basics }: { counter: Counter; basics: CounterOpening['basics'] }) {
  const { state, update, query, found, figures } = counter;
  const totals = totalsLine(figures);
  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Size, brand or line"
          placeholder="2256517, LT245/75R16 or Michelin"
          value={state.typed}
          style={{ flex: '1 1 220px' }}
          onChange={(e) => {
            const typed = e.currentTarget.value;
            update((s) => withTyped(s, typed));
          }}
          autoFocus
          autoComplete="off"
          data-autofocus
          {...sizeBoxMessage(query, found.length)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <NumberInput
          label="Tires"
          w={80}
          min={1}
          max={maxTiresWanted}
          allowDecimal={false}
          clampBehavior="strict"
          value={state.filters.quantity}
          onChange={(value) => update((s) => withTiresWanted(s, value))}
        />
      </Group>
      <FinderFilterBar filters={state.filters} onChange={(filters) => update((s) => withFilters(s, filters))} />
      {totals !== null && (
        <Paper withBorder p="xs" hiddenFrom="lg">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">{totals}</Text>
            <Button component="a" href="#quote" size="compact-sm" variant="light">
              See quote
            </Button>
          </Group>
        </Paper>
      )}
      <TireResults
        key={state.typed}
        typed={state.typed}
        query={query}
        filters={withTypedNeeds(state.filters, query)}
        found={found}
        basics={basics}
        addTo={addToName(state)}
        wanted={state.filters.quantity}
        onAdd={(tire) => update((s) => withTireAdded(s, tire, basics))}
        sort={state.sort}
        onSort={(sort) => update((s) => withSort(s, sort))}
      />
    </Stack>
  );
}

/** The quote: its buttons, what stops or became of it, the options' totals and a card for each option. */
function QuoteColumn({ counter, basics }: { counter: Counter; basics: CounterOpening['basics'] }) {
  const { state, update, figures } = counter;
  const selectOption = (index: number) => {
    update((s) => withSelected(s, index));
    document.getElementById(`quote-option-${index}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  return (
    <Stack gap="sm" id="quote" className={classes.quote}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} size="h3">
          Quote
        </Title>
        <QuoteButtons counter={counter} />
      </Group>
      <QuoteNotices counter={counter} />
      {figures.choices.length > 1 && (
        <QuoteTotals
          choices={figures.choices}
          totalOf={(i) => pricedOption(figures, i)?.totalInCents ?? null}
          selected={state.selected}
          onSelect={selectOption}
        />
      )}
      {/* One option a row where the quote has half the screen (names whole); two side by side where it has all of it. */}
      <SimpleGrid cols={{ base: 1, sm: Math.min(state.draft.choices.length, 2), lg: 1 }} spacing="sm">
        {state.draft.choices.map((choice, i) => (
          <QuoteOptionCard
            key={i}
            index={i}
            choice={figures.choices[i] ?? choice}
            basics={basics}
            selected={i === state.selected}
            onSelect={() => update((s) => withSelected(s, i))}
            priced={pricedOption(figures, i)}
            problems={optionProblems(figures, i, state.saveTried)}
            onChange={(next) => update((s) => withOptionChanged(s, i, next, figures.choices[i]))}
            onRemove={mayRemoveOption(state) ? () => update((s) => withOptionRemoved(s, i)) : null}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function QuoteButtons({ counter }: { counter: Counter }) {
  const { state, update, action, textProblem } = counter;
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" size="compact-md" disabled={!mayAddOption(state)} onClick={() => update(withOptionAdded)}>
        Add option
      </Button>
      <Button size="compact-md" onClick={() => counter.save()} loading={action.busy}>
        Save quote
      </Button>
      <Button size="compact-md" variant="light" onClick={() => counter.send('sms')} disabled={action.busy || textProblem !== null}>
        Text quote
      </Button>
      <Button size="compact-md" variant="light" onClick={() => counter.send('email')} disabled={action.busy}>
        Email quote
      </Button>
      <Button size="compact-md" variant="light" disabled={action.busy} onClick={() => counter.bookInstall()}>
        Book install
      </Button>
    </Group>
  );
}

/** Why the quote's prices no longer hold, why it cannot be texted, what went wrong, and where its text or email stands. */
function QuoteNotices({ counter }: { counter: Counter }) {
  const { expired, textProblem, action, sentNotice, state } = counter;
  return (
    <>
      {expired && (
        <Alert color="yellow" title="This quote's prices no longer hold" role="status">
          {expired}. It shows as it was sent.
        </Alert>
      )}
      {textProblem && !expired && (
        <Text size="sm" c="dimmed" data-testid="quote-text-problem">
          {textProblem}.
        </Text>
      )}
      {action.problem && (
        <Alert color="red" role="alert">
          {action.problem}
        </Alert>
      )}
      {sentNotice && !action.problem && (
        <Alert color={sentNotice.refused ? 'red' : sentNotice.done ? 'teal' : 'blue'} role={sentNotice.refused ? 'alert' : 'status'}>
          {sentNotice.words}
        </Alert>
      )}
      {state.notice && !action.problem && (
        <Text size="sm" c="teal" role="status">
          {state.notice}
        </Text>
      )}
    </>
  );
}

/** The options' out-the-door totals in a row, as the customer's page compares them; a tap picks the option tires go to. */
function QuoteTotals({
  choices,
  totalOf,
  selected,
  onSelect,
}: {
  choices: TireQuoteChoice[];
  totalOf: (index: number) => number | null;
  selected: number;
  onSelect: (index: number) => void;
}) {
  return (
    <SimpleGrid cols={choices.length} spacing="xs" role="group" aria-label="Totals of the options">
      {choices.map((c, i) => {
        const total = totalOf(i);
        return (
          <UnstyledButton
            key={i}
            onClick={() => onSelect(i)}
            aria-pressed={i === selected}
            aria-label={`${c.name}: ${total === null ? 'no tires yet' : `${formatCents(total)} out the door`}`}
            className={classes.total}
            data-selected={i === selected || undefined}
          >
            <Text size="xs" c="dimmed" lineClamp={1}>
              {c.name}
            </Text>
            <Text fw={700} size="sm">
              {total === null ? '—' : formatCents(total)}
            </Text>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

function CustomerBar({
  storeId,
  customerId,
  quoteCustomer,
  vehicle,
  onCustomer,
  onVehicle,
}: {
  storeId: number | null;
  customerId: string | null;
  quoteCustomer: ReturnType<typeof useQuoteCustomer>;
  vehicle: CustomerVehicle | null;
  onCustomer: (customerId: string | null) => void;
  onVehicle: (vehicle: CustomerVehicle | null) => void;
}) {
  const [query, setQuery] = useState('');
  const hits = useLiveQuery(
    async () => (storeId === null || !customerSearchReady(query) ? [] : (await searchCustomers(replicaOf(storeId), query, 8)).hits),
    [storeId, query],
  );
  if (customerId && quoteCustomer) {
    return (
      <Paper withBorder p="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text fw={600}>Quote for {displayName(quoteCustomer.customer)}</Text>
          <Group gap="sm" wrap="wrap">
            <Select
              aria-label="Vehicle"
              placeholder={quoteCustomer.vehicles.length ? 'Choose the vehicle' : 'No vehicles on file'}
              size="sm"
              w={260}
              clearable
              data={quoteCustomer.vehicles.map((v) => ({ value: v.vehicleId, label: vehicleLabel(v) }))}
              value={vehicle?.vehicleId ?? null}
              onChange={(id) => onVehicle(quoteCustomer.vehicles.find((v) => v.vehicleId === id) ?? null)}
            />
            <Button variant="subtle" size="compact-sm" onClick={() => onCustomer(null)}>
              Change customer
            </Button>
          </Group>
        </Group>
      </Paper>
    );
  }
  return (
    <Select
      label="Customer"
      placeholder="Name, phone or plate"
      searchable
      clearable
      w={{ base: '100%', sm: 420 }}
      searchValue={query}
      onSearchChange={setQuery}
      filter={({ options }) => options}
      nothingFoundMessage={noCustomerWords(query)}
      data={(hits ?? []).map((h) => ({ value: h.customer.customerId, label: customerHitLabel(h.customer) }))}
      value={null}
      onChange={(id) => {
        if (id) onCustomer(id);
      }}
    />
  );
}

function FinderFilterBar({ filters, onChange }: { filters: FinderFilters; onChange: (next: FinderFilters) => void }) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <ServiceTypeFilter value={filters.serviceType} onChange={(serviceType) => onChange({ ...filters, serviceType })} />
      <Select
        label="Category"
        size="sm"
        w={170}
        clearable
        placeholder="Any"
        data={categoryChoices}
        value={filters.category}
        onChange={(v) => onChange({ ...filters, category: (v as TireCategory | null) ?? null })}
      />
      <Select
        label="Season"
        size="sm"
        w={140}
        clearable
        placeholder="Any"
        data={seasonChoices}
        value={filters.webCategory}
        onChange={(v) => onChange({ ...filters, webCategory: (v as WebTireCategory | null) ?? null })}
      />
      <NumberInput
        label="Load at least"
        size="sm"
        w={110}
        min={0}
        max={160}
        allowDecimal={false}
        placeholder="Any"
        value={filters.minLoadIndex ?? ''}
        onChange={(v) => onChange({ ...filters, minLoadIndex: typeof v === 'number' ? v : null })}
      />
      <Select
        label="Speed at least"
        size="sm"
        w={120}
        clearable
        placeholder="Any"
        data={speedChoices(filters.minSpeed)}
        value={filters.minSpeed}
        onChange={(v) => onChange({ ...filters, minSpeed: v })}
      />
      <Checkbox label="Run-flat" checked={filters.runFlatOnly} onChange={(e) => onChange({ ...filters, runFlatOnly: e.currentTarget.checked })} mb={6} />
      <Checkbox label="In stock here" checked={filters.inStockOnly} onChange={(e) => onChange({ ...filters, inStockOnly: e.currentTarget.checked })} mb={6} />
    </Group>
  );
}
