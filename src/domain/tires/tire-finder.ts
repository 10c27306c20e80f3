import type { Brand, CatalogueTire, ProductLine } from '../../contract/entities.ts';
import { tireCategories, webTireCategories, type TireCategory, type WebTireCategory } from '../../contract/enum-values.ts';
import { atLeastLoad, atLeastLoadRange, atLeastSpeed, type LoadRange } from './tire-load-speed.ts';
import { catalogueSizeText, sizeServiceType, tireServiceType, tireServiceTypeLabel, type TireServiceType } from './tire-service-type.ts';
import { parseTireSize, tireSizeSearchPrefix } from './tire-size.ts';

/**
 * What the counter typed, read for the finder: a size (whole or begun: an index prefix of size keys), or
 * words of a brand or product line. A whole size typed with its load and speed (`P225/65R17 102H`) asks for
 * at least those, as the vehicle's placard would; with a service type (`LT245/75R16`, `195/70R15C`) for that
 * type only, and with a load range (`LT245/75R16 E`) for at least that range. A size that does not read whole
 * carries the parser's own words for what is wrong or missing (`225/65R`: the rim size), for the box to show.
 */
export type FinderQuery =
  | { kind: 'none' }
  /**
   * Too little to look up yet: a size begun no further than its width (`2`, `225`, `LT2`), or one or two letters
   * (`P`, `LT`: a size's service type as often as a brand's start). Each names thousands of tires.
   */
  | { kind: 'begun' }
  | SizeQuery
  | { kind: 'words'; words: string[] };

export interface SizeQuery {
  kind: 'size';
  prefix: string;
  exactKey: string | null;
  minLoadIndex: number | null;
  minSpeed: string | null;
  serviceType: TireServiceType | null;
  minLoadRange: LoadRange | null;
  /** Why the text is not a whole size, in the parser's words; null when it is one. */
  problem: string | null;
}

const sizeBegun = (prefix: string, problem: string): SizeQuery => ({
  kind: 'size',
  prefix,
  exactKey: null,
  minLoadIndex: null,
  minSpeed: null,
  serviceType: null,
  minLoadRange: null,
  problem,
});

export function readFinderQuery(typed: string): FinderQuery {
  const text = typed.trim();
  if (text === '') return { kind: 'none' };
  const prefix = tireSizeSearchPrefix(text);
  if (prefix !== null) {
    // A width alone names a fifth of a catalogue: reading it costs more than a keystroke may (bench: ~350 ms for
    // "2" over 30,000 tires); from the aspect ratio (225/6…) or a flotation width (35x1…) on, a few hundred.
    if (!/\/\d|x\d|R\d/.test(prefix)) return { kind: 'begun' };
    const parsed = parseTireSize(text);
    if (!parsed.ok) return sizeBegun(prefix, parsed.problem);
    const { size } = parsed;
    return {
      kind: 'size',
      prefix,
      exactKey: size.key,
      minLoadIndex: size.loadIndex,
      minSpeed: size.speedRating,
      serviceType: sizeServiceType(size),
      minLoadRange: size.loadRange,
      problem: null,
    };
  }
  // Digits that begin no size (`225/65R175`) find nothing rather than every brand.
  if (/\d/.test(text) && !/[a-z]{2}/i.test(text)) {
    const parsed = parseTireSize(text);
    return sizeBegun('\u0000', parsed.ok ? `"${text}" is not a tire size` : parsed.problem);
  }
  if (text.replace(/[^a-z]/gi, '').length < 3) return { kind: 'begun' };
  return {
    kind: 'words',
    words: text
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean),
  };
}

/** The product lines whose brand and line name hold every typed word at the start of one of their words. */
export function linesMatching(words: readonly string[], lines: readonly ProductLine[], brands: ReadonlyMap<string, Brand>): ProductLine[] {
  return lines.filter((line) => {
    const text = `${brands.get(line.brandHashId)?.name ?? ''} ${line.name}`.toLowerCase();
    // "all-wea" begins the word "all-weather"; "weather" begins a part of it.
    const starts = new Set([...text.split(/\s+/), ...text.split(/[\s\-/]+/)]);
    return words.every((word) => [...starts].some((w) => w.startsWith(word)));
  });
}

export interface FinderFilters {
  category: TireCategory | null;
  webCategory: WebTireCategory | null;
  /** At least this load index (the vehicle's, or typed with the size). */
  minLoadIndex: number | null;
  /** At least this speed rating, by speed (Q < R < S < T < U < H < V < W < Y). */
  minSpeed: string | null;
  /** Only tires of this service type (tireServiceType): a ¾-ton pickup's LT, not a passenger tire of its size. */
  serviceType: TireServiceType | null;
  /** At least this load range (C < D < E < F…): a tire whose load range is not known never meets one. */
  minLoadRange: LoadRange | null;
  runFlatOnly: boolean;
  inStockOnly: boolean;
  /** The tires wanted: a tire with at least this many here sorts first. */
  quantity: number;
}

export const noFilters: FinderFilters = {
  category: null,
  webCategory: null,
  minLoadIndex: null,
  minSpeed: null,
  serviceType: null,
  minLoadRange: null,
  runFlatOnly: false,
  inStockOnly: false,
  quantity: 4,
};

/**
 * The filters a search runs with: the ones chosen at the counter, and what the typed size asks for where a
 * filter is not chosen (`P225/65R17 102H`: load at least 102, speed at least H; `LT245/75R16 E`: LT, load range
 * E or more). A filter chosen by hand wins over the typed size.
 */
export function withTypedNeeds(filters: FinderFilters, query: FinderQuery | undefined): FinderFilters {
  if (query?.kind !== 'size') return filters;
  return {
    ...filters,
    minLoadIndex: filters.minLoadIndex ?? query.minLoadIndex,
    minSpeed: filters.minSpeed ?? query.minSpeed,
    serviceType: filters.serviceType ?? query.serviceType,
    minLoadRange: filters.minLoadRange ?? query.minLoadRange,
  };
}

/**
 * The filters a search runs with, in words (`Light truck (LT)`, `load at least 120`), for the counter to say
 * why nothing was found: none when every filter is off, so "with these filters" is never said of none. The
 * number of tires wanted orders the list and narrows nothing, so it is not one.
 */
export function filtersInUse(filters: FinderFilters): string[] {
  return [
    filters.serviceType && tireServiceTypeLabel(filters.serviceType),
    filters.category && tireCategories.label(filters.category),
    filters.webCategory && webTireCategories.label(filters.webCategory),
    filters.minLoadIndex !== null && `load at least ${filters.minLoadIndex}`,
    filters.minLoadRange && `load range ${filters.minLoadRange} or more`,
    filters.minSpeed && `speed at least ${filters.minSpeed}`,
    filters.runFlatOnly && 'run-flat',
    filters.inStockOnly && 'in stock here',
  ].filter((words): words is string => typeof words === 'string' && words !== '');
}

export interface StockHere {
  quantityOnHand: number;
  quantityOnOrder: number;
}

export interface FoundTire {
  tire: CatalogueTire;
  onHand: number;
  onOrder: number;
  /** The store's price of the tire (`priceOf`: the retail price rule at the counter; the list price otherwise). */
  priceInCents: number | null;
}

/**
 * Narrows the tires a look-up found by the filters and orders them as the counter sells: enough here for the
 * job first, then some here, then none here (another store or an order); within each, cheapest first at the
 * store's price (a tire without a price last), then by SKU so the order holds still between keystrokes. The price
 * is asked once for each tire that passes the filters.
 */
export function findTires(
  candidates: readonly CatalogueTire[],
  stock: ReadonlyMap<string, StockHere>,
  filters: FinderFilters,
  exactKey: string | null = null,
  priceOf: (tire: CatalogueTire) => number | null = (tire) => tire.priceInCents,
): FoundTire[] {
  const found: FoundTire[] = [];
  for (const tire of candidates) {
    if (exactKey !== null && tire.sizeKey !== exactKey) continue;
    if (filters.category !== null && tire.category !== filters.category) continue;
    if (filters.webCategory !== null && tire.webCategory !== filters.webCategory) continue;
    if (filters.runFlatOnly && !tire.isRunFlat) continue;
    if (!atLeastLoad(tire.loadIndex, filters.minLoadIndex)) continue;
    if (!atLeastSpeed(tire.speedRating, filters.minSpeed)) continue;
    if (!atLeastLoadRange(tire.loadRange, filters.minLoadRange)) continue;
    if (filters.serviceType !== null && tireServiceType(tire) !== filters.serviceType) continue;
    const here = stock.get(tire.tireId);
    const onHand = here?.quantityOnHand ?? 0;
    if (filters.inStockOnly && onHand <= 0) continue;
    found.push({ tire, onHand, onOrder: here?.quantityOnOrder ?? 0, priceInCents: priceOf(tire) });
  }
  const band = (f: FoundTire) => (f.onHand >= filters.quantity ? 0 : f.onHand > 0 ? 1 : 2);
  return found.sort(
    (a, b) =>
      band(a) - band(b) || (a.priceInCents ?? Number.MAX_SAFE_INTEGER) - (b.priceInCents ?? Number.MAX_SAFE_INTEGER) || a.tire.sku.localeCompare(b.tire.sku),
  );
}

/** Winter tires made to take studs: only these are studded when a quote asks for TireStudding. */
export const isStuddable = (tire: Pick<CatalogueTire, 'subcategory'>): boolean => /^Winter_Studdable/.test(tire.subcategory ?? '');

/**
 * How a tire reads on a quote line and the bay's list: brand, line, and its size as the sidewall prints it
 * (`Michelin Defender2 225/65R17 102H`, `BFGoodrich All-Terrain T/A KO2 LT245/75R16/E 120/116S`), so an LT
 * tire is never read as the passenger tire of its dimensions.
 */
export function tireDescription(tire: CatalogueTire, line: ProductLine | undefined, brand: Brand | undefined): string {
  return [brand?.name, line?.name, catalogueSizeText(tire, { loadRange: true })].filter(Boolean).join(' ');
}

/**
 * The store service a tire job is booked as: the first active one named for installing or mounting tires
 * ("Tire Installation (4)", "Mount and balance tires"), its duration the appointment's. None when the store's
 * catalogue has no such service: the counter then chooses the service on the calendar.
 */
export function tireInstallService<S extends { name: string; isActive: boolean }>(services: readonly S[]): S | null {
  return services.find((s) => s.isActive && /tire/i.test(s.name) && /install|mount/i.test(s.name)) ?? null;
}

/** The orders the counter may list found tires in; the finder's own (stock here, then price) is the first. */
export const foundTireOrders = [
  { value: 'stock', label: 'In stock here first', words: 'in stock here first, then by price' },
  { value: 'priceLow', label: 'Price, low to high', words: 'cheapest first' },
  { value: 'priceHigh', label: 'Price, high to low', words: 'dearest first' },
  { value: 'brand', label: 'Brand and line', words: 'by brand and line, then by price' },
] as const;
export type FoundTireOrder = (typeof foundTireOrders)[number]['value'];

/**
 * Found tires in the order the counter chose: as the finder ordered them (stock here first), by price either way
 * (a tire without a price last), or by brand and line (`nameOf`), then price. SKU breaks ties, so rows hold still.
 */
export function orderFoundTires(found: readonly FoundTire[], order: FoundTireOrder, nameOf: (tire: CatalogueTire) => string): FoundTire[] {
  if (order === 'stock') return [...found];
  const price = (f: FoundTire, missing: number) => f.priceInCents ?? missing;
  const bySku = (a: FoundTire, b: FoundTire) => a.tire.sku.localeCompare(b.tire.sku);
  const compare: Record<Exclude<FoundTireOrder, 'stock'>, (a: FoundTire, b: FoundTire) => number> = {
    priceLow: (a, b) => price(a, Infinity) - price(b, Infinity),
    priceHigh: (a, b) => price(b, -Infinity) - price(a, -Infinity),
    brand: (a, b) => nameOf(a.tire).localeCompare(nameOf(b.tire)) || price(a, Infinity) - price(b, Infinity),
  };
  // Infinity - Infinity is NaN: two tires without a price are equal.
  return [...found].sort((a, b) => compare[order](a, b) || 0 || bySku(a, b));
}
