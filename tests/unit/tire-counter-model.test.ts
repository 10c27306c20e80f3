import { describe, expect, it } from 'vitest';
import type { Brand, CatalogueTire, ProductLine, StoreTireService, StoreTireWarranty } from '../../src/contract/entities.ts';
import type { TireQuote, TireQuotePrices, TireQuoteTire } from '../../src/contract/tire-pricing.ts';
import { readFinderQuery, type FoundTire } from '../../src/domain/tires/tire-finder.ts';
import {
  expiredProblem,
  openedDraft,
  optionProblems,
  pricedOption,
  quoteFigures,
  quoteToSave,
  quoteToSend,
  sentNoticeOf,
  sizeSearchOf,
  startingCounter,
  textProblem,
  totalsLine,
  withCustomer,
  withLateSize,
  withOptionAdded,
  withOptionChanged,
  withOptionRemoved,
  withSelected,
  withTireAdded,
  withTiresWanted,
  withTyped,
  withVehicle,
  type CounterState,
  type QuotePricing,
} from '../../src/features/counter/counter-model.ts';
import { finderHint, foundCountWords, moreToShow, sizeBoxMessage, stockBadge } from '../../src/features/counter/finder-model.ts';
import { studdingOffered, warrantyChoices, withAddOnTicked, withPackage, withTireQuantity } from '../../src/features/counter/quote-option-model.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const mounting = uuid(1);
const tireTax = uuid(2);
/** The store: 5% sales tax, quotes good for 30 days, mounting $15 a tire (a tire job takes it), the tire tax only when it applies. */
const prices: TireQuotePrices = {
  salesTaxRateInMillionths: 50_000,
  validForDays: 30,
  addOns: [
    { tirePurchaseAddOnId: mounting, category: 'Mounting', name: 'Mounting', priceInCents: 1500, chargedPer: 'PerTire', isTaxable: true },
    { tirePurchaseAddOnId: tireTax, category: 'TireTax', name: 'Tire Tax', priceInCents: 900, chargedPer: 'PerTire', isTaxable: false },
  ],
  installPackages: [],
  tireServices: [],
  warranties: [],
  tireFees: [],
};
const catalogueTireId = uuid(10);
/** The store's price of the catalogue tire by its rule today: $110 (the quote was drafted at $100). */
const store: QuotePricing = { prices, addOns: prices.addOns, priceOf: (tireId) => (tireId === catalogueTireId ? 11_000 : null) };

const catalogueTire: CatalogueTire = {
  tireId: catalogueTireId,
  productLineHashId: 'line',
  brandHashId: 'brand',
  tireSizeId: uuid(20),
  sizeKey: '225/65R17',
  sku: 'SKU1',
  category: 'Tour',
  subcategory: 'Winter_Studdable',
  webCategory: 'Winter',
  loadIndex: 102,
  dualLoadIndex: null,
  loadRange: null,
  speedRating: 'T',
  priceInCents: 10_000,
  costInCents: null,
  utqg: null,
  isRunFlat: false,
  treadDepth32nds: 12,
};
const catalogue = {
  brands: new Map([['brand', { brandHashId: 'brand', name: 'Falken' } as Brand]]),
  lines: new Map([['line', { productLineHashId: 'line', brandHashId: 'brand', name: 'Eurowinter' } as ProductLine]]),
};
const found: FoundTire = { tire: catalogueTire, onHand: 2, onOrder: 0, priceInCents: 10_000 };
const handTyped: TireQuoteTire = { tireId: null, description: 'Used 225/65R17', quantity: 2, unitPriceInCents: 4000, isTaxable: true, isStuddable: false };

const fresh = { tireQuoteId: uuid(30), today: '2026-11-29', customerId: uuid(40), vehicleId: null };
const counter = (customerId: string | null = fresh.customerId): CounterState => startingCounter(openedDraft(null, { ...fresh, customerId }), null);
/** A counter with a set of four of the catalogue tire in Good. */
const withFour = (state = counter()) => withTireAdded(state, found, catalogue);

const pat = { firstName: 'Pat', lastName: 'Jones', companyName: null, phoneNumber: '(217) 555-0142', email: null, textConsentMethod: 'InPerson' as const };
const texter = { twilioPhoneNumber: '+15555550100' };

describe("the tire counter's draft", () => {
  it('opens a new quote with one empty Good option for the customer in the address, dated the store’s today, with no public id yet', () => {
    const draft = openedDraft(null, fresh);
    expect(draft).toMatchObject({ tireQuoteId: fresh.tireQuoteId, tireQuoteHashId: '', createdOn: '2026-11-29', customerId: fresh.customerId });
    expect(draft.choices.map((c) => [c.name, c.tires.length, c.addOnsChosen])).toEqual([['Good', 0, false]]);
  });

  it('opens a saved quote as it was saved, its add-ons as the counter chose them then', () => {
    const state = withOptionChanged(withFour(), 0, { ...withFour().draft.choices[0]!, addOnIds: [tireTax] }, undefined);
    const checked = quoteToSave(state.draft, quoteFigures(state.draft, null, store), null);
    if (!checked.ok) throw new Error(checked.problem);
    const saved: TireQuote = { ...checked.quote, tireQuoteId: uuid(31), tireQuoteHashId: 'abc', createdOn: '2026-11-01' };
    const draft = openedDraft(saved, fresh);
    expect(draft).toMatchObject({ tireQuoteId: uuid(31), tireQuoteHashId: 'abc', createdOn: '2026-11-01', customerId: fresh.customerId });
    expect(draft.choices[0]).toMatchObject({ addOnIds: [tireTax], addOnsChosen: true });
  });

  it("puts the vehicle's tire size in the box, with its load, speed, service type and load range as the least", () => {
    const state = startingCounter(openedDraft(null, fresh), sizeSearchOf({ tireSize: 'LT245/75R16 120/116S E' }));
    expect(state.typed).toBe('245/75R16');
    expect(state.filters).toMatchObject({ minLoadIndex: 120, minSpeed: 'S', serviceType: 'LT', minLoadRange: 'E', quantity: 4 });
    expect(sizeSearchOf({ tireSize: 'not a size' })).toBeNull();
  });

  it('fills the box with the size of a vehicle read late once, and never over what the counter typed', () => {
    const size = sizeSearchOf({ tireSize: 'P225/65R17 102H' });
    const filled = withLateSize(counter(), size);
    expect([filled.typed, filled.filters.minLoadIndex, filled.sizeFilled]).toEqual(['225/65R17', 102, true]);
    expect(withLateSize(filled, sizeSearchOf({ tireSize: '245/75R16' }))).toBe(filled);
    const typed = withLateSize(withTyped(counter(), 'Michelin'), size);
    expect([typed.typed, typed.filters.minLoadIndex, typed.sizeFilled]).toEqual(['Michelin', null, true]);
    expect(withLateSize(counter(), null)).toEqual(counter());
  });

  it('drops the vehicle when the customer changes, and a vehicle chosen puts its size in the box', () => {
    const chosen = withVehicle(counter(), { vehicleId: uuid(50), tireSize: 'P225/65R17 102H' } as Parameters<typeof withVehicle>[1]);
    expect([chosen.draft.vehicleId, chosen.typed, chosen.filters.minSpeed]).toEqual([uuid(50), '225/65R17', 'H']);
    const noSize = withVehicle(withTyped(counter(), 'Falken'), { vehicleId: uuid(51), tireSize: null } as Parameters<typeof withVehicle>[1]);
    expect([noSize.draft.vehicleId, noSize.typed]).toEqual([uuid(51), 'Falken']);
    expect(withCustomer(chosen, uuid(42)).draft).toMatchObject({ customerId: uuid(42), vehicleId: null });
  });

  it('adds a tire found to the option tires go to, as many as are wanted (eight at most), at its price, and says where', () => {
    const state = withFour();
    expect(state.draft.choices[0]!.tires).toEqual([
      {
        tireId: catalogueTireId,
        description: expect.stringContaining('Falken Eurowinter'),
        quantity: 4,
        unitPriceInCents: 10_000,
        isTaxable: true,
        isStuddable: true,
      },
    ]);
    expect(state.notice).toBe('Added to Good.');
    const ten = withTireAdded(withTiresWanted(counter(), 10), found, catalogue);
    expect(ten.draft.choices[0]!.tires[0]!.quantity).toBe(8);
  });

  it('keeps the tires wanted when their box is emptied', () => {
    expect(withTiresWanted(counter(), '').filters.quantity).toBe(4);
    expect(withTiresWanted(counter(), 0).filters.quantity).toBe(4);
    expect(withTiresWanted(counter(), 2).filters.quantity).toBe(2);
  });

  it('makes a new option the one tires go to, names it in order, holds four at most, and goes back to the first when one is taken off', () => {
    let state = counter();
    for (let i = 0; i < 5; i++) state = withOptionAdded(state);
    expect(state.draft.choices.map((c) => c.name)).toEqual(['Good', 'Better', 'Best', 'Option 4']);
    expect(state.selected).toBe(3);
    expect(withTireAdded(withSelected(state, 1), found, catalogue).notice).toBe('Added to Better.');
    const removed = withOptionRemoved(state, 1);
    expect([removed.draft.choices.map((c) => c.name), removed.selected]).toEqual([['Good', 'Best', 'Option 4'], 0]);
    expect(withOptionRemoved(counter(), 0)).toEqual(counter());
  });
});

describe("the tire counter's figures", () => {
  it('prices an option by the quote rule with the add-ons a tire job takes, until the counter ticks or unticks one', () => {
    // 4 × $110 (the store's price today) + 4 × $15 mounting = $500.00, 5% tax $25.00: $525.00 out the door.
    const state = withFour();
    const figures = quoteFigures(state.draft, null, store);
    expect(pricedOption(figures, 0)).toMatchObject({ subtotalInCents: 50_000, taxInCents: 2500, totalInCents: 52_500 });
    // Mounting unticked: the option's add-ons are the counter's own from then on, whatever the store's are.
    const shown = figures.choices[0]!;
    const unticked = withOptionChanged(state, 0, withAddOnTicked(shown, mounting, false), shown);
    expect(unticked.draft.choices[0]).toMatchObject({ addOnIds: [], addOnsChosen: true });
    expect(pricedOption(quoteFigures(unticked.draft, null, store), 0)?.totalInCents).toBe(46_200);
    // Another change (a name) leaves the add-ons following the store's.
    const renamed = withOptionChanged(state, 0, { ...shown, name: 'Winter' }, shown);
    expect(renamed.draft.choices[0]!.addOnsChosen).toBe(false);
  });

  it("prices a catalogue tire at the store's price of now, and a tire typed by hand at its own", () => {
    const state = withFour();
    const draft = { ...state.draft, choices: [{ ...state.draft.choices[0]!, tires: [...state.draft.choices[0]!.tires, handTyped] }] };
    expect(quoteFigures(draft, null, store).choices[0]!.tires.map((t) => t.unitPriceInCents)).toEqual([11_000, 4000]);
  });

  it('keeps a saved quote’s prices while its options are as saved, and prices it anew once they change', () => {
    const figures = quoteFigures(withFour().draft, null, store);
    const saved = quoteToSave(withFour().draft, figures, null);
    if (!saved.ok) throw new Error(saved.problem);
    // Mounting went up since: the saved quote, opened again unchanged, reads as it was saved.
    const raised: QuotePricing = { ...store, prices: { ...prices, addOns: [{ ...prices.addOns[0]!, priceInCents: 2000 }, prices.addOns[1]!] } };
    const reopened = startingCounter(openedDraft(saved.quote, fresh), null);
    expect(pricedOption(quoteFigures(reopened.draft, saved.quote, raised), 0)?.totalInCents).toBe(52_500);
    const changed = withOptionChanged(reopened, 0, withTireQuantity(saved.quote.choices[0]!, 0, 2), saved.quote.choices[0]);
    // 2 × $110 + 2 × $20 = $260.00, tax $13.00.
    expect(pricedOption(quoteFigures(changed.draft, saved.quote, raised), 0)?.totalInCents).toBe(27_300);
  });

  it('says nothing of an empty option until a save is asked for, then only what it needs', () => {
    const state = withOptionAdded(withFour());
    const figures = quoteFigures(state.draft, null, store);
    expect(optionProblems(figures, 1, false)).toEqual([]);
    expect(optionProblems(figures, 1, true)).toEqual(['Add a tire or a service to quote']);
    expect(optionProblems(figures, 0, true)).toEqual([]);
    // The other option's total stays in view, and a phone reads the priced ones on one line.
    expect(totalsLine(figures)).toBe('Good $525.00');
    expect(totalsLine(quoteFigures(counter().draft, null, store))).toBeNull();
  });
});

describe('saving and sending a quote at the counter', () => {
  it('refuses a save without a customer, past its good-through day, or while an option shows a problem', () => {
    const figures = quoteFigures(withFour().draft, null, store);
    expect(quoteToSave(withFour(counter(null)).draft, figures, null)).toEqual({
      ok: false,
      problem: 'Choose the customer this quote is for first.',
      tried: true,
    });
    const empty = quoteFigures(counter().draft, null, store);
    expect(quoteToSave(counter().draft, empty, null)).toMatchObject({ ok: false, problem: 'Fix what the quote shows in red first.' });
    const saved = quoteToSave(withFour().draft, figures, null);
    expect(saved).toMatchObject({ ok: true, quote: { customerId: fresh.customerId, createdOn: '2026-11-29', validUntil: '2026-12-29' } });
  });

  it('reads a quote past its good-through day, by the store’s date, as expired: shown as sent, never saved or sent', () => {
    const figures = quoteFigures(withFour().draft, null, store);
    const saved = quoteToSave(withFour().draft, figures, null);
    if (!saved.ok) throw new Error(saved.problem);
    expect(expiredProblem(saved.quote, '2026-12-29')).toBeNull();
    const expired = expiredProblem(saved.quote, '2026-12-30');
    expect(expired).toBe("This quote was good through Tue, Dec 29, 2026: start a new quote for today's prices");
    expect(quoteToSave(withFour().draft, figures, expired)).toMatchObject({ ok: false, problem: `${expired}.` });
    expect(quoteToSend('email', { draft: withFour().draft, figures, expired, customer: pat }, texter)).toMatchObject({ ok: false, problem: `${expired}.` });
  });

  it("says before Text quote why a quote cannot be texted, in the consent rule's words, and nothing before there is a customer", () => {
    expect(textProblem(pat, texter)).toBeNull();
    expect(textProblem({ ...pat, textConsentMethod: null }, texter)).toMatch(/^The quote cannot be texted: the customer has not agreed to texts/);
    expect(textProblem(pat, { twilioPhoneNumber: null })).toMatch(/^The quote cannot be texted: the store cannot text/);
    expect(textProblem(null, texter)).toBeNull();
  });

  it("sends to the customer by name, and refuses with the save's words first, then the channel's; no customer is not a save tried", () => {
    const sending = { draft: withFour().draft, figures: quoteFigures(withFour().draft, null, store), expired: null, customer: pat };
    expect(quoteToSend('sms', sending, texter)).toMatchObject({ ok: true, to: 'Pat Jones' });
    expect(quoteToSend('email', sending, texter)).toEqual({
      ok: false,
      problem: 'This customer has no email address: add one on the customer, or text the quote.',
      tried: true,
    });
    expect(quoteToSend('email', { ...sending, customer: null }, texter)).toEqual({
      ok: false,
      problem: 'Choose the customer this quote is for first.',
      tried: false,
    });
    const empty = { ...sending, draft: counter().draft, figures: quoteFigures(counter().draft, null, store) };
    expect(quoteToSend('email', empty, texter)).toMatchObject({ ok: false, problem: 'Fix what the quote shows in red first.' });
  });

  it('says where a text stands: queued until the server has the quote, then sent, or not sent and why', () => {
    const sent = { storeMessageId: uuid(60), channel: 'sms' as const, name: 'Pat Jones' };
    expect(sentNoticeOf(sent, 'waiting', null)).toMatchObject({ done: false, refused: false, words: expect.stringMatching(/^Quote text to Pat Jones queued/) });
    expect(sentNoticeOf(sent, 'saved', null)).toEqual({ refused: false, done: true, words: 'Quote texted to Pat Jones.' });
    expect(sentNoticeOf({ ...sent, channel: 'email' }, null, 'No address')).toEqual({
      refused: true,
      done: false,
      words: "The quote's email to Pat Jones was not sent: No address",
    });
  });
});

describe("the tire counter's finder words", () => {
  it('says why a size is not one under the box: a note while tires are listed, an error when none is', () => {
    expect(sizeBoxMessage(readFinderQuery('225/65R'), 12)).toEqual({ description: '"225/65R" needs the rim size, as in 225/65R17.' });
    expect(sizeBoxMessage(readFinderQuery('226/65R17'), 0)).toEqual({ error: 'Width 226 mm is not a tire width: metric widths end in 0 or 5.' });
    expect(sizeBoxMessage(readFinderQuery('225/65R17'), 0)).toEqual({});
  });

  it('asks for a size before listing, counts what it lists, and offers a page more at a time', () => {
    expect(finderHint(' ', readFinderQuery(' '))).toBe('Type a size (2256517 works), a brand or a product line.');
    expect(finderHint('22', readFinderQuery('22'))).toBe('Keep typing: a size (225/65R17 or 2256517), a brand or a line.');
    expect(finderHint('225/65R17', readFinderQuery('225/65R17'))).toBeNull();
    expect(foundCountWords(1204, 20, 'in stock here first')).toBe('20 of 1,204 tires, in stock here first');
    expect(foundCountWords(1, 20, 'cheapest first')).toBe('1 tire, cheapest first');
    expect([moreToShow(45, 20), moreToShow(45, 40), moreToShow(45, 60)]).toEqual([20, 5, 0]);
  });

  it('badges a tire by its stock here: a set of four or more, fewer, on order, or none', () => {
    expect([stockBadge({ onHand: 4, onOrder: 0 }), stockBadge({ onHand: 2, onOrder: 8 })]).toEqual([
      { color: 'teal', words: '4 here' },
      { color: 'yellow', words: '2 here' },
    ]);
    expect([stockBadge({ onHand: 0, onOrder: 8 }).words, stockBadge({ onHand: 0, onOrder: 0 }).words]).toEqual(['8 on order', 'None here']);
  });
});

describe("a quote option's card", () => {
  it('offers studding only to an option with a studdable tire, and only the warranties sold at a price', () => {
    const studding: StoreTireService = { storeTireServiceId: uuid(70), type: 'TireStudding', isEnabled: true, priceInCents: 1500 };
    const good = withFour().draft.choices[0]!;
    expect(studdingOffered([studding], good)).toBe(studding);
    expect(studdingOffered([studding], { ...good, tires: [handTyped] })).toBeNull();
    expect(studdingOffered([{ ...studding, priceInCents: null }], good)).toBeNull();
    const warranty = (type: StoreTireWarranty['type'], priceInCents: number | null): StoreTireWarranty => ({
      storeTireWarrantyId: uuid(71),
      type,
      isEnabled: true,
      priceInCents,
    });
    expect(warrantyChoices([warranty('PromisePlus', 2000), warranty('PromisePlusNational', null)]).map((c) => c.value)).toEqual(['', 'PromisePlus']);
  });

  it('changes only what a control names: a quantity from 1, an add-on ticked, no package for none', () => {
    const good = withFour().draft.choices[0]!;
    expect(withTireQuantity(good, 0, '')).toBe(good);
    expect(withTireQuantity(good, 0, 3).tires[0]!.quantity).toBe(3);
    expect(withAddOnTicked(good, tireTax, true).addOnIds).toEqual([tireTax]);
    expect(withPackage({ ...good, installPackageId: uuid(80) }, '').installPackageId).toBeNull();
  });
});
