import { tireLoadRanges, type TireLoadRange } from '../../contract/tire-catalogue.ts';

/**
 * What a tire's service description (the `102H` after its size) says it carries and how fast it may go. The
 * counter's finder filters on "load and speed at least the vehicle's": those comparisons live here, so the
 * finder, the quote and the server never compare ratings as text (alphabetically H would come before S).
 */

/** The lowest and highest load index of the table below. */
export const loadIndexRange = { min: 0, max: 160 } as const;

/**
 * The most a tire may carry, in kilograms, by load index from 0 (the ISO and ETRTO table printed in tire
 * catalogues). Row n holds indexes 10n to 10n + 9.
 */
const kilograms = [
  45, 46.2, 47.5, 48.7, 50, 51.5, 53, 54.5, 56, 58, 60, 61.5, 63, 65, 67, 69, 71, 73, 75, 77.5, 80, 82.5, 85, 87.5, 90, 92.5, 95, 97.5, 100, 103, 106, 109, 112,
  115, 118, 121, 125, 128, 132, 136, 140, 145, 150, 155, 160, 165, 170, 175, 180, 185, 190, 195, 200, 206, 212, 218, 224, 230, 236, 243, 250, 257, 265, 272,
  280, 290, 300, 307, 315, 325, 335, 345, 355, 365, 375, 387, 400, 412, 425, 437, 450, 462, 475, 487, 500, 515, 530, 545, 560, 580, 600, 615, 630, 650, 670,
  690, 710, 730, 750, 775, 800, 825, 850, 875, 900, 925, 950, 975, 1000, 1030, 1060, 1090, 1120, 1150, 1180, 1215, 1250, 1285, 1320, 1360, 1400, 1450, 1500,
  1550, 1600, 1650, 1700, 1750, 1800, 1850, 1900, 1950, 2000, 2060, 2120, 2180, 2240, 2300, 2360, 2430, 2500, 2575, 2650, 2725, 2800, 2900, 3000, 3075, 3150,
  3250, 3350, 3450, 3550, 3650, 3750, 3875, 4000, 4125, 4250, 4375, 4500,
];

/**
 * The same loads in pounds, as the US tables print them: kilograms × 2.2046 to the nearest pound, except
 * index 87, which the printed tables give as 1201 (1201.5 rounded down). Kept as printed, not computed, so
 * a customer comparing with the sidewall or a catalogue sees the same number.
 */
const pounds = [
  99, 102, 105, 107, 110, 114, 117, 120, 123, 128, 132, 136, 139, 143, 148, 152, 157, 161, 165, 171, 176, 182, 187, 193, 198, 204, 209, 215, 220, 227, 234, 240,
  247, 254, 260, 267, 276, 282, 291, 300, 309, 320, 331, 342, 353, 364, 375, 386, 397, 408, 419, 430, 441, 454, 467, 481, 494, 507, 520, 536, 551, 567, 584,
  600, 617, 639, 661, 677, 694, 716, 739, 761, 783, 805, 827, 853, 882, 908, 937, 963, 992, 1019, 1047, 1074, 1102, 1135, 1168, 1201, 1235, 1279, 1323, 1356,
  1389, 1433, 1477, 1521, 1565, 1609, 1653, 1709, 1764, 1819, 1874, 1929, 1984, 2039, 2094, 2149, 2205, 2271, 2337, 2403, 2469, 2535, 2601, 2679, 2756, 2833,
  2910, 2998, 3086, 3197, 3307, 3417, 3527, 3638, 3748, 3858, 3968, 4079, 4189, 4299, 4409, 4541, 4674, 4806, 4938, 5071, 5203, 5357, 5512, 5677, 5842, 6008,
  6173, 6393, 6614, 6779, 6944, 7165, 7385, 7606, 7826, 8047, 8267, 8543, 8818, 9094, 9370, 9645, 9921,
];

/** The most a tire of this load index carries, or null when the index is not in the table. */
export function loadCapacity(loadIndex: number): { kg: number; lb: number } | null {
  const kg = kilograms[loadIndex];
  const lb = pounds[loadIndex];
  return Number.isInteger(loadIndex) && kg !== undefined && lb !== undefined ? { kg, lb } : null;
}

/**
 * The speed symbols, slowest first, with the top speed each allows. The order is by speed, never by letter: H
 * (130 mph) comes after U (124 mph), as it was added later. `(Y)` (the symbol in brackets on the sidewall)
 * means over 186 mph.
 */
export const speedRatings = [
  ['A1', 5, 3],
  ['A2', 10, 6],
  ['A3', 15, 9],
  ['A4', 20, 12],
  ['A5', 25, 16],
  ['A6', 30, 19],
  ['A7', 35, 22],
  ['A8', 40, 25],
  ['B', 50, 31],
  ['C', 60, 37],
  ['D', 65, 40],
  ['E', 70, 43],
  ['F', 80, 50],
  ['G', 90, 56],
  ['J', 100, 62],
  ['K', 110, 68],
  ['L', 120, 75],
  ['M', 130, 81],
  ['N', 140, 87],
  ['P', 150, 93],
  ['Q', 160, 99],
  ['R', 170, 106],
  ['S', 180, 112],
  ['T', 190, 118],
  ['U', 200, 124],
  ['H', 210, 130],
  ['V', 240, 149],
  ['W', 270, 168],
  ['Y', 300, 186],
  ['(Y)', 300, 186],
] as const satisfies readonly (readonly [string, number, number])[];

/**
 * A speed symbol: one of the table's, or Z. Z (and a ZR size without a symbol) is the old marking for "over
 * 149 mph" (over 240 km/h). Since 1991 a ZR tire carries W, Y or (Y) as well, so a bare Z is read as the
 * lowest of those, W: it meets a vehicle that needs W, and not one that needs Y, which is the safe way round.
 */
export type SpeedRating = (typeof speedRatings)[number][0] | 'Z';

const rankOf = new Map<string, number>(speedRatings.map(([symbol], rank) => [symbol, rank]));
rankOf.set('Z', rankOf.get('W')!);

/** A speed symbol as written anywhere (`h`, ` V `, `(y)`, `ZR`), or null when it is not one. */
export function parseSpeedRating(text: string): SpeedRating | null {
  const symbol = text.trim().toUpperCase();
  if (symbol === 'ZR') return 'Z';
  return rankOf.has(symbol) ? (symbol as SpeedRating) : null;
}

/**
 * The top speed a symbol allows; `over` when the figure is a floor rather than a limit ((Y): over 186 mph;
 * Z: over 149 mph).
 */
export function speedLimit(rating: SpeedRating): { kmh: number; mph: number; over: boolean } {
  if (rating === 'Z') return { kmh: 240, mph: 149, over: true };
  const [, kmh, mph] = speedRatings[rankOf.get(rating)!]!;
  return { kmh, mph, over: rating === '(Y)' };
}

/**
 * Orders two speed symbols by speed (for `Array.sort`): negative when `a` is slower. A symbol that is not known
 * (or none) sorts before every known one.
 */
export function compareSpeedRatings(a: string | null | undefined, b: string | null | undefined): number {
  const rank = (s: string | null | undefined) => (s ? (rankOf.get(parseSpeedRating(s) ?? '') ?? -1) : -1);
  return rank(a) - rank(b);
}

/**
 * Whether a tire's speed symbol is at least the one the vehicle needs. Nothing wanted (or nothing known): any
 * tire will do. A tire without a known symbol never meets a wanted one: the finder cannot vouch for it.
 */
export function atLeastSpeed(candidate: string | null | undefined, wanted: string | null | undefined): boolean {
  if (!wanted || parseSpeedRating(wanted) === null) return true;
  if (!candidate || parseSpeedRating(candidate) === null) return false;
  return compareSpeedRatings(candidate, wanted) >= 0;
}

/**
 * The load index a tire is compared by: the single-wheel one. A light-truck or commercial tire carries two
 * (`120/116`: single, then dual mounting); the vehicle's placard and the finder compare the first.
 */
export function singleLoadIndex(loadIndex: number | string | null | undefined): number | null {
  if (typeof loadIndex === 'number') return Number.isInteger(loadIndex) ? loadIndex : null;
  const match = /^\s*(\d{1,3})(?:\s*\/\s*\d{1,3})?\s*$/.exec(loadIndex ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Whether a tire's load index is at least the one the vehicle needs (`120/116` is compared as 120). Nothing
 * wanted: any tire will do; a tire without a load index never meets a wanted one.
 */
export function atLeastLoad(candidate: number | string | null | undefined, wanted: number | string | null | undefined): boolean {
  const need = singleLoadIndex(wanted);
  if (need === null) return true;
  const has = singleLoadIndex(candidate);
  return has !== null && has >= need;
}

/**
 * Load ranges of light-truck (LT), trailer (ST) and commercial tires, lightest first, with the ply rating each
 * stands for: the strength of the old bias-ply tire of that many plies, not a count of today's plies. The letter
 * says how much pressure the tire is built to hold (C 50 psi, D 65, E 80, F 95 on most LT sizes) and so how
 * much it carries at it: a ¾-ton pickup's placard asks for E. Passenger tires have none (standard or extra load).
 */
export type LoadRange = TireLoadRange;

const loadRangeRank = new Map<string, number>(tireLoadRanges.map((letter, rank) => [letter, rank]));
/** B is 4-ply rated, and each letter after it two plies more. */
const pliesOf = (range: LoadRange) => 4 + 2 * loadRangeRank.get(range)!;
const loadRangeOfPly = new Map<number, LoadRange>(tireLoadRanges.map((letter) => [pliesOf(letter), letter]));

/** A load range letter as written anywhere (`e`, ` E `), or null when it is not one. */
export function parseLoadRange(text: string | null | undefined): LoadRange | null {
  const letter = (text ?? '').trim().toUpperCase();
  return loadRangeRank.has(letter) ? (letter as LoadRange) : null;
}

/** The load range of a ply rating (10 ply is E), or null for a rating no load range stands for. */
export const loadRangeOfPlies = (plies: number): LoadRange | null => loadRangeOfPly.get(plies) ?? null;

/** `Load range E (10-ply)`: as the counter shows it beside the load index. */
export function loadRangeLabel(range: LoadRange): string {
  return `Load range ${range} (${pliesOf(range)}-ply)`;
}

/**
 * Whether a tire's load range is at least the one the vehicle needs. Nothing wanted: any tire will do; a tire
 * whose load range the catalogue does not give never meets a wanted one (the finder cannot vouch for it).
 */
export function atLeastLoadRange(candidate: string | null | undefined, wanted: string | null | undefined): boolean {
  const need = parseLoadRange(wanted);
  if (need === null) return true;
  const has = parseLoadRange(candidate);
  return has !== null && loadRangeRank.get(has)! >= loadRangeRank.get(need)!;
}
