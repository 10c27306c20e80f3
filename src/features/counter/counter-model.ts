import type { SaveStatus } from '../../app/save-status.ts';
import type { Brand, Customer, CustomerVehicle, ProductLine } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { TireQuote, TireQuoteChoice, TireQuoteOption, TireQuotePrices } from '../../contract/tire-pricing.ts';
import { formatCents } from '../../domain/figures/money-format.ts';
import { displayName } from '../../domain/people/display-name.ts';
import { quoteSendProblem } from '../../domain/messages/texting-consent.ts';
import { choicesAtRulePrices } from '../../domain/tires/retail-tire-price.ts';
import { quoteChoicesChanged, quoteExpiredProblem, quoteStillGood, savedQuotePrices } from '../../domain/tires/saved-quote-prices.ts';
import { choiceWithAddOns, type DraftChoice } from '../../domain/tires/tire-add-on-defaults.ts';
import { isStuddable, noFilters, tireDescription, type FinderFilters, type FoundTire, type FoundTireOrder } from '../../domain/tires/tire-finder.ts';
import { priceTireQuote, type TireQuoteResult } from '../../domain/tires/tire-quote.ts';
import { sizeServiceType } from '../../domain/tires/tire-service-type.ts';
import { parseTireSize } from '../../domain/tires/tire-size.ts';

/**
 * The tire counter's view model: the quote as the counter drafts it (its options, the one tires go to), the size
 * box and the finder's filters, how one choice moves the others (a vehicle brings its size, a new option is the
 * one tires go to), the totals the one quote rule gives, and whether the quote may be saved, texted or emailed
 * and why not. Pure, so each rule is a sentence in tests/unit/tire-counter-model.test.ts and the screen only
 * draws it; every tire rule is src/domain/tires' own.
 */

/** A quote compares at most this many options side by side (the quote rule refuses a fifth). */
export const maxOptions = 4;
/** The tires the finder may be asked for at once: a set and a spare set. */
export const maxTiresWanted = 8;
const optionNames = ['Good', 'Better', 'Best', 'Option 4'];

export interface QuoteDraft {
  tireQuoteId: string;
  tireQuoteHashId: string;
  createdOn: string;
  customerId: string | null;
  vehicleId: string | null;
  choices: DraftChoice[];
}

/** What a vehicle's tire size puts in the finder: the size in the box, its load, speed and load range as the least, its service type. */
export interface SizeSearch {
  typed: string;
  minLoadIndex: number | null;
  minSpeed: string | null;
  serviceType: FinderFilters['serviceType'];
  minLoadRange: FinderFilters['minLoadRange'];
}

/** Everything the counter holds between keystrokes. */
export interface CounterState {
  draft: QuoteDraft;
  /** The option tires are added to. */
  selected: number;
  /** The size box as typed. */
  typed: string;
  filters: FinderFilters;
  /** The vehicle's size has been put in the box (once: after that the box is the counter's). */
  sizeFilled: boolean;
  sort: FoundTireOrder;
  /** A save was asked for: an empty option says what it needs from then on. */
  saveTried: boolean;
  notice: string | null;
}

/** The vehicle's tire size as the finder's search (an LT truck's size finds LT tires), or null when it has none that reads. */
export function sizeSearchOf(vehicle: Pick<CustomerVehicle, 'tireSize'> | null | undefined): SizeSearch | null {
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

const withSizeNeeds = (filters: FinderFilters, size: SizeSearch): FinderFilters => ({
  ...filters,
  minLoadIndex: size.minLoadIndex,
  minSpeed: size.minSpeed,
  serviceType: size.serviceType,
  minLoadRange: size.minLoadRange,
});

/** A new option: its add-ons follow the store's until the counter ticks or unticks one (choiceWithAddOns). */
export const newChoice = (index: number): DraftChoice => ({
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
 * The quote the counter opens: a saved quote as it was saved (its add-ons as chosen then); a new one with one
 * option, for the customer and vehicle in the address, dated the store's today. The server makes the public id
 * (issue 46): a new quote's link exists once the server has saved it.
 */
export function openedDraft(
  saved: TireQuote | null,
  fresh: { tireQuoteId: string; today: string; customerId: string | null; vehicleId: string | null },
): QuoteDraft {
  if (saved) {
    const { tireQuoteId, tireQuoteHashId, createdOn, customerId, vehicleId } = saved;
    return { tireQuoteId, tireQuoteHashId, createdOn, customerId, vehicleId, choices: saved.choices.map((c) => ({ ...c, addOnsChosen: true })) };
  }
  return {
    tireQuoteId: fresh.tireQuoteId,
    tireQuoteHashId: '',
    createdOn: fresh.today,
    customerId: fresh.customerId,
    vehicleId: fresh.vehicleId,
    choices: [newChoice(0)],
  };
}

/** The counter as it opens: the vehicle's size (if it has one) in the box and its needs as the least. */
export function startingCounter(draft: QuoteDraft, size: SizeSearch | null): CounterState {
  return {
    draft,
    selected: 0,
    typed: size?.typed ?? '',
    filters: size ? withSizeNeeds(noFilters, size) : noFilters,
    sizeFilled: size !== null,
    sort: 'stock',
    saveTried: false,
    notice: null,
  };
}

/**
 * The vehicle read after the counter opened (the replica answered a moment late): its size fills the box then,
 * once, and only while nothing is typed in it. The same state when there is nothing to do, so a screen may ask
 * on every draw.
 */
export function withLateSize(state: CounterState, size: SizeSearch | null): CounterState {
  if (state.sizeFilled || !size) return state;
  if (state.typed !== '') return { ...state, sizeFilled: true };
  return { ...state, sizeFilled: true, typed: size.typed, filters: withSizeNeeds(state.filters, size) };
}

export const withTyped = (state: CounterState, typed: string): CounterState => ({ ...state, typed });
export const withFilters = (state: CounterState, filters: FinderFilters): CounterState => ({ ...state, filters });
export const withSort = (state: CounterState, sort: FoundTireOrder): CounterState => ({ ...state, sort });
export const withSelected = (state: CounterState, selected: number): CounterState => ({ ...state, selected });

/** The tires wanted, as the number box gives them: a whole number from 1; anything else (a box emptied) leaves them. */
export function withTiresWanted(state: CounterState, value: number | string): CounterState {
  return typeof value === 'number' && value >= 1 ? { ...state, filters: { ...state.filters, quantity: value } } : state;
}

/** Another customer: the vehicle was theirs, so it goes. */
export const withCustomer = (state: CounterState, customerId: string | null): CounterState => ({
  ...state,
  draft: { ...state.draft, customerId, vehicleId: null },
});

/** A vehicle chosen: its tire size goes in the box and its needs become the filters' least (a vehicle with no size leaves the box). */
export function withVehicle(state: CounterState, vehicle: CustomerVehicle | null): CounterState {
  const draft = { ...state.draft, vehicleId: vehicle?.vehicleId ?? null };
  const size = sizeSearchOf(vehicle);
  if (!size) return { ...state, draft };
  return { ...state, draft, typed: size.typed, filters: withSizeNeeds(state.filters, size) };
}

const withChoices = (state: CounterState, choices: DraftChoice[]): CounterState => ({ ...state, draft: { ...state.draft, choices } });

/** The option tires go to: the one selected, or the first when it is gone. */
export const optionAddedTo = (state: CounterState): DraftChoice => state.draft.choices[state.selected] ?? state.draft.choices[0]!;

/** The name on the list's Add buttons: the option tires go to. */
export const addToName = (state: CounterState) => state.draft.choices[state.selected]?.name ?? 'Good';

/** A tire found, added to the option tires go to: as many as are wanted (eight at most), at the store's price, described as the catalogue has it. */
export function withTireAdded(
  state: CounterState,
  found: FoundTire,
  catalogue: { lines: ReadonlyMap<string, ProductLine>; brands: ReadonlyMap<string, Brand> },
) {
  const { tire } = found;
  const choice = optionAddedTo(state);
  const added = {
    tireId: tire.tireId,
    description: tireDescription(tire, catalogue.lines.get(tire.productLineHashId), catalogue.brands.get(tire.brandHashId)),
    quantity: Math.min(state.filters.quantity, maxTiresWanted),
    unitPriceInCents: found.priceInCents ?? 0,
    isTaxable: true,
    isStuddable: isStuddable(tire),
  };
  const next = { ...choice, tires: [...choice.tires, added] };
  return {
    ...withChoices(
      state,
      state.draft.choices.map((c) => (c === choice ? next : c)),
    ),
    notice: `Added to ${choice.name}.`,
  };
}

/** Whether another option may be added (four at most). */
export const mayAddOption = (state: CounterState) => state.draft.choices.length < maxOptions;

/** A new option, named in order (Good, Better, Best…): the one tires go to next. */
export function withOptionAdded(state: CounterState): CounterState {
  if (!mayAddOption(state)) return state;
  return { ...withChoices(state, [...state.draft.choices, newChoice(state.draft.choices.length)]), selected: state.draft.choices.length };
}

/** Whether an option may be taken off: a quote keeps one. */
export const mayRemoveOption = (state: CounterState) => state.draft.choices.length > 1;

/** An option taken off: tires go to the first from then on. */
export function withOptionRemoved(state: CounterState, index: number): CounterState {
  if (!mayRemoveOption(state)) return state;
  return {
    ...withChoices(
      state,
      state.draft.choices.filter((_, j) => j !== index),
    ),
    selected: 0,
  };
}

/**
 * An option changed on its card (`shown` is the option as the card drew it). Ticking or unticking an add-on makes
 * the option's add-ons the counter's own from then on; anything else leaves them following the store's.
 */
export function withOptionChanged(state: CounterState, index: number, next: TireQuoteChoice, shown: TireQuoteChoice | undefined): CounterState {
  return withChoices(
    state,
    state.draft.choices.map((c, j) => (j === index ? { ...next, addOnsChosen: c.addOnsChosen || next.addOnIds !== shown?.addOnIds } : c)),
  );
}

export const withSaveTried = (state: CounterState): CounterState => (state.saveTried ? state : { ...state, saveTried: true });

// ---- The quote's figures ----

/** What the counter reads of the store to price a quote. */
export interface QuotePricing {
  prices: TireQuotePrices;
  addOns: Parameters<typeof choiceWithAddOns>[1];
  /** The store's price of a catalogue tire by the retail price rule (null: none). */
  priceOf: (tireId: string) => number | null;
}

export interface QuoteFigures {
  /** The options as the card shows them: the saved ones, or the counter's with each catalogue tire at the store's price. */
  choices: TireQuoteChoice[];
  /** The options, priced as one quote (what is saved). */
  priced: TireQuoteResult;
  /** Each option priced on its own: one option still empty leaves the others' totals in view. */
  pricedEach: TireQuoteResult[];
}

/**
 * The quote's figures: a saved quote keeps the prices it was saved with until its good-through date
 * (src/domain/tires/saved-quote-prices.ts), whatever was raised since; changed, its catalogue tires take the
 * store's price by the rule of now (a tire typed by hand keeps its price), and the one quote rule prices it.
 */
export function quoteFigures(draft: QuoteDraft, saved: TireQuote | null, store: QuotePricing): QuoteFigures {
  const drafted = draft.choices.map((c) => choiceWithAddOns(c, store.addOns));
  const priceNow = (options: TireQuoteChoice[]) => priceTireQuote({ createdOn: draft.createdOn, prices: store.prices, options });
  if (saved !== null && !quoteChoicesChanged(saved.choices, drafted)) {
    const { createdOn, validUntil } = saved;
    return {
      choices: saved.choices,
      priced: savedQuotePrices(saved, drafted, () => priceNow(saved.choices)),
      pricedEach: saved.options.map((option) => ({ ok: true as const, quote: { createdOn, validUntil, options: [option] } })),
    };
  }
  const choices = choicesAtRulePrices(drafted, store.priceOf).choices;
  return { choices, priced: savedQuotePrices(saved, drafted, () => priceNow(choices)), pricedEach: choices.map((choice) => priceNow([choice])) };
}

/** An option's priced lines and total, or null while it cannot be priced. */
export function pricedOption(figures: QuoteFigures, index: number): TireQuoteOption | null {
  const result = figures.pricedEach[index];
  return result?.ok ? (result.quote.options[0] ?? null) : null;
}

/**
 * What an option's card says is wrong, in the quote rule's words. An option with nothing in it yet has one thing
 * to say, and only once a save asked for it: what it needs.
 */
export function optionProblems(figures: QuoteFigures, index: number, saveTried: boolean): string[] {
  const result = figures.pricedEach[index];
  if (!result || result.ok) return [];
  const choice = figures.choices[index];
  const empty = (choice?.tires.length ?? 0) === 0 && (choice?.services.length ?? 0) === 0;
  if (empty && !saveTried) return [];
  return Object.entries(result.problems)
    .filter(([path]) => !empty || path === 'options.0.tires')
    .flatMap(([, words]) => words);
}

/** The priced options' totals on one line (`Good $801.99 · Better $950.00`) for a phone, where the quote is below the list; null while none is priced. */
export function totalsLine(figures: QuoteFigures): string | null {
  const totals = figures.choices.flatMap((_, i) => {
    const option = pricedOption(figures, i);
    return option ? [`${option.name} ${formatCents(option.totalInCents)}`] : [];
  });
  return totals.length === 0 ? null : totals.join(' · ');
}

// ---- Saving and sending ----

/** Why a saved quote's prices no longer hold (past its good-through day, by the store's date): it is then shown as sent, never changed or sent again. */
export function expiredProblem(saved: TireQuote | null, today: string): string | null {
  return saved !== null && !quoteStillGood(saved, today) ? quoteExpiredProblem(saved) : null;
}

/** What sending a quote reads of its customer: their name, number, address and texting consent. */
export type QuoteCustomerContact = Pick<Customer, 'firstName' | 'lastName' | 'companyName' | 'phoneNumber' | 'email' | 'textConsentMethod'>;

const noCustomer = 'Choose the customer this quote is for first.';

/**
 * A quote checked for saving or sending: the quote, or why not in words the counter can act on, and whether it was
 * checked as a save (an empty option says what it needs from then on).
 */
export type QuoteCheck = { ok: true; quote: TireQuote } | QuoteRefused;
export type QuoteRefused = { ok: false; problem: string; tried: boolean };
/** A quote checked for sending, with the name of the customer it goes to. */
export type SendCheck = { ok: true; quote: TireQuote; to: string } | QuoteRefused;

/**
 * The quote to save: the draft with its figures and its options as shown; not without its customer, not past its
 * good-through day, not while an option shows a problem.
 */
export function quoteToSave(draft: QuoteDraft, figures: QuoteFigures, expired: string | null): QuoteCheck {
  if (!draft.customerId) return { ok: false, problem: noCustomer, tried: true };
  if (expired) return { ok: false, problem: `${expired}.`, tried: true };
  if (!figures.priced.ok) return { ok: false, problem: 'Fix what the quote shows in red first.', tried: true };
  return { ok: true, quote: { ...draft, customerId: draft.customerId, ...figures.priced.quote, choices: figures.choices } };
}

/**
 * Why the quote cannot be texted (texting consent, no number, a store that does not text), said before anyone
 * presses Text quote so email is offered instead; null when it can as far as the device knows (the worker checks
 * a STOP too, and the server again). No customer yet: nothing to say here, the save says it.
 */
export function textProblem(
  customer: QuoteCustomerContact | null | undefined,
  store: Pick<StoreLocation, 'twilioPhoneNumber'> | null | undefined,
): string | null {
  return customer && store ? quoteSendProblem('sms', customer, store, () => false) : null;
}

/**
 * The quote to text or email when the button is pressed, and the name of the customer it goes to: no customer
 * (not tried as a save), then what stops its save, then the channel's own rule (an email needs an address) in the
 * worker's and the server's words (the worker checks a STOP too).
 */
export function quoteToSend(
  channel: 'sms' | 'email',
  sending: { draft: QuoteDraft; figures: QuoteFigures; expired: string | null; customer: QuoteCustomerContact | null | undefined },
  store: Pick<StoreLocation, 'twilioPhoneNumber'> | null | undefined,
): SendCheck {
  const { customer } = sending;
  if (!customer) return { ok: false, problem: noCustomer, tried: false };
  const checked = quoteToSave(sending.draft, sending.figures, sending.expired);
  if (!checked.ok) return checked;
  const refused = store ? quoteSendProblem(channel, customer, store, () => false) : null;
  return refused ? { ok: false, problem: `${refused}.`, tried: true } : { ...checked, to: displayName(customer) };
}

/** What the counter says once the quote is saved. */
export const savedNotice = 'Quote saved on the customer.';

export const withNotice = (state: CounterState, notice: string | null): CounterState => ({ ...state, notice });

export interface SentQuote {
  storeMessageId: string;
  channel: 'sms' | 'email';
  name: string;
}

/** Where a quote's text or email stands, in words: queued on this device, accepted by the server, or refused and why. */
export function sentNoticeOf(sent: SentQuote, status: SaveStatus, refused: string | null) {
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

// ---- The customer ----

/** A vehicle in the select: year, make and model, and its tire size when it has one. */
export const vehicleLabel = (v: Pick<CustomerVehicle, 'year' | 'make' | 'model' | 'tireSize'>) =>
  [v.year, v.make, v.model].filter(Boolean).join(' ') + (v.tireSize ? ` · ${v.tireSize}` : '');

/** The customer search is asked from two letters on. */
export const customerSearchReady = (query: string) => query.trim().length >= 2;

/** What the customer select says when it lists nobody. */
export const noCustomerWords = (query: string) => (customerSearchReady(query) ? 'No customer found' : 'Type two letters or more');

/** A customer the search found: their name, and their phone to tell two of one name apart. */
export const customerHitLabel = (customer: Customer) => `${displayName(customer)}${customer.phoneNumber ? ` · ${customer.phoneNumber}` : ''}`;
