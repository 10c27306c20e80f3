import type { Faker } from '@faker-js/faker';
import type { Insertable, Kysely } from 'kysely';
import type * as E from '../../src/contract/entities.ts';
import type { TireCategory, WebTireCategory } from '../../src/contract/enums.ts';
import type { TireSubcategory } from '../../src/contract/tire-catalogue.ts';
import type { SpeedRating } from '../../src/domain/tires/tire-load-speed.ts';
import { parseTireSize, type TireSize } from '../../src/domain/tires/tire-size.ts';
import type { Database } from '../db/schema.ts';

/*
 * The demo's tire catalogue: fifteen brands, their product lines and about five thousand tires in the sizes a
 * North American store sells, with each store's stock of about a quarter of them. Big enough that the counter's
 * finder, its paging and its size search behave as they will on a real catalogue, and believable to a store
 * person looking at it: sizes, load and speed, UTQG, tread depth and prices fit the kind of tire and the brand.
 */

/** One row of a store's stock, for demo.ts to insert with the store's id (it is replicated: versions are its job). */
export interface DemoStock {
  tireId: string;
  quantityOnHand: number;
  quantityOnOrder: number;
}

/** The size every counter demo types (2256517): offered in every season, by several brands, and in stock at the first store. */
const counterSize = '225/65R17';

/**
 * How much of the catalogue to seed. `full`: every tire, as `npm start` and the bench use it. `small`: the same
 * brands, lines and sizes with every tire of the counter's size and of 245/75R16 (a P-metric and an LT tire of one
 * size), and the first two tires of every other size: a few hundred tires, enough for every screen of the
 * end-to-end tests, whose first sync then copies a tenth of the rows.
 */
export type DemoCatalogueSize = 'full' | 'small';

/** The sizes the small catalogue keeps whole: the counter's, and the size sold both as a P-metric and as an LT tire. */
const sizesKeptWhole = new Set([counterSize, '245/75R16']);

/** The tires of the small catalogue, in the order they were built (every draw is made as for the full one first). */
function smallCatalogue(built: readonly Built[]): Built[] {
  const seen = new Map<string, number>();
  return built.filter((b) => {
    const key = b.size.size.key;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return sizesKeptWhole.has(key) || n < 2;
  });
}

/**
 * Mulberry32, seeded: the catalogue comes out the same on every run, and draws nothing from the demo's own faker,
 * whose sequence the rest of the demo (customers, visits, messages) is made from.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** The first item more often than the second, the second more than the third: a line's usual rating first. */
  const pickLeaning = <T>(items: readonly T[]): T => items[Math.floor(next() * next() * items.length)]!;
  const chance = (p: number): boolean => next() < p;
  const weighted = <T>(choices: readonly (readonly [T, number])[]): T => {
    let roll = next() * choices.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![0];
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = int(i, copy.length - 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  };
  const hex = (length: number) => Array.from({ length }, () => int(0, 15).toString(16)).join('');
  const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  const alphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const alphanumeric = (length: number): string => Array.from({ length }, () => pick([...alphanumerics])).join('');
  return { next, int, pick, pickLeaning, chance, weighted, sample, uuid, alphanumeric };
}
type Random = ReturnType<typeof seededRandom>;

// Sizes as sidewalls print them, with the load index the catalogues give. The passenger sizes carry tags for the
// kinds of tire that come in them: e economy car, c touring car, g grand touring, u crossover and SUV,
// p performance (the low-profile ones are XL, as those mostly are), t pickup (P-metric truck).
const passengerSizes: readonly (readonly [string, string])[] = [
  ['175/65R14 82', 'e'],
  ['175/70R14 84', 'e'],
  ['185/65R14 86', 'ec'],
  ['185/70R14 88', 'ec'],
  ['195/70R14 91', 'ec'],
  ['185/60R15 84', 'ec'],
  ['185/65R15 88', 'ec'],
  ['195/60R15 88', 'ec'],
  ['195/65R15 91', 'ecg'],
  ['205/65R15 94', 'ec'],
  ['205/70R15 96', 'ecu'],
  ['215/70R15 98', 'cu'],
  ['235/75R15 105', 'ut'],
  ['195/55R16 87', 'ec'],
  ['205/55R16 91', 'ecg'],
  ['205/60R16 92', 'ecg'],
  ['205/65R16 95', 'ec'],
  ['215/55R16 93', 'cg'],
  ['215/60R16 95', 'ecg'],
  ['215/65R16 98', 'ecu'],
  ['225/60R16 98', 'ecg'],
  ['225/70R16 103', 'u'],
  ['235/70R16 106', 'ut'],
  ['245/70R16 107', 'ut'],
  ['265/70R16 112', 'ut'],
  ['245/75R16 111', 't'],
  ['265/75R16 114', 't'],
  ['205/50R17 93', 'gp'],
  ['215/45R17 91', 'gp'],
  ['215/50R17 95', 'cg'],
  ['215/55R17 94', 'ecg'],
  ['215/60R17 96', 'cu'],
  ['225/45R17 94', 'gp'],
  ['225/50R17 98', 'cgp'],
  ['225/55R17 97', 'cg'],
  ['225/60R17 99', 'cu'],
  ['225/65R17 102', 'cu'],
  ['235/45R17 97', 'gp'],
  ['235/55R17 99', 'cgu'],
  ['235/65R17 104', 'u'],
  ['245/45R17 99', 'p'],
  ['245/65R17 107', 'ut'],
  ['245/70R17 110', 'ut'],
  ['265/65R17 112', 'ut'],
  ['265/70R17 115', 'ut'],
  ['215/55R18 95', 'cu'],
  ['225/40R18 92', 'p'],
  ['225/45R18 95', 'gp'],
  ['225/55R18 98', 'cgu'],
  ['225/60R18 100', 'cu'],
  ['235/40R18 95', 'p'],
  ['235/45R18 94', 'gp'],
  ['235/50R18 97', 'gu'],
  ['235/55R18 100', 'cu'],
  ['235/60R18 103', 'u'],
  ['235/65R18 106', 'u'],
  ['245/40R18 97', 'gp'],
  ['245/45R18 100', 'gp'],
  ['245/50R18 100', 'g'],
  ['245/60R18 105', 'ut'],
  ['255/35R18 94', 'p'],
  ['255/55R18 109', 'u'],
  ['265/60R18 110', 'ut'],
  ['265/65R18 114', 'ut'],
  ['275/65R18 116', 't'],
  ['225/40R19 93', 'p'],
  ['225/45R19 96', 'gp'],
  ['235/40R19 96', 'gp'],
  ['235/50R19 99', 'gu'],
  ['235/55R19 105', 'u'],
  ['245/40R19 98', 'p'],
  ['245/45R19 102', 'gp'],
  ['245/55R19 103', 'u'],
  ['255/35R19 96', 'p'],
  ['255/40R19 100', 'p'],
  ['255/50R19 107', 'u'],
  ['255/55R19 111', 'u'],
  ['275/35R19 100', 'p'],
  ['275/40R19 105', 'p'],
  ['235/55R20 102', 'u'],
  ['245/35R20 95', 'p'],
  ['245/40R20 99', 'p'],
  ['245/45R20 103', 'gp'],
  ['245/50R20 102', 'u'],
  ['255/45R20 105', 'up'],
  ['255/50R20 109', 'u'],
  ['255/55R20 110', 'u'],
  ['265/50R20 111', 'u'],
  ['275/30R20 97', 'p'],
  ['275/35R20 102', 'p'],
  ['275/40R20 106', 'p'],
  ['275/45R20 110', 'u'],
  ['275/55R20 113', 'ut'],
  ['275/60R20 115', 'ut'],
  ['255/40R21 102', 'p'],
  ['265/40R21 105', 'pu'],
  ['265/45R21 104', 'u'],
  ['275/45R21 110', 'u'],
  ['285/45R21 113', 'u'],
  ['295/35R21 107', 'p'],
  ['275/35R21 103', 'p'],
  ['265/40R22 106', 'u'],
  ['275/40R22 107', 'pu'],
  ['275/45R22 112', 'u'],
  ['285/40R22 110', 'u'],
  ['285/45R22 114', 'u'],
  ['305/40R22 114', 'u'],
];
/** Light-truck sizes with their load range (E, D for LT315/70R17) and single/dual load, as printed. */
const lightTruckSizes: readonly string[] = [
  'LT215/85R16 E 115/112',
  'LT225/75R16 E 115/112',
  'LT235/85R16 E 120/116',
  'LT245/75R16 E 120/116',
  'LT265/75R16 E 123/120',
  'LT285/75R16 E 126/123',
  'LT315/75R16 E 127/124',
  'LT235/80R17 E 120/117',
  'LT245/70R17 E 119/116',
  'LT245/75R17 E 121/118',
  'LT265/70R17 E 121/118',
  'LT285/70R17 E 121/118',
  'LT285/75R17 E 121/118',
  'LT315/70R17 D 121/118',
  'LT265/70R18 E 124/121',
  'LT275/65R18 E 123/120',
  'LT275/70R18 E 125/122',
  'LT285/65R18 E 125/122',
  'LT295/70R18 E 129/126',
  'LT275/65R20 E 126/123',
  'LT285/60R20 E 125/122',
  'LT285/65R20 E 127/124',
  'LT295/55R20 E 123/120',
  'LT295/60R20 E 126/123',
  'LT295/65R20 E 129/126',
  'LT305/55R20 E 125/122',
  'LT325/60R20 E 126/123',
];
/** Flotation sizes: overall diameter x section width in inches, load range and one load index as their sidewalls print them. */
const flotationSizes: readonly string[] = [
  '31x10.50R15LT C 109',
  '33x12.50R15LT C 108',
  '33x12.50R17LT E 120',
  '33x12.50R18LT E 118',
  '33x12.50R20LT E 114',
  '35x12.50R17LT E 121',
  '35x12.50R18LT F 123',
  '35x12.50R20LT E 121',
  '35x13.50R20LT F 126',
  '37x12.50R17LT D 124',
  '37x13.50R20LT F 127',
  '37x13.50R22LT E 123',
];

type Pool = 'e' | 'c' | 'g' | 'u' | 'p' | 't' | 'lt' | 'flotation';
interface CatalogueSize {
  /** The size without load and speed: the line's own sizes are told apart by it. */
  text: string;
  size: TireSize;
  kind: 'passenger' | 'lt' | 'flotation';
  pools: readonly Pool[];
}

function readSize(text: string, kind: CatalogueSize['kind'], pools: readonly Pool[]): CatalogueSize {
  const parsed = parseTireSize(text);
  if (!parsed.ok) throw new Error(`The demo catalogue's size ${text} does not read: ${parsed.problem}`);
  return { text: text.split(' ')[0]!, size: parsed.size, kind, pools };
}
const allSizes: readonly CatalogueSize[] = [
  ...passengerSizes.map(([text, tags]) => readSize(text, 'passenger', [...tags] as Pool[])),
  ...lightTruckSizes.map((text) => readSize(text, 'lt', ['lt'])),
  ...flotationSizes.map((text) => readSize(text, 'flotation', ['flotation'])),
];

/** Width and height in millimetres for pricing, whatever the system the size is written in. */
function dimensions(size: TireSize): { widthMm: number; aspectRatio: number } {
  if (size.system === 'metric') return { widthMm: size.widthMm, aspectRatio: size.aspectRatio };
  const widthMm = Math.round(size.widthInches * 25.4);
  // A numeric size (7.50R16) is about as tall as it is wide.
  if (size.system === 'numeric') return { widthMm, aspectRatio: 100 };
  return { widthMm, aspectRatio: Math.round(((size.diameterInches - size.rimDiameter) / 2 / size.widthInches) * 100) };
}

interface Kind {
  category: TireCategory;
  subcategory: TireSubcategory;
  webCategory: WebTireCategory;
  pools: readonly Pool[];
  /** Only the sizes this kind is made in, beyond its pools (the low, wide wheels of a performance truck tire). */
  fits?: (size: CatalogueSize) => boolean;
  /** How many sizes one line offers, fewest to most. */
  sizes: readonly [number, number];
  speed: { passenger?: readonly SpeedRating[]; lt?: readonly SpeedRating[]; flotation?: readonly SpeedRating[] };
  /** Treadwear range, traction and temperature grades: graded on passenger sizes only, never on winter tires. */
  utqg: { treadwear: readonly [number, number]; traction: readonly string[]; temperature: readonly string[] } | null;
  /** New tread depth in 32nds on a passenger size, and on a light-truck or flotation one. */
  tread: readonly [number, number];
  treadLT?: readonly [number, number];
  price: number;
  /** Whether a premium brand's line may come in run-flat sizes as well. */
  runFlat?: boolean;
  descriptions: readonly string[];
}

const allSeasonTraction = { traction: ['A', 'A', 'B'], temperature: ['B', 'A'] } as const;
const sporty = { traction: ['A', 'AA'], temperature: ['A'] } as const;
const summer = { traction: ['AA'], temperature: ['A'] } as const;

/** The kinds of tire the lines are. {warranty} is the line's treadwear warranty, read from its UTQG treadwear. */
const kinds = {
  passenger: {
    category: 'Tour',
    subcategory: 'Tour_Passenger',
    webCategory: 'AllSeason',
    pools: ['e'],
    sizes: [7, 11],
    speed: { passenger: ['T', 'S', 'H'] },
    utqg: { treadwear: [500, 700], ...allSeasonTraction },
    tread: [10, 11],
    price: 0.86,
    descriptions: [
      'A dependable all-season tire for everyday commuting in compact and midsize cars, with a {warranty}-mile limited treadwear warranty.',
      'A value-minded all-season tire for small cars. A closed center rib keeps it quiet on the highway, and low rolling resistance saves fuel.',
      'An economical all-season tire that wears evenly and rides softly. Backed by a {warranty}-mile limited treadwear warranty.',
    ],
  },
  touring: {
    category: 'Tour',
    subcategory: 'Tour_Standard',
    webCategory: 'AllSeason',
    pools: ['c'],
    sizes: [10, 16],
    speed: { passenger: ['T', 'H'] },
    utqg: { treadwear: [600, 800], ...allSeasonTraction },
    tread: [10, 11],
    price: 1,
    runFlat: true,
    descriptions: [
      'A quiet, comfortable touring tire for sedans, minivans and crossovers. Its symmetric tread wears evenly and grips in rain and light snow; {warranty}-mile limited treadwear warranty.',
      'An all-season touring tire with long tread life and a smooth, quiet ride. Wide circumferential grooves clear water to resist hydroplaning.',
      'An everyday touring tire tuned for comfort and even wear, with siped tread blocks that bite on wet roads and in light snow. {warranty}-mile limited treadwear warranty.',
    ],
  },
  grand: {
    category: 'Tour',
    subcategory: 'Tour_GrandA_S',
    webCategory: 'AllSeason',
    pools: ['g'],
    sizes: [9, 15],
    speed: { passenger: ['H', 'V'] },
    utqg: { treadwear: [600, 760], traction: ['A'], temperature: ['A'] },
    tread: [10, 11],
    price: 1.1,
    runFlat: true,
    descriptions: [
      'A grand touring all-season tire that pairs a refined, quiet ride with confident handling, for sedans and coupes in every season. {warranty}-mile limited treadwear warranty.',
      'A premium grand touring tire with crisp steering response; an asymmetric tread keeps its grip in the wet and in light snow.',
    ],
  },
  suv: {
    category: 'Tour',
    subcategory: 'Tour_SUV',
    webCategory: 'AllSeason',
    pools: ['u'],
    sizes: [12, 20],
    speed: { passenger: ['T', 'H', 'V'] },
    utqg: { treadwear: [640, 800], ...allSeasonTraction },
    tread: [11, 12],
    price: 1.05,
    descriptions: [
      'A highway all-season tire for crossovers and SUVs, built for a quiet ride and long wear; {warranty}-mile limited treadwear warranty.',
      'An SUV and crossover touring tire with even wear and sure grip on wet roads. Stiff shoulders keep a loaded vehicle steady on a road trip.',
    ],
  },
  allWeather: {
    category: 'Tour',
    subcategory: 'Tour_FourSeasonPass',
    webCategory: 'AllWeather',
    pools: ['c', 'u'],
    sizes: [12, 18],
    speed: { passenger: ['H', 'V'] },
    utqg: { treadwear: [500, 640], ...allSeasonTraction },
    tread: [10, 11],
    price: 1.12,
    descriptions: [
      'An all-weather tire with the three-peak mountain snowflake: it stays on the car all year, from summer heat to real winter snow.',
      'A year-round tire for rain, slush and snow, severe-snow rated (3PMSF), so the customer can skip the seasonal changeover.',
    ],
  },
  allWeatherTruck: {
    category: 'Tour',
    subcategory: 'Tour_FourSeasonTruck',
    webCategory: 'AllWeather',
    pools: ['u', 't', 'lt'],
    sizes: [9, 14],
    speed: { passenger: ['T', 'H'], lt: ['S', 'R'] },
    utqg: { treadwear: [500, 640], ...allSeasonTraction },
    tread: [11, 12],
    treadLT: [13, 14],
    price: 1.12,
    descriptions: [
      'An all-weather tire for SUVs and pickups, severe-snow rated (3PMSF): one set for the whole year, towing included.',
      'A four-season tire for crossovers, SUVs and light trucks, with a tread that stays open in slush and grips on wet pavement.',
    ],
  },
  highwayLT: {
    category: 'Tour',
    subcategory: 'Tour_Highway',
    webCategory: 'AllSeason',
    pools: ['t', 'lt'],
    sizes: [9, 15],
    speed: { passenger: ['T', 'S'], lt: ['S', 'R', 'T'] },
    utqg: { treadwear: [640, 800], ...allSeasonTraction },
    tread: [11, 12],
    treadLT: [13, 15],
    price: 1,
    descriptions: [
      'A highway tire for pickups and SUVs that tow and haul, with a stable, quiet tread and long wear. Light-truck sizes in load range E.',
      'A long-wearing highway all-season tire for work trucks and family SUVs; its tough compound resists chips and cuts on job sites.',
    ],
  },
  highPerfAS: {
    category: 'Performance',
    subcategory: 'Performance_HighA_S',
    webCategory: 'Performance',
    pools: ['g', 'p'],
    fits: (s) => s.size.rimDiameter <= 19,
    sizes: [9, 14],
    speed: { passenger: ['V', 'H'] },
    utqg: { treadwear: [500, 600], ...sporty },
    tread: [10, 10],
    price: 1.1,
    runFlat: true,
    descriptions: [
      'A high-performance all-season tire for sporty sedans and coupes: responsive in the dry and the wet, with traction in light snow.',
      'A performance all-season tire with a stiff center rib for steering feel, and sipes that keep it useful through a mild winter.',
    ],
  },
  uhpAS: {
    category: 'Performance',
    subcategory: 'Performance_UltraA_S',
    webCategory: 'Performance',
    pools: ['p', 'g'],
    fits: (s) => s.size.rimDiameter >= 17,
    sizes: [10, 16],
    speed: { passenger: ['W', 'V', 'Y'] },
    utqg: { treadwear: [500, 560], ...sporty },
    tread: [10, 11],
    price: 1.2,
    runFlat: true,
    descriptions: [
      'An ultra-high-performance all-season tire: sharp cornering and short stops in the dry and the wet, with the siping to get through a light snowfall.',
      'An ultra-high-performance tire for every season: grip for sports sedans and performance coupes from a summer track day to a cold, wet commute.',
    ],
  },
  uhpSummer: {
    category: 'Performance',
    subcategory: 'Performance_Ultra',
    webCategory: 'Performance',
    pools: ['p'],
    sizes: [10, 16],
    speed: { passenger: ['W', 'Y'] },
    utqg: { treadwear: [300, 400], ...summer },
    tread: [9, 10],
    price: 1.3,
    runFlat: true,
    descriptions: [
      'An ultra-high-performance summer tire for sports sedans and coupes. Not for use in near-freezing temperatures, snow or ice.',
      'A summer ultra-high-performance tire with precise steering and strong wet braking, for the warm months only.',
    ],
  },
  maxSummer: {
    category: 'Performance',
    subcategory: 'Performance_Max',
    webCategory: 'Performance',
    pools: ['p'],
    sizes: [10, 18],
    speed: { passenger: ['Y', 'W'] },
    utqg: { treadwear: [200, 300], ...summer },
    tread: [8, 9],
    price: 1.25,
    runFlat: true,
    descriptions: [
      'A max-performance summer tire with track-proven grip and precise steering, for sports cars. Not for near-freezing temperatures, snow or ice.',
      'Max-performance summer grip for high-powered cars, fitted as original equipment on many of them; a warm-weather tire only.',
    ],
  },
  extreme: {
    category: 'Performance',
    subcategory: 'Performance_Extreme',
    webCategory: 'Performance',
    pools: ['p'],
    sizes: [5, 9],
    speed: { passenger: ['W', 'Y'] },
    utqg: { treadwear: [100, 200], traction: ['A', 'AA'], temperature: ['A'] },
    tread: [6, 7],
    price: 1.45,
    descriptions: [
      'A street-legal, track-focused tire for high-performance driving events, with shallow tread for the most grip. Not for wet winter roads or cold weather.',
    ],
  },
  perfTruck: {
    category: 'Performance',
    subcategory: 'Performance_TruckA_S',
    webCategory: 'Performance',
    pools: ['u', 't'],
    fits: (s) => s.size.rimDiameter >= 18 && dimensions(s.size).aspectRatio <= 60,
    sizes: [6, 11],
    speed: { passenger: ['V', 'H', 'W'] },
    utqg: { treadwear: [420, 560], ...sporty },
    tread: [10, 11],
    price: 1.15,
    descriptions: [
      'A street-performance tire for trucks and SUVs on large wheels: sporty handling and a quiet highway ride in every season.',
      'An all-season performance tire for SUVs and sport trucks, with a stiff tread that stays crisp under a heavy vehicle.',
    ],
  },
  winterStudless: {
    category: 'Winter',
    subcategory: 'Winter_Studless',
    webCategory: 'Winter',
    pools: ['c', 'u'],
    fits: (s) => s.size.rimDiameter <= 20,
    sizes: [10, 16],
    speed: { passenger: ['T', 'R', 'H'] },
    utqg: null,
    tread: [11, 13],
    price: 1.12,
    descriptions: [
      'A studless winter tire for ice and packed snow: a compound that stays soft in the cold and dense siping that bites on ice. Carries the three-peak mountain snowflake.',
      'A studless ice and snow tire for cars and crossovers; a deep, open tread clears slush and the compound grips well below freezing.',
    ],
  },
  winterStudlessLT: {
    category: 'Winter',
    subcategory: 'Winter_StudlessLT',
    webCategory: 'Winter',
    pools: ['lt'],
    sizes: [6, 10],
    speed: { lt: ['Q', 'R', 'S'] },
    utqg: null,
    tread: [14, 16],
    treadLT: [14, 16],
    price: 1.1,
    descriptions: ['A studless winter tire for pickups and vans that work through the winter, in light-truck sizes that carry a full load on ice and snow.'],
  },
  winterStuddable: {
    category: 'Winter',
    subcategory: 'Winter_Studdable',
    webCategory: 'Winter',
    pools: ['e', 'c', 'u'],
    fits: (s) => s.size.rimDiameter <= 18,
    sizes: [9, 15],
    speed: { passenger: ['T', 'S', 'Q'] },
    utqg: null,
    tread: [12, 13],
    price: 0.98,
    descriptions: [
      'A studdable winter tire: the store can fit studs where they are legal, for the best grip on ice. A directional tread clears snow and slush.',
      'A studdable winter tire at a fair price; run it with studs for glare ice, or without them for a quieter ride on snow.',
    ],
  },
  winterStuddableLT: {
    category: 'Winter',
    subcategory: 'Winter_StuddableLT',
    webCategory: 'Winter',
    pools: ['lt'],
    sizes: [6, 10],
    speed: { lt: ['Q', 'R'] },
    utqg: null,
    tread: [15, 17],
    treadLT: [15, 17],
    price: 1,
    descriptions: ['A studdable winter tire for pickups and SUVs in light-truck sizes; the store can fit studs where they are legal.'],
  },
  winterPerf: {
    category: 'Winter',
    subcategory: 'Winter_Performance',
    webCategory: 'Winter',
    pools: ['g', 'p', 'u'],
    fits: (s) => s.size.rimDiameter >= 16 && dimensions(s.size).aspectRatio >= 40,
    sizes: [9, 14],
    speed: { passenger: ['H', 'V', 'W'] },
    utqg: null,
    tread: [10, 11],
    price: 1.2,
    descriptions: [
      'A performance winter tire for sport sedans and SUVs: precise handling on cold, wet and snowy roads, and the speed rating such cars need.',
      'A winter performance tire with a directional tread that sheds slush and stays stable at highway speed; severe-snow rated (3PMSF).',
    ],
  },
  allTerrain: {
    category: 'AllTerrain',
    subcategory: 'AllTerrain_AT',
    webCategory: 'AllTerrain',
    pools: ['t', 'lt', 'flotation'],
    sizes: [14, 22],
    speed: { passenger: ['T', 'S'], lt: ['R', 'S', 'T'], flotation: ['R', 'Q', 'S'] },
    utqg: { treadwear: [500, 640], ...allSeasonTraction },
    tread: [13, 14],
    treadLT: [15, 17],
    price: 1.05,
    descriptions: [
      'An all-terrain tire for trucks and SUVs that split their time on and off road: interlocking tread blocks grip on gravel and dirt and stay quiet on the highway. Severe-snow rated.',
      'An all-terrain tire with a tough, chip-resistant sidewall, in light-truck sizes of load range E for towing and hauling.',
    ],
  },
  ruggedTerrain: {
    category: 'AllTerrain',
    subcategory: 'AllTerrain_RT',
    webCategory: 'AllTerrain',
    pools: ['lt', 'flotation'],
    sizes: [9, 15],
    speed: { lt: ['Q', 'R'], flotation: ['Q', 'R'] },
    utqg: null,
    tread: [16, 18],
    treadLT: [16, 18],
    price: 1.15,
    descriptions: [
      'A rugged-terrain tire between an all-terrain and a mud-terrain: aggressive shoulder lugs for off-road traction, with a quieter ride than a mud tire.',
    ],
  },
  mudTerrain: {
    category: 'AllTerrain',
    subcategory: 'AllTerrain_MT',
    webCategory: 'AllTerrain',
    pools: ['lt', 'flotation'],
    sizes: [9, 15],
    speed: { lt: ['Q'], flotation: ['Q'] },
    utqg: null,
    tread: [18, 21],
    treadLT: [18, 21],
    price: 1.25,
    descriptions: [
      'A mud-terrain tire for serious off-road use: deep voids clean themselves in mud, and three-ply sidewalls resist punctures on rocks.',
      'A mud-terrain tire for lifted trucks and trail rigs, with staggered shoulder lugs that claw through mud, sand and snow.',
    ],
  },
} as const satisfies Record<string, Kind>;
type KindName = keyof typeof kinds;

interface BrandSpec {
  name: string;
  /** The start of its SKUs: letters, so a size typed as digits never finds a tire by its SKU. */
  code: string;
  /** List prices against a mid-range brand's. */
  tier: number;
  /** The share of its performance and touring lines that come in run-flat sizes too. */
  runFlat: number;
  lines: Partial<Record<KindName, readonly string[]>>;
}

const brandSpecs: readonly BrandSpec[] = [
  {
    name: 'Michelin',
    code: 'MCH',
    tier: 1.3,
    runFlat: 0.5,
    lines: {
      passenger: ['Energy Saver A/S 2'],
      touring: ['Defender2', 'Defender T+H 2', 'Primacy Tour A/S'],
      grand: ['Primacy MXM5', 'CrossTour Premier A/S', 'Premier A/S 2'],
      suv: ['Defender LTX Platinum', 'Premier LTX 2', 'Latitude Tour HP2'],
      allWeather: ['CrossClimate3'],
      allWeatherTruck: ['CrossClimate3 SUV'],
      highwayLT: ['Defender LTX M/S 3'],
      highPerfAS: ['Pilot Sport A/S 5'],
      uhpAS: ['Pilot Sport All Season 5+'],
      uhpSummer: ['Pilot Sport 5'],
      maxSummer: ['Pilot Sport 5S', 'Pilot Super Sport 2'],
      extreme: ['Pilot Sport Cup 3'],
      winterStudless: ['X-Ice Snow 2', 'X-Ice Snow 2 SUV'],
      winterStudlessLT: ['LTX Winter 2'],
      winterPerf: ['Pilot Alpin 6'],
      allTerrain: ['LTX A/T 3', 'Defender AT Trail'],
    },
  },
  {
    name: 'Bridgestone',
    code: 'BRG',
    tier: 1.22,
    runFlat: 0.5,
    lines: {
      passenger: ['Ecopia EP450'],
      touring: ['Turanza Everdrive 2', 'Turanza QuietTrack 2', 'DriveGuard Plus'],
      grand: ['Turanza LS200', 'Turanza Serenity Max'],
      suv: ['Alenza AS Ultra 2', 'Dueler H/L Alenza 3', 'Alenza Sport A/S 2'],
      allWeather: ['WeatherPeak 2'],
      highwayLT: ['Dueler H/T 695', 'Duravis M720 HT'],
      highPerfAS: ['Potenza RE980AS+'],
      uhpAS: ['Potenza Sport AS 2'],
      uhpSummer: ['Potenza Sport 2'],
      maxSummer: ['Potenza S008', 'Potenza RE71RS 2'],
      winterStudless: ['Blizzak WS100', 'Blizzak DM-V3 Plus'],
      winterStudlessLT: ['Blizzak W995 LT'],
      winterPerf: ['Blizzak LM006'],
      allTerrain: ['Dueler A/T Revo 4', 'Dueler A/T 002 Ascent'],
      ruggedTerrain: ['Dueler R/T Grit'],
      mudTerrain: ['Dueler M/T 684'],
    },
  },
  {
    name: 'Goodyear',
    code: 'GDY',
    tier: 1.15,
    runFlat: 0.4,
    lines: {
      passenger: ['Assurance ComfortDrive 2'],
      touring: ['Assurance MaxLife 3', 'Assurance All-Season 2'],
      grand: ['Eagle Touring 2', 'Assurance Finesse 2'],
      suv: ['Eagle LS-3 SUV', 'Assurance MaxLife SUV'],
      allWeather: ['Assurance WeatherReady 3'],
      allWeatherTruck: ['Wrangler Territory WeatherReady'],
      highwayLT: ['Wrangler Workhorse HT 2', 'Wrangler SR-A 2'],
      highPerfAS: ['Eagle Sport All-Season 2'],
      uhpAS: ['Eagle Exhilarate 2'],
      uhpSummer: ['Eagle F1 Asymmetric 7'],
      maxSummer: ['Eagle F1 SuperCar 4'],
      perfTruck: ['Wrangler Sport HP'],
      winterStudless: ['WinterCommand Ultra 2', 'Ultra Grip Ice WRT 2'],
      winterStuddable: ['Ultra Grip Winter Stud'],
      winterStuddableLT: ['WinterCommand LT 2'],
      winterPerf: ['Ultra Grip Performance 4'],
      allTerrain: ['Wrangler AT Adventure 2', 'Wrangler Workhorse AT 2', 'Wrangler Territory AT 2'],
      ruggedTerrain: ['Wrangler DuraTrac RT 2'],
      mudTerrain: ['Wrangler MT/R Kevlar 2'],
    },
  },
  {
    name: 'Continental',
    code: 'CNT',
    tier: 1.15,
    runFlat: 0.5,
    lines: {
      passenger: ['ControlContact Tour A/S 2'],
      touring: ['TrueContact Tour 2', 'PureContact LS 2'],
      grand: ['ProContact TX 2', 'ProContact RX 2'],
      suv: ['CrossContact LX25 2', 'CrossContact RX 2', 'TerrainContact H/T 2'],
      allWeather: ['AllSeasonContact 3'],
      allWeatherTruck: ['CrossContact AllWeather'],
      highwayLT: ['ContiTrac HT 2'],
      highPerfAS: ['ExtremeContact DWS08'],
      uhpAS: ['ExtremeContact DWS08 Plus'],
      uhpSummer: ['ExtremeContact Sport 03', 'SportContact 8'],
      maxSummer: ['ExtremeContact Force 2'],
      winterStudless: ['VikingContact 8', 'WinterContact SI Plus'],
      winterStuddable: ['IceContact XTRM 2'],
      winterPerf: ['WinterContact TS 880'],
      allTerrain: ['TerrainContact A/T 2'],
    },
  },
  {
    name: 'Pirelli',
    code: 'PIR',
    tier: 1.25,
    runFlat: 0.55,
    lines: {
      passenger: ['P4 Persist AS Plus 2'],
      touring: ['Cinturato P7 AS Plus 4'],
      grand: ['Cinturato P7 All Season 2', 'Cinturato Rosso 2'],
      suv: ['Scorpion AS Plus 4', 'Scorpion Verde All Season 2'],
      allWeather: ['Cinturato WeatherActive'],
      allWeatherTruck: ['Scorpion WeatherActive'],
      highPerfAS: ['P Zero All Season 2'],
      uhpAS: ['P Zero AS Plus 4'],
      uhpSummer: ['P Zero PZ5', 'Cinturato P8'],
      maxSummer: ['P Zero Corsa 2'],
      extreme: ['P Zero Trofeo RS 2'],
      perfTruck: ['Scorpion Zero All Season 2', 'Scorpion Verde Sport'],
      winterStudless: ['Ice Zero Asimmetrico 2', 'Scorpion Ice Zero 3'],
      winterStuddable: ['Ice Zero FR Stud'],
      winterPerf: ['Winter Sottozero 4', 'Scorpion Winter 3'],
      allTerrain: ['Scorpion All Terrain Plus 2', 'Scorpion AT Trail'],
      ruggedTerrain: ['Scorpion XTM R/T'],
      mudTerrain: ['Scorpion MTR 2'],
    },
  },
  {
    name: 'Yokohama',
    code: 'YOK',
    tier: 1.02,
    runFlat: 0.15,
    lines: {
      passenger: ['Avid Ascend GT 2'],
      touring: ['Avid Touring S 2', 'Avid Ascend LX 2'],
      grand: ['Avid GT 2', 'BluEarth-GT AS 2'],
      suv: ['Geolandar CV G058 2', 'Geolandar H/T G056 2'],
      allWeather: ['BluEarth-4S AW21'],
      allWeatherTruck: ['Geolandar CV 4S'],
      highwayLT: ['Geolandar H/T G056 LT'],
      perfTruck: ['Geolandar X-CV 2'],
      highPerfAS: ['Advan Sport A/S 2'],
      uhpAS: ['Advan Sport A/S+ 2'],
      uhpSummer: ['Advan Sport V107 2'],
      maxSummer: ['Advan Neova AD09 2', 'Advan Apex V601 2'],
      winterStudless: ['iceGUARD iG53', 'Geolandar I/T-S G075 2'],
      winterStuddable: ['iceGUARD Stud iG65'],
      winterStuddableLT: ['Geolandar I/T G072 LT'],
      winterPerf: ['BluEarth-Winter V906 2'],
      allTerrain: ['Geolandar A/T G015 2', 'Geolandar A/T4 XD'],
      ruggedTerrain: ['Geolandar X-AT 2'],
      mudTerrain: ['Geolandar M/T G003 2'],
    },
  },
  {
    name: 'Toyo',
    code: 'TYO',
    tier: 1.05,
    runFlat: 0.05,
    lines: {
      touring: ['Extensa A/S 3', 'Extensa HP 3'],
      grand: ['Proxes Comforte 2'],
      suv: ['Open Country Q/T 2', 'Open Country H/T 3'],
      allWeather: ['Celsius 2'],
      allWeatherTruck: ['Celsius CUV 2'],
      highwayLT: ['Open Country H/T 3 LT', 'Open Country WLT2'],
      highPerfAS: ['Proxes 4 Plus 2'],
      uhpAS: ['Proxes Sport A/S+ 2'],
      uhpSummer: ['Proxes Sport 2'],
      maxSummer: ['Proxes R888R 2', 'Proxes Sport 2S'],
      perfTruck: ['Proxes ST III 2'],
      winterStudless: ['Observe GSi-6', 'Observe GSi-6 SUV'],
      winterStuddable: ['Observe G3-Ice 2'],
      winterStuddableLT: ['Observe G3-Ice LT 2'],
      winterPerf: ['Observe GSi-6 HP'],
      allTerrain: ['Open Country A/T III', 'Open Country A/T III EPX'],
      ruggedTerrain: ['Open Country R/T Trail 2', 'Open Country R/T 2'],
      mudTerrain: ['Open Country M/T 2', 'Open Country M/T-R 2'],
    },
  },
  {
    name: 'Hankook',
    code: 'HNK',
    tier: 0.95,
    runFlat: 0.15,
    lines: {
      passenger: ['Kinergy PT 2', 'Kinergy ST 2'],
      touring: ['Kinergy XP 2', 'Kinergy GT 2'],
      grand: ['Ventus V2 Concept 3'],
      suv: ['Dynapro HP2 Plus 2', 'Dynapro HT 2', 'iON evo AS SUV'],
      allWeather: ['Kinergy 4S2'],
      allWeatherTruck: ['Kinergy 4S2 X'],
      highwayLT: ['Dynapro HT2 LT'],
      highPerfAS: ['Ventus S1 AS 2'],
      uhpAS: ['Ventus V2 AS 2', 'iON evo AS'],
      uhpSummer: ['Ventus S1 evo4', 'Ventus S1 evo Z 2'],
      maxSummer: ['Ventus R-S5 2'],
      winterStudless: ['Winter iCept IZ3', 'Winter iCept X 2'],
      winterStuddable: ['Winter iPike RS3'],
      winterStuddableLT: ['Winter iPike LT 2'],
      winterPerf: ['Winter iCept evo4'],
      allTerrain: ['Dynapro AT2 Xtreme 2', 'Dynapro AT2 2'],
      ruggedTerrain: ['Dynapro XT 2'],
      mudTerrain: ['Dynapro MT2 2'],
    },
  },
  {
    name: 'Nokian',
    code: 'NOK',
    tier: 1.1,
    runFlat: 0.05,
    lines: {
      passenger: ['Entyre 3'],
      touring: ['One 2', 'Entyre C/S 2'],
      grand: ['eNTYRE Touring 2'],
      suv: ['One HT 2'],
      allWeather: ['WR G5', 'Seasonproof 2'],
      allWeatherTruck: ['WR G5 SUV', 'Outpost APT 2'],
      highwayLT: ['Rockproof LT'],
      highPerfAS: ['Powerproof AS'],
      uhpSummer: ['Powerproof 2'],
      winterStudless: ['Hakkapeliitta R5', 'Hakkapeliitta R5 SUV', 'Hakkapeliitta R5 EV'],
      winterStudlessLT: ['Hakkapeliitta LT4'],
      winterStuddable: ['Hakkapeliitta 10p', 'Nordman 8'],
      winterStuddableLT: ['Hakkapeliitta LT3 Stud'],
      winterPerf: ['WR Snowproof P 2', 'Snowproof 2'],
      allTerrain: ['Outpost AT 2', 'Rockproof AT'],
      ruggedTerrain: ['Outpost nAT'],
      mudTerrain: ['Rotiiva M/T 2'],
    },
  },
  {
    name: 'Cooper',
    code: 'COO',
    tier: 0.95,
    runFlat: 0,
    lines: {
      passenger: ['Endeavor 2', 'Evolution Tour 2'],
      touring: ['CS5 Ultra Touring 2', 'ProControl 2', 'Endeavor Plus 2'],
      grand: ['CS5 Grand Touring 2'],
      suv: ['Discoverer SRX 2', 'Discoverer EnduraMax 2', 'Discoverer HTP II'],
      allWeather: ['Endeavor WeatherMaster'],
      highwayLT: ['Discoverer HT3 2'],
      highPerfAS: ['Zeon RS3-G1 2'],
      uhpAS: ['Zeon RS3-G2'],
      perfTruck: ['Zeon LTZ 2'],
      winterStudless: ['Evolution Winter 2', 'Discoverer True North 2'],
      winterStuddable: ['Discoverer M+S 2', 'Weather-Master S/T 3'],
      winterStuddableLT: ['Discoverer M+S LT 2'],
      allTerrain: ['Discoverer AT3 4S', 'Discoverer AT3 LT', 'Discoverer AT3 XLT', 'Discoverer Road+Trail AT'],
      ruggedTerrain: ['Discoverer Rugged Trek', 'Discoverer S/T Maxx 2'],
      mudTerrain: ['Discoverer STT Pro 2'],
    },
  },
  {
    name: 'Kumho',
    code: 'KUM',
    tier: 0.82,
    runFlat: 0.1,
    lines: {
      passenger: ['Sense KR26 2', 'Solus TA11 2'],
      touring: ['Solus TA51a 2', 'Solus TA31 2', 'Solus TA93'],
      grand: ['Majesty 9 Solus 2'],
      suv: ['Crugen HP71 2', 'Crugen Premium KL33 2'],
      allWeather: ['Solus 4S HA32 2'],
      allWeatherTruck: ['Solus 4S HA32 SUV'],
      highwayLT: ['Road Venture HT51 2', 'Crugen HT51 LT'],
      highPerfAS: ['Ecsta PA51 2'],
      uhpAS: ['Ecsta PA71 2'],
      uhpSummer: ['Ecsta PS91 2', 'Ecsta PS71 2'],
      maxSummer: ['Ecsta V730 2'],
      perfTruck: ['Crugen HP91 2'],
      winterStudless: ['WinterCraft Ice Wi61 2', 'WinterCraft SUV Ice WS51 2'],
      winterStuddable: ['WinterCraft Wi31 Stud'],
      winterPerf: ['WinterCraft WP72 2'],
      allTerrain: ['Road Venture AT52 2', 'Road Venture AT51 2'],
      mudTerrain: ['Road Venture MT71 2'],
    },
  },
  {
    name: 'Nexen',
    code: 'NXN',
    tier: 0.78,
    runFlat: 0,
    lines: {
      passenger: ['CP671 2', 'Aria AH7 2'],
      touring: ['N5000 Platinum 2', "N'Priz AH8 2", "N'Priz AH5"],
      grand: ['CP672 2'],
      suv: ['Roadian GTX 2', 'Roadian HTX 2', 'Roadian HP 2'],
      allWeather: ["N'blue 4Season 3", 'Aria AH8 AW'],
      allWeatherTruck: ["N'blue 4Season SUV"],
      highwayLT: ['Roadian HTX RH5 2'],
      highPerfAS: ["N'Fera AU7 2"],
      uhpSummer: ["N'Fera Sport 2", "N'Fera SU1 2"],
      winterStudless: ['Winguard Ice Plus 2', 'Winguard Ice SUV 2'],
      winterStuddable: ['Winguard WinSpike 3'],
      winterStuddableLT: ['Winguard WinSpike LT 2'],
      winterPerf: ['Winguard Sport 3'],
      allTerrain: ['Roadian ATX 2', 'Roadian AT Pro RA8 2'],
      ruggedTerrain: ['Roadian XT 2'],
      mudTerrain: ['Roadian MTX 2'],
    },
  },
  {
    name: 'Falken',
    code: 'FAL',
    tier: 0.9,
    runFlat: 0,
    lines: {
      passenger: ['Sincera SN250 A/S 2'],
      touring: ['Sincera SN250A 2', 'Ziex CT60 A/S 2'],
      grand: ['Ziex ZE960 A/S 2'],
      suv: ['Ziex CT60 CUV 2', 'Ziex ZE950 A/S SUV'],
      allWeather: ['Aklimate 2'],
      allWeatherTruck: ['Aklimate CUV 2'],
      highwayLT: ['Wildpeak H/T02 2'],
      highPerfAS: ['Ziex ZE960 Sport'],
      uhpAS: ['Azenis FK460 A/S 2'],
      uhpSummer: ['Azenis FK510 2', 'Azenis FK460 2'],
      maxSummer: ['Azenis RT660 2', 'Azenis RT615K+ 2'],
      perfTruck: ['Azenis FK510 SUV 2'],
      winterStudless: ['Eurowinter HS01 2', 'Espia EPZ III'],
      winterStuddable: ['Espia Stud 2'],
      winterPerf: ['Eurowinter HS449 2'],
      allTerrain: ['Wildpeak A/T4W', 'Wildpeak A/T3W 2', 'Wildpeak A/T Trail 2', 'Rubitrek A/T 2'],
      ruggedTerrain: ['Wildpeak R/T01 2'],
      mudTerrain: ['Wildpeak M/T01 2'],
    },
  },
  {
    name: 'General',
    code: 'GEN',
    tier: 0.88,
    runFlat: 0,
    lines: {
      passenger: ['Altimax RT45 2'],
      touring: ['Altimax RT43 2', 'Altimax Comfort 2'],
      grand: ['Altimax Touring 2'],
      suv: ['Grabber HTS60 2', 'Grabber Touring 2'],
      allWeather: ['Altimax 365AW 2'],
      allWeatherTruck: ['Grabber 365AW'],
      highwayLT: ['Grabber HTS60 LT 2', 'Grabber HTS LT'],
      highPerfAS: ['G-MAX AS-07'],
      uhpAS: ['G-MAX AS-05 2'],
      uhpSummer: ['G-MAX RS 2'],
      perfTruck: ['Grabber UHP 2'],
      winterStudless: ['Snow Grabber Plus 2'],
      winterStuddable: ['Altimax Arctic 12', 'Grabber Arctic 2'],
      winterStuddableLT: ['Grabber Arctic LT 2'],
      allTerrain: ['Grabber A/TX 2', 'Grabber APT 2', 'Grabber A/T Sport 2'],
      ruggedTerrain: ['Grabber R/T Trail'],
      mudTerrain: ['Grabber X3 2'],
    },
  },
  {
    name: 'BFGoodrich',
    code: 'BFG',
    tier: 1.1,
    runFlat: 0.05,
    lines: {
      passenger: ['Advantage Control 2'],
      touring: ['Advantage T/A Sport 2', 'Advantage Touring 2'],
      grand: ['Advantage Control Plus'],
      suv: ['Advantage T/A Sport LT 2'],
      allWeather: ['Advantage All-Weather'],
      highwayLT: ['Commercial T/A All-Season 3', 'Long Trail T/A Tour 2'],
      highPerfAS: ['g-Force Comp-2 A/S Plus'],
      uhpAS: ['g-Force Comp-2 A/S Plus 2'],
      uhpSummer: ['g-Force Sport Comp-3'],
      maxSummer: ['g-Force Rival S 1.5', 'g-Force Phenom T/A 2'],
      extreme: ['g-Force R1 S 2'],
      winterStudless: ['Winter T/A KSI 2'],
      winterStuddable: ['Winter Slalom KSI 2'],
      winterStuddableLT: ['Winter Slalom KSI LT'],
      allTerrain: ['All-Terrain T/A KO3', 'All-Terrain T/A KO2 Classic', 'Trail-Terrain T/A 2', 'Rugged Trail T/A 2'],
      ruggedTerrain: ['Rugged Terrain T/A 2'],
      mudTerrain: ['Mud-Terrain T/A KM3', 'Mud-Terrain T/A KM3 Pro', 'Krawler T/A KX 2'],
    },
  },
];

/** The kinds whose lines always come in the counter's size, so it is offered in every season and by many brands. */
const alwaysInCounterSize = new Set<KindName>(['suv', 'allWeather', 'winterStudless', 'winterStuddable']);

/** The treadwear warranty a line's UTQG treadwear stands for, as stores quote it. */
const warrantyMiles = (treadwear: number) => Math.min(90_000, Math.max(40_000, Math.round((treadwear * 100) / 5_000) * 5_000));

/** A list price in cents, ending in 99: bigger and lower-profile sizes cost more, as do premium brands, light-truck and run-flat builds. */
function listPrice(random: Random, size: CatalogueSize, factor: number): number {
  const { widthMm, aspectRatio } = dimensions(size.size);
  let dollars = 0.42 * (widthMm / 10) * size.size.rimDiameter;
  if (aspectRatio < 55) dollars *= 1 + (55 - aspectRatio) * 0.008;
  if (size.kind === 'lt') dollars *= 1.3;
  if (size.kind === 'flotation') dollars *= 1.35;
  dollars *= factor * (0.97 + random.next() * 0.06);
  return Math.max(59, Math.round(dollars)) * 100 - 1;
}

/** What a store stocks more or less of than the company's usual: the seasons of its region. */
const storeLeanings: Record<number, Partial<Record<KindName, number>>> = {
  // Springfield: an all-season town.
  101: { winterStuddable: 0.5, winterStuddableLT: 0.5, mudTerrain: 0.6 },
  // Chicago: a winter city, and studs are not legal on its roads.
  102: { winterStudless: 1.5, winterPerf: 1.4, winterStuddable: 0.3, winterStuddableLT: 0.3, allWeather: 1.3 },
  // Portland: studs are legal in winter, and trucks head for the mountains.
  103: { winterStuddable: 1.8, winterStuddableLT: 1.8, allTerrain: 1.3, ruggedTerrain: 1.4, extreme: 0.3 },
};

/** How much of a size a store keeps, relative to the rest: 16–18 inch wheels sell most. */
function sizeDemand(size: CatalogueSize): number {
  const rim = size.size.rimDiameter;
  if (size.kind === 'flotation') return 0.55;
  if (size.kind === 'lt') return 0.8;
  if (rim >= 16 && rim <= 18) return 1.15;
  if (rim === 15 || rim === 19) return 0.85;
  if (rim === 14 || rim === 20) return 0.65;
  return 0.45;
}

/** Tires come in sets of two and four, so that is how stores count them. */
function quantities(random: Random, atLeast = 0): { quantityOnHand: number; quantityOnOrder: number } {
  const quantityOnHand = Math.max(
    atLeast,
    random.weighted([
      [0, 7],
      [1, 1],
      [2, 9],
      [3, 1],
      [4, 22],
      [5, 1],
      [6, 8],
      [8, 18],
      [10, 3],
      [12, 12],
      [16, 8],
      [20, 5],
      [24, 5],
    ] as const),
  );
  const quantityOnOrder = random.weighted(
    quantityOnHand <= 2
      ? ([
          [0, 30],
          [4, 45],
          [8, 25],
        ] as const)
      : ([
          [0, 88],
          [2, 2],
          [4, 7],
          [8, 3],
        ] as const),
  );
  return { quantityOnHand, quantityOnOrder };
}

type TireRow = Insertable<Database['tires']> & E.Tire;
interface Built {
  tire: TireRow;
  kind: KindName;
  size: CatalogueSize;
}

/** Inserts rows a chunk at a time: one statement per 500 rows keeps seeding quick without nearing a driver's parameter limit. */
async function insertInChunks<T extends 'brands' | 'productLines' | 'tireSizes' | 'tires'>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
}

/**
 * Writes the demo's brands, product lines, sizes and tires, and returns each store's stock (by store number) for
 * demo.ts to insert once the stores exist. The first store number is the counter demo's store: it stocks several
 * tires of 225/65R17, and the second store stocks some of that size the first does not.
 */
export async function seedDemoCatalogue(
  db: Kysely<Database>,
  storeNumbers: readonly number[],
  size: DemoCatalogueSize = 'full',
): Promise<Map<number, DemoStock[]>> {
  const random = seededRandom(20_260_311);
  const skus = new Set<string>();
  const newSku = (code: string) => {
    for (;;) {
      const sku = `${code}${random.int(100_000, 999_999)}`;
      if (!skus.has(sku)) {
        skus.add(sku);
        return sku;
      }
    }
  };

  const brands: Insertable<Database['brands']>[] = [];
  let lines: Insertable<Database['productLines']>[] = [];
  let built: Built[] = [];
  for (const brand of brandSpecs) {
    const brandHashId = random.alphanumeric(16);
    brands.push({ brandHashId, name: brand.name });
    for (const [kindName, names] of Object.entries(brand.lines) as [KindName, readonly string[]][]) {
      const kind: Kind = kinds[kindName];
      const candidates = allSizes.filter((s) => s.pools.some((p) => kind.pools.includes(p)) && (kind.fits?.(s) ?? true));
      for (const name of names) {
        const productLineHashId = random.alphanumeric(16);
        const count = random.int(kind.sizes[0], kind.sizes[1]);
        let sizes = random.sample(candidates, count);
        const counter = candidates.find((s) => s.size.key === counterSize);
        if (counter && !sizes.includes(counter) && (alwaysInCounterSize.has(kindName) || random.chance(0.4))) sizes = [counter, ...sizes.slice(1)];
        sizes.sort((a, b) => a.size.rimDiameter - b.size.rimDiameter || a.text.localeCompare(b.text));

        // A line is built one way: its usual speed rating, grades and tread, with a few sizes rated one step apart.
        const speeds = { passenger: kind.speed.passenger, lt: kind.speed.lt, flotation: kind.speed.flotation } as Record<
          CatalogueSize['kind'],
          readonly SpeedRating[] | undefined
        >;
        const usualSpeed = Object.fromEntries(Object.entries(speeds).map(([k, list]) => [k, list ? random.pickLeaning(list) : undefined]));
        const utqg = kind.utqg && {
          treadwear: kind.utqg.treadwear[0] + 20 * random.int(0, (kind.utqg.treadwear[1] - kind.utqg.treadwear[0]) / 20),
          grades: `${random.pick(kind.utqg.traction)} ${random.pick(kind.utqg.temperature)}`,
        };
        const tread = random.int(kind.tread[0], kind.tread[1]);
        const treadLT = kind.treadLT ? random.int(kind.treadLT[0], kind.treadLT[1]) : tread + 2;
        const lineFactor = kind.price * brand.tier * (0.94 + random.next() * 0.14);
        const runFlatLine = kind.runFlat === true && random.chance(brand.runFlat);
        let runFlats = 0;

        for (const size of sizes) {
          const list = speeds[size.kind]!;
          const speedRating = random.chance(0.15) ? random.pick(list) : usualSpeed[size.kind]!;
          const passenger = size.kind === 'passenger';
          const base = {
            productLineHashId,
            tireSizeId: '',
            category: kind.category,
            subcategory: kind.subcategory,
            webCategory: kind.webCategory,
            loadIndex: size.size.loadIndex,
            dualLoadIndex: size.size.dualLoadIndex,
            loadRange: size.size.loadRange,
            speedRating,
            utqg: passenger && utqg ? `${utqg.treadwear} ${utqg.grades}` : null,
            treadDepth32nds: (passenger ? tread : treadLT) + (random.chance(0.1) ? random.pick([-1, 1]) : 0),
          };
          built.push({
            kind: kindName,
            size,
            tire: {
              ...base,
              tireId: random.uuid(),
              sku: newSku(brand.code),
              isRunFlat: false,
              priceInCents: listPrice(random, size, lineFactor),
              costInCents: null,
            },
          });
          const { aspectRatio } = dimensions(size.size);
          if (runFlatLine && passenger && size.size.rimDiameter >= 17 && size.size.rimDiameter <= 20 && aspectRatio <= 55 && random.chance(0.45)) {
            runFlats++;
            built.push({
              kind: kindName,
              size,
              tire: {
                ...base,
                tireId: random.uuid(),
                sku: newSku(brand.code),
                isRunFlat: true,
                priceInCents: listPrice(random, size, lineFactor * 1.18),
                costInCents: null,
              },
            });
          }
        }
        const description = random.pick(kind.descriptions).replace('{warranty}', utqg ? warrantyMiles(utqg.treadwear).toLocaleString('en-US') : '');
        lines.push({
          productLineHashId,
          brandHashId,
          name,
          description: runFlats > 0 ? `${description} Also in run-flat sizes that keep going for 50 miles after a puncture.` : description,
        });
      }
    }
  }

  if (size === 'small') {
    built = smallCatalogue(built);
    const kept = new Set(built.map((b) => b.tire.productLineHashId));
    lines = lines.filter((l) => kept.has(l.productLineHashId));
  }

  // One size row per key: the size search looks sizes up by display name, which is the key parseTireSize gives
  // (LT245/75R16 and 245/75R16 share 245/75R16; 255/35ZR19 is 255/35R19; 35x12.50R20LT is 35x12.50R20).
  // A flotation size has no millimetres or aspect ratio of its own: it is given the metric size it matches
  // (12.50 in wide, its sidewall 60% of that on a 20 in rim: 318/60R20), so it sorts among its metric neighbours.
  const sizeIds = new Map<string, string>();
  const sizeRows: Insertable<Database['tireSizes']>[] = [];
  for (const { size } of built) {
    if (sizeIds.has(size.size.key)) continue;
    const tireSizeId = random.uuid();
    sizeIds.set(size.size.key, tireSizeId);
    const { widthMm, aspectRatio } = dimensions(size.size);
    sizeRows.push({ tireSizeId, width: widthMm, aspectRatio, rimDiameter: size.size.rimDiameter, displayName: size.size.key });
  }
  for (const b of built) b.tire.tireSizeId = sizeIds.get(b.size.size.key)!;
  // What each tire costs a store: 62 to 75% of its list price, as distributors' price sheets run. Drawn from a
  // sequence of its own, so the catalogue and stock drawn above stay as they were.
  const costs = seededRandom(20_260_726);
  for (const b of built) {
    const list = b.tire.priceInCents ?? null;
    b.tire.costInCents = list === null ? null : Math.round(list * (0.62 + costs.next() * 0.13));
  }

  await insertInChunks(db, 'brands', brands);
  await insertInChunks(db, 'productLines', lines);
  await insertInChunks(db, 'tireSizes', sizeRows);
  await insertInChunks(
    db,
    'tires',
    built.map((b) => b.tire),
  );

  return stockByStore(random, built, storeNumbers);
}

/**
 * About a quarter of the tires at each store, more of the sizes that sell and of its region's seasons. The
 * counter's size is laid out by hand: the first store has every other tire of it, the second some of the rest,
 * the first of them six, so "Store #102 has 6" is what the counter reads when the first store has none.
 */
function stockByStore(random: Random, built: readonly Built[], storeNumbers: readonly number[]): Map<number, DemoStock[]> {
  const counterTires = built.filter((b) => b.size.size.key === counterSize);
  const stock = new Map<number, DemoStock[]>();
  storeNumbers.forEach((storeNumber, storeIndex) => {
    const leanings = storeLeanings[storeNumber] ?? {};
    const rows: DemoStock[] = [];
    for (const b of built) {
      const at = counterTires.indexOf(b);
      if (at >= 0 && storeIndex === 0) {
        if (at % 2 === 0) rows.push({ tireId: b.tire.tireId, ...quantities(random, 4) });
        continue;
      }
      if (at % 4 === 1 && storeIndex === 1) {
        rows.push({ tireId: b.tire.tireId, ...(at === 1 ? { quantityOnHand: 6, quantityOnOrder: 0 } : quantities(random, 2)) });
        continue;
      }
      const odds = 0.28 * sizeDemand(b.size) * (leanings[b.kind] ?? 1) * (b.tire.isRunFlat ? 0.5 : 1);
      if (random.chance(odds)) rows.push({ tireId: b.tire.tireId, ...quantities(random) });
    }
    stock.set(storeNumber, rows);
  });
  return stock;
}

/**
 * The draws the first demo catalogue (four brands, 48 tires) took from the demo's faker, taken again and dropped.
 * Everything the demo makes after the catalogue (each store's resources, services, visits, messages and ratings)
 * is drawn from the same faker: drawing what the first catalogue drew keeps that data, its ids included, as it was.
 */
export function drawAsTheFirstCatalogueDid(faker: Faker): void {
  for (let brand = 0; brand < 4; brand++) faker.string.alphanumeric(16);
  for (let line = 0; line < 12; line++) {
    faker.string.alphanumeric(16);
    faker.string.alpha({ length: 2, casing: 'upper' });
  }
  for (let size = 0; size < 4; size++) faker.string.uuid();
  for (let tire = 0; tire < 48; tire++) {
    faker.string.uuid();
    faker.string.alphanumeric({ length: 10, casing: 'upper' });
    faker.number.int({ min: 91, max: 116 });
    faker.helpers.arrayElement(['H', 'T', 'V']);
  }
}

/** The draws each store's stock of the first catalogue took from the demo's faker (see drawAsTheFirstCatalogueDid). */
export function drawAsTheFirstStockDid(faker: Faker): void {
  for (let tire = 0; tire < 48; tire++) {
    faker.number.int(40);
    faker.number.int(3);
  }
}
