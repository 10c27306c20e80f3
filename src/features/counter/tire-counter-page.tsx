import {
  Alert,
  Badge,
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
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { formatCents } from '../../app/money.ts';
import { useSession } from '../../app/session.ts';
import { useAction } from '../../app/use-action.ts';
import { useActionStatus } from '../../app/save-status.ts';
import { searchCustomers } from '../../app/customers/search-replica.ts';
import type { CustomerVehicle } from '../../contract/entities.ts';
import { tireCategories, webTireCategories, type TireCategory, type WebTireCategory } from '../../contract/enum-values.ts';
import type { TireQuote, TireQuoteChoice } from '../../contract/tire-pricing.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { formatCalendarDate } from '../../domain/calendar/date-format.ts';
import { displayName } from '../../domain/people/display-name.ts';
import { storeTimeZone } from '../../domain/calendar/time-zone.ts';
import { loadRangeLabel, parseLoadRange, parseSpeedRating, speedLimit } from '../../domain/tires/tire-load-speed.ts';
import {
  findTires,
  foundTireOrders,
  isStuddable,
  noFilters,
  orderFoundTires,
  tireDescription,
  withTypedNeeds,
  type FinderFilters,
  type FinderQuery,
  type FoundTire,
  type FoundTireOrder,
} from '../../domain/tires/tire-finder.ts';
import { choiceWithAddOns, type DraftChoice } from '../../domain/tires/tire-add-on-defaults.ts';
import { catalogueSizeText, sizeServiceType } from '../../domain/tires/tire-service-type.ts';
import { priceTireQuote } from '../../domain/tires/tire-quote.ts';
import { quoteChoicesChanged, quoteExpiredProblem, quoteStillGood, savedQuotePrices } from '../../domain/tires/saved-quote-prices.ts';
import { quoteSendProblem } from '../../domain/messages/texting-consent.ts';
import { choicesAtRulePrices, tireIdsOf } from '../../domain/tires/retail-tire-price.ts';
import { transferOptions, transferStoreOf } from '../../domain/tires/tire-transfer.ts';
import { parseTireSize } from '../../domain/tires/tire-size.ts';
import { syncClient } from '../../sync/sync-client.ts';
import type { StockElsewhere } from '../../contract/transfer-stores.ts';
import { NothingFound, ServiceTypeFilter, sizeBoxMessage } from './finder-messages.tsx';
import { QuoteOptionCard } from './quote-option-card.tsx';
import classes from './tire-counter.module.css';
import { useCounterBasics, useQuoteCustomer, useQuoteTires, useSavedQuote, useTireLookup, type CounterBasics } from './use-counter-data.ts';

/** Tires the list shows at first, and how many more each "Show more" adds: a phone scrolls to the quote below. */
const page = 20;
const optionNames = ['Good', 'Better', 'Best', 'Option 4'];

interface Draft {
  tireQuoteId: string;
  tireQuoteHashId: string;
  createdOn: string;
  customerId: string | null;
  vehicleId: string | null;
  choices: DraftChoice[];
}

/** A new option: its add-ons follow the store's until the counter ticks or unticks one (choiceWithAddOns). */
const newChoice = (index: number): DraftChoice => ({
  name: optionNames[index] ?? `Option ${index + 1}`,
  tires: [],
  services: [],
  installPackageId: null,
  addOnIds: [],
  addOnsChosen: false,
  tireServiceTypes: [],
  warrantyType: null,
});

/**
 * What the finder starts from for a vehicle: its tire size in the box, its load, speed and load range as the least,
 * and its service type (an LT truck's size finds LT tires).
 */
function sizeSearchOf(vehicle: CustomerVehicle | null | undefined) {
  const size = vehicle?.tireSize ? parseTireSize(vehicle.tireSize) : null;
  if (!size?.ok) return null;
  return {
    typed: size.size.key,
    minLoadIndex: size.size.loadIndex,
    minSpeed: size.size.speedRating,
    serviceType: sizeServiceType(size.size),
    minLoadRange: size.size.loadRange,
  };
}

/**
 * The counter's tire finder and out-the-door quote (issue 26), read from the replica so it works with no
 * signal: a size typed any way, a brand or a line finds the catalogue's tires, filtered and ordered by what is in
 * stock here, then by price; tires go into options side by side, each priced to the cent by the one quote rule;
 * the quote is saved on the customer through the outbox and texted or emailed with a link to its public page.
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
  const timeZone = storeTimeZone(session?.activeStore?.timeZone);
  // A saved quote opens as it was saved; a new one starts with one option for the customer in the address.
  const opened = (): Draft =>
    saved
      ? {
          tireQuoteId: saved.tireQuoteId,
          tireQuoteHashId: saved.tireQuoteHashId,
          createdOn: saved.createdOn,
          customerId: saved.customerId,
          vehicleId: saved.vehicleId,
          choices: saved.choices.map((c) => ({ ...c, addOnsChosen: true })),
        }
      : {
          tireQuoteId: crypto.randomUUID(),
          // The server makes the public id (issue 46); the quote's link exists once the server has saved it.
          tireQuoteHashId: '',
          createdOn: Temporal.Now.plainDateISO(timeZone).toString(),
          customerId,
          vehicleId,
          choices: [newChoice(0)],
        };
  // The vehicle's tire size goes in the box, as choosing the vehicle here does.
  const sizeSearch = sizeSearchOf(customer?.vehicles.find((v) => v.vehicleId === vehicleId));
  return <TireCounter storeId={storeId} basics={basics} saved={saved} opened={opened} sizeSearch={sizeSearch} />;
}

function TireCounter({
  storeId,
  basics,
  saved,
  opened,
  sizeSearch,
}: {
  storeId: number;
  basics: CounterBasics;
  saved: TireQuote | null;
  opened: () => Draft;
  sizeSearch: ReturnType<typeof sizeSearchOf>;
}) {
  const session = useSession();
  const search = useSearch({ from: '/app/tires' });
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(opened);
  const [selected, setSelected] = useState(0);
  const [typed, setTyped] = useState(sizeSearch?.typed ?? '');
  const [filters, setFilters] = useState<FinderFilters>(() => ({
    ...noFilters,
    minLoadIndex: sizeSearch?.minLoadIndex ?? null,
    minSpeed: sizeSearch?.minSpeed ?? null,
    serviceType: sizeSearch?.serviceType ?? null,
    minLoadRange: sizeSearch?.minLoadRange ?? null,
  }));
  // The vehicle in the address may be read after the counter opened (the replica answered a moment late): its
  // size fills the box then, once, while nothing is typed in it.
  const [sizeFilled, setSizeFilled] = useState(sizeSearch !== null);
  if (!sizeFilled && sizeSearch) {
    setSizeFilled(true);
    if (typed === '') {
      setTyped(sizeSearch.typed);
      const { minLoadIndex, minSpeed, serviceType, minLoadRange } = sizeSearch;
      setFilters((f) => ({ ...f, minLoadIndex, minSpeed, serviceType, minLoadRange }));
    }
  }
  const [sort, setSort] = useState<FoundTireOrder>('stock');
  const [notice, setNotice] = useState<string | null>(null);
  const [sent, setSent] = useState<SentQuote | null>(null);
  const action = useAction('The quote could not be saved; try again.');
  const sentStatus = useActionStatus(storeId, { entity: `storeMessages/${sent?.storeMessageId ?? ''}` }, sent);
  const timeZone = storeTimeZone(session?.activeStore?.timeZone);
  const today = Temporal.Now.plainDateISO(timeZone).toString();
  const expired = saved !== null && !quoteStillGood(saved, today);

  const quoteCustomer = useQuoteCustomer(storeId, draft.customerId);
  const vehicle = quoteCustomer?.vehicles.find((v) => v.vehicleId === draft.vehicleId) ?? null;
  const lookup = useTireLookup(storeId, typed, basics.lines, basics.brands);

  const found = useMemo(() => {
    if (!lookup) return [];
    const exactKey = lookup.query.kind === 'size' ? lookup.query.exactKey : null;
    return findTires(lookup.tires, basics.stock, withTypedNeeds(filters, lookup.query), exactKey, basics.priceOf);
  }, [lookup, basics, filters]);

  // The options as the counter has them, and whether they are the saved quote's: a saved quote keeps the prices
  // it was saved with until its good-through date (src/domain/tires/saved-quote-prices.ts), whatever was raised
  // since; changed, its catalogue tires take the store's price by the rule of now (a tire typed by hand keeps its price).
  const drafted = useMemo(() => draft.choices.map((c) => choiceWithAddOns(c, basics.addOns)), [draft.choices, basics]);
  const keepsPrices = saved !== null && !quoteChoicesChanged(saved.choices, drafted);
  const quoteTires = useQuoteTires(
    storeId,
    useMemo(() => tireIdsOf(draft.choices), [draft.choices]),
  );
  const choices = useMemo(
    () =>
      keepsPrices
        ? saved.choices
        : choicesAtRulePrices(drafted, (tireId) => {
            const tire = quoteTires?.get(tireId);
            return tire ? basics.priceOf(tire) : null;
          }).choices,
    [keepsPrices, saved, drafted, quoteTires, basics],
  );
  const priced = useMemo(
    () => savedQuotePrices(saved, drafted, () => priceTireQuote({ createdOn: draft.createdOn, prices: basics.prices, options: choices })),
    [saved, drafted, draft.createdOn, choices, basics],
  );
  // Each option priced on its own as well: one option still empty leaves the others' totals in view.
  const pricedEach = useMemo(
    () =>
      keepsPrices
        ? saved.options.map((option) => ({ ok: true as const, quote: { createdOn: saved.createdOn, validUntil: saved.validUntil, options: [option] } }))
        : choices.map((choice) => priceTireQuote({ createdOn: draft.createdOn, prices: basics.prices, options: [choice] })),
    [keepsPrices, saved, draft.createdOn, choices, basics],
  );

  const setChoices = (choices: DraftChoice[]) => setDraft({ ...draft, choices });
  const addTire = (found: FoundTire) => {
    const { tire } = found;
    const line = basics.lines.get(tire.productLineHashId);
    const choice = draft.choices[selected] ?? draft.choices[0]!;
    const quantity = Math.min(filters.quantity, 8);
    const next: DraftChoice = {
      ...choice,
      tires: [
        ...choice.tires,
        {
          tireId: tire.tireId,
          description: tireDescription(tire, line, basics.brands.get(tire.brandHashId)),
          quantity,
          unitPriceInCents: found.priceInCents ?? 0,
          isTaxable: true,
          isStuddable: isStuddable(tire),
        },
      ],
    };
    setChoices(draft.choices.map((c) => (c === choice ? next : c)));
    setNotice(`Added to ${choice.name}.`);
  };
  const chooseVehicle = (v: CustomerVehicle | null) => {
    setDraft({ ...draft, vehicleId: v?.vehicleId ?? null });
    const size = sizeSearchOf(v);
    if (size) {
      setTyped(size.typed);
      setFilters({ ...filters, minLoadIndex: size.minLoadIndex, minSpeed: size.minSpeed, serviceType: size.serviceType, minLoadRange: size.minLoadRange });
    }
  };

  // An option with nothing in it yet has one thing to say, and only once a save asked for it: what it needs.
  const [saveTried, setSaveTried] = useState(false);
  const problemsOf = (index: number) => {
    const result = pricedEach[index];
    if (!result || result.ok) return [];
    const empty = (choices[index]?.tires.length ?? 0) === 0 && (choices[index]?.services.length ?? 0) === 0;
    if (empty && !saveTried) return [];
    return Object.entries(result.problems)
      .filter(([path]) => !empty || path === 'options.0.tires')
      .flatMap(([, words]) => words);
  };
  const pricedOption = (index: number) => {
    const result = pricedEach[index];
    return result?.ok ? (result.quote.options[0] ?? null) : null;
  };
  const selectOption = (index: number) => {
    setSelected(index);
    document.getElementById(`quote-option-${index}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  const quoteToSave = (): TireQuote => {
    setSaveTried(true);
    if (!draft.customerId) throw new Error('Choose the customer this quote is for first.');
    if (expired) throw new Error(`${quoteExpiredProblem(saved)}.`);
    if (!priced?.ok) throw new Error('Fix what the quote shows in red first.');
    return { ...draft, customerId: draft.customerId, ...priced.quote, choices };
  };
  const save = async () => {
    const quote = quoteToSave();
    await syncClient().saveTireQuote(quote);
    if (search.quote !== quote.tireQuoteId) void navigate({ to: '/tires', search: { quote: quote.tireQuoteId }, replace: true });
    return quote;
  };
  // Why the quote cannot be texted to this customer (texting consent, no number, a store that does not text), said
  // before anyone presses Text quote; email is offered instead. The worker checks a STOP too, and the server again.
  const textProblem =
    quoteCustomer?.customer && session?.activeStore ? quoteSendProblem('sms', quoteCustomer.customer, session.activeStore, () => false) : null;
  const send = (channel: 'sms' | 'email') =>
    action.run(async () => {
      const customer = quoteCustomer?.customer;
      if (!customer) throw new Error('Choose the customer this quote is for first.');
      const quote = quoteToSave();
      // One action: the quote's save and its message, whose entry waits for the save and is refused with it.
      // The server writes the words from the quote as it stores it: the figures its public page shows.
      const storeMessageId = await syncClient().sendTireQuote(quote, channel);
      if (search.quote !== quote.tireQuoteId) void navigate({ to: '/tires', search: { quote: quote.tireQuoteId }, replace: true });
      setNotice(null);
      setSent({ storeMessageId, channel, name: displayName(customer) });
    });
  const sentNotice = sent && sentNoticeOf(sent, sentStatus.status, sentStatus.refused?.problem?.detail ?? sentStatus.refused?.problem?.title ?? null);

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
        storeId={storeId}
        draft={draft}
        quoteCustomer={quoteCustomer}
        vehicle={vehicle}
        onCustomer={(customerId) => setDraft({ ...draft, customerId, vehicleId: null })}
        onVehicle={chooseVehicle}
      />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="sm">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Size, brand or line"
                placeholder="2256517, LT245/75R16 or Michelin"
                value={typed}
                style={{ flex: '1 1 220px' }}
                onChange={(e) => setTyped(e.currentTarget.value)}
                autoFocus
                autoComplete="off"
                data-autofocus
                {...sizeBoxMessage(lookup?.query, found.length)}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
              <NumberInput
                label="Tires"
                w={80}
                min={1}
                max={8}
                allowDecimal={false}
                clampBehavior="strict"
                value={filters.quantity}
                onChange={(value) => {
                  if (typeof value === 'number' && value >= 1) setFilters({ ...filters, quantity: value });
                }}
              />
            </Group>
            <FinderFilterBar filters={filters} onChange={setFilters} />
            {choices.some((_, i) => pricedOption(i)) && (
              <Paper withBorder p="xs" hiddenFrom="lg">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm">
                    {choices
                      .flatMap((c, i) => {
                        const o = pricedOption(i);
                        return o ? [`${o.name} ${formatCents(o.totalInCents)}`] : [];
                      })
                      .join(' · ')}
                  </Text>
                  <Button component="a" href="#quote" size="compact-sm" variant="light">
                    See quote
                  </Button>
                </Group>
              </Paper>
            )}
            <TireResults
              key={typed}
              typed={typed}
              query={lookup?.query}
              filters={withTypedNeeds(filters, lookup?.query)}
              found={found}
              basics={basics}
              addTo={draft.choices[selected]?.name ?? 'Good'}
              wanted={filters.quantity}
              onAdd={addTire}
              sort={sort}
              onSort={setSort}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="sm" id="quote" className={classes.quote}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Title order={2} size="h3">
                Quote
              </Title>
              <Group gap="xs" wrap="wrap">
                <Button
                  variant="default"
                  size="compact-md"
                  disabled={draft.choices.length >= 4}
                  onClick={() => {
                    setChoices([...draft.choices, newChoice(draft.choices.length)]);
                    setSelected(draft.choices.length);
                  }}
                >
                  Add option
                </Button>
                <Button
                  size="compact-md"
                  onClick={() =>
                    action.run(async () => {
                      await save();
                      setSent(null);
                      setNotice('Quote saved on the customer.');
                    })
                  }
                  loading={action.busy}
                >
                  Save quote
                </Button>
                <Button size="compact-md" variant="light" onClick={() => send('sms')} disabled={action.busy || textProblem !== null}>
                  Text quote
                </Button>
                <Button size="compact-md" variant="light" onClick={() => send('email')} disabled={action.busy}>
                  Email quote
                </Button>
                <Button
                  size="compact-md"
                  variant="light"
                  disabled={action.busy}
                  onClick={() =>
                    action.run(async () => {
                      const quote = await save();
                      await navigate({ to: '/scheduler-dayview', search: { quote: quote.tireQuoteId } });
                    })
                  }
                >
                  Book install
                </Button>
              </Group>
            </Group>
            {expired && (
              <Alert color="yellow" title="This quote's prices no longer hold" role="status">
                {quoteExpiredProblem(saved)}. It shows as it was sent.
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
            {notice && !action.problem && (
              <Text size="sm" c="teal" role="status">
                {notice}
              </Text>
            )}
            {choices.length > 1 && (
              <QuoteTotals choices={choices} totalOf={(i) => pricedOption(i)?.totalInCents ?? null} selected={selected} onSelect={selectOption} />
            )}
            {/* One option a row where the quote has half the screen (names whole); two side by side where it has all of it. */}
            <SimpleGrid cols={{ base: 1, sm: Math.min(draft.choices.length, 2), lg: 1 }} spacing="sm">
              {draft.choices.map((choice, i) => (
                <QuoteOptionCard
                  key={i}
                  index={i}
                  choice={choices[i] ?? choice}
                  basics={basics}
                  selected={i === selected}
                  onSelect={() => setSelected(i)}
                  priced={pricedOption(i)}
                  problems={problemsOf(i)}
                  // Ticking or unticking an add-on makes the option's add-ons the counter's own from then on.
                  onChange={(next) =>
                    setChoices(draft.choices.map((c, j) => (j === i ? { ...next, addOnsChosen: c.addOnsChosen || next.addOnIds !== choices[i]?.addOnIds } : c)))
                  }
                  onRemove={
                    draft.choices.length > 1
                      ? () => {
                          setChoices(draft.choices.filter((_, j) => j !== i));
                          setSelected(0);
                        }
                      : null
                  }
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
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
  draft,
  quoteCustomer,
  vehicle,
  onCustomer,
  onVehicle,
}: {
  storeId: number | null;
  draft: Draft;
  quoteCustomer: ReturnType<typeof useQuoteCustomer>;
  vehicle: CustomerVehicle | null;
  onCustomer: (customerId: string | null) => void;
  onVehicle: (vehicle: CustomerVehicle | null) => void;
}) {
  const [query, setQuery] = useState('');
  const hits = useLiveQuery(
    async () => (storeId === null || query.trim().length < 2 ? [] : (await searchCustomers(replicaOf(storeId), query, 8)).hits),
    [storeId, query],
  );
  const vehicleLabel = (v: CustomerVehicle) => [v.year, v.make, v.model].filter(Boolean).join(' ') + (v.tireSize ? ` · ${v.tireSize}` : '');

  if (draft.customerId && quoteCustomer) {
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
      nothingFoundMessage={query.trim().length < 2 ? 'Type two letters or more' : 'No customer found'}
      data={(hits ?? []).map((h) => ({
        value: h.customer.customerId,
        label: `${displayName(h.customer)}${h.customer.phoneNumber ? ` · ${h.customer.phoneNumber}` : ''}`,
      }))}
      value={null}
      onChange={(id) => {
        if (id) onCustomer(id);
      }}
    />
  );
}

/** The speed symbols of car and light truck tires, slowest first, with their speeds; and the one asked for, if another. */
const roadSpeeds = ['L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T', 'U', 'H', 'V', 'W', 'Y'] as const;
const speedChoices = (current: string | null) =>
  [...roadSpeeds, ...(current && !(roadSpeeds as readonly string[]).includes(current) ? [current] : [])].map((symbol) => {
    const speed = parseSpeedRating(symbol);
    return { value: symbol, label: speed ? `${symbol} (${speedLimit(speed).mph} mph)` : symbol };
  });

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
        data={tireCategories.values.filter((c) => c !== 'Winter').map((c) => ({ value: c, label: tireCategories.label(c) }))}
        value={filters.category}
        onChange={(v) => onChange({ ...filters, category: (v as TireCategory | null) ?? null })}
      />
      <Select
        label="Season"
        size="sm"
        w={140}
        clearable
        placeholder="Any"
        data={webTireCategories.values.map((c) => ({ value: c, label: webTireCategories.label(c) }))}
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

function TireResults({
  typed,
  query,
  filters,
  found: unordered,
  basics,
  addTo,
  wanted,
  onAdd,
  sort,
  onSort,
}: {
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
}) {
  const [shown, setShown] = useState(page);
  const found = useMemo(
    () =>
      orderFoundTires(unordered, sort, (tire) => `${basics.brands.get(tire.brandHashId)?.name ?? ''} ${basics.lines.get(tire.productLineHashId)?.name ?? ''}`),
    [unordered, sort, basics],
  );
  const words = foundTireOrders.find((o) => o.value === sort)!.words;
  if (typed.trim() === '')
    return (
      <Text c="dimmed" size="sm">
        Type a size (2256517 works), a brand or a product line.
      </Text>
    );
  if (query?.kind === 'begun')
    return (
      <Text c="dimmed" size="sm">
        Keep typing: a size (225/65R17 or 2256517), a brand or a line.
      </Text>
    );
  if (found.length === 0) return <NothingFound typed={typed} query={query} filters={filters} />;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {found.length > shown
            ? `${shown} of ${found.length.toLocaleString()} tires, ${words}`
            : `${found.length} ${found.length === 1 ? 'tire' : 'tires'}, ${words}`}
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
      {found.length > shown && (
        <Button variant="default" onClick={() => setShown(shown + page)}>
          Show {Math.min(page, found.length - shown)} more
        </Button>
      )}
    </Stack>
  );
}

function TireRow({
  found,
  basics,
  addTo,
  wanted,
  onAdd,
}: {
  found: FoundTire;
  basics: CounterBasics;
  addTo: string;
  wanted: number;
  onAdd: (found: FoundTire) => void;
}) {
  const { tire } = found;
  const line = basics.lines.get(tire.productLineHashId);
  const brand = basics.brands.get(tire.brandHashId);
  const loadRange = parseLoadRange(tire.loadRange);
  const details = [
    catalogueSizeText(tire, { loadRange: false }),
    loadRange && loadRangeLabel(loadRange),
    tire.utqg ? `UTQG ${tire.utqg}` : null,
    tire.isRunFlat ? 'Run-flat' : null,
    isStuddable(tire) ? 'Studdable' : null,
    tire.treadDepth32nds ? `${tire.treadDepth32nds}/32″` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper withBorder p="xs" role="listitem" aria-label={`${brand?.name ?? ''} ${line?.name ?? ''} ${tire.sizeKey}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Text fw={600} size="sm">
            {brand?.name} {line?.name}
          </Text>
          <Text size="xs" c="dimmed">
            {details}
          </Text>
          {found.onHand < wanted && <OtherStores tireId={tire.tireId} wanted={wanted} basics={basics} />}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <StockBadge found={found} />
          <Text fw={700} size="sm" w={76} ta="right">
            {found.priceInCents === null ? '—' : formatCents(found.priceInCents)}
          </Text>
          <Button size="compact-sm" onClick={() => onAdd(found)} aria-label={`Add ${brand?.name ?? ''} ${line?.name ?? ''} ${tire.sizeKey} to ${addTo}`}>
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
  if (found.onHand > 0)
    return (
      <Badge color={found.onHand >= 4 ? 'teal' : 'yellow'} variant="light">
        {found.onHand} here
      </Badge>
    );
  if (found.onOrder > 0)
    return (
      <Badge color="blue" variant="light">
        {found.onOrder} on order
      </Badge>
    );
  return (
    <Badge color="gray" variant="light">
      None here
    </Badge>
  );
}

interface SentQuote {
  storeMessageId: string;
  channel: 'sms' | 'email';
  name: string;
}

/** Where a quote's text or email stands, in words: queued on this device, accepted by the server, or refused and why. */
function sentNoticeOf(sent: SentQuote, status: ReturnType<typeof useActionStatus>['status'], refused: string | null) {
  const how = sent.channel === 'sms' ? 'text' : 'email';
  if (refused) return { refused: true, done: false, words: `The quote's ${how} to ${sent.name} was not sent: ${refused}` };
  if (status === 'saved')
    return { refused: false, done: true, words: sent.channel === 'sms' ? `Quote texted to ${sent.name}.` : `Quote emailed to ${sent.name}.` };
  return {
    refused: false,
    done: false,
    words: `Quote ${how} to ${sent.name} queued: it goes once the server has saved the quote, with the figures the quote's page shows.`,
  };
}
