import type { CatalogueTire } from '../../contract/entities.ts';
import type { TireCategory } from '../../contract/enum-values.ts';
import { parseLoadRange, parseSpeedRating } from './tire-load-speed.ts';
import { formatTireSize, parseTireSize, type TireSize } from './tire-size.ts';

/**
 * What a tire is built for, as its size marks it (issue 46 item 7): P passenger (P-metric, or metric with no
 * letter: the "Euro" size), LT light truck (LT245/75R16, and every flotation size), ST special trailer, T
 * temporary spare, C commercial (a van's 195/70R15C, and the medium-truck sizes). A ¾-ton pickup needs LT: a
 * passenger tire of the same dimensions fits the wheel but not the load, so the counter filters by it.
 */
export type TireServiceType = 'P' | 'LT' | 'ST' | 'T' | 'C';

export const tireServiceTypes: readonly { value: TireServiceType; label: string }[] = [
  { value: 'P', label: 'Passenger (P)' },
  { value: 'LT', label: 'Light truck (LT)' },
  { value: 'C', label: 'Commercial (C)' },
  { value: 'ST', label: 'Trailer (ST)' },
  { value: 'T', label: 'Temporary spare (T)' },
];

export const tireServiceTypeLabel = (type: TireServiceType): string => tireServiceTypes.find((t) => t.value === type)!.label;

/**
 * The service type a typed size asks for: its letter (P, LT, ST, T before the size; LT or C after it), LT for a
 * flotation size (they are all light-truck sizes), or null for a metric size typed without one, which asks for
 * none: 225/65R17 may be on a sedan's placard or a pickup's, and the counter's filters say which.
 */
export function sizeServiceType(size: TireSize): TireServiceType | null {
  if (size.commercial) return 'C';
  if (size.system === 'flotation') return 'LT';
  return size.serviceType;
}

/** Farm, industrial, lawn and garden, off-the-road and ATV tires: none of the road service types. */
const offRoad = new Set<TireCategory>(['Farm', 'Industrial', 'LG', 'OTR', 'ATV']);
const mediumTruck = new Set<TireCategory>(['TBRAP', 'TBRDrive', 'TBRSteer', 'TBRTrailer']);

type TireFacts = Pick<CatalogueTire, 'sizeKey' | 'category' | 'subcategory' | 'loadIndex' | 'dualLoadIndex' | 'speedRating'> & { loadRange?: string | null };

/**
 * The service type of a catalogue tire. The catalogue keeps its size as a key of dimensions only (LT245/75R16
 * and P245/75R16 share 245/75R16) and no service type, so it is read from what the catalogue does keep, in
 * this order:
 * - the category: off-road kinds have none; medium-truck tires (and low-platform trailer tires) are C; the
 *   other trailer tires ST;
 * - a flotation size is LT;
 * - a dual load index (a tire made to run in pairs) is LT or C. The two tables rate pairs differently: the Tire
 *   and Rim Association's LT tables put the dual load 3 or 4 indexes under the single (120/116, 121/118), the
 *   European commercial tables 1 or 2 (104/102, 121/120): so 3 or more is LT;
 * - a light-truck subcategory (Studless (Light Truck)…), or a load range of C or more, is LT;
 * - a narrow tire rated M (81 mph) is a temporary spare (T125/70R16 96M);
 * - anything else is a passenger tire.
 */
export function tireServiceType(tire: TireFacts): TireServiceType | null {
  if (offRoad.has(tire.category)) return null;
  if (isMediumTruck(tire)) return 'C';
  if (tire.category === 'Trailer') return 'ST';
  // A key is 225/65R17 or 35x12.50R20: read by its shape, as the finder asks this of every tire it lists.
  if (tire.sizeKey.includes('x')) return 'LT';
  if (tire.loadIndex !== null && tire.dualLoadIndex !== null) return tire.loadIndex - tire.dualLoadIndex >= 3 ? 'LT' : 'C';
  if (/LT$/.test(tire.subcategory ?? '') || (parseLoadRange(tire.loadRange) ?? 'B') !== 'B') return 'LT';
  if (tire.speedRating === 'M' && tire.sizeKey.includes('/') && Number.parseInt(tire.sizeKey, 10) <= 175) return 'T';
  return 'P';
}

const isMediumTruck = (tire: Pick<TireFacts, 'category' | 'subcategory'>) => mediumTruck.has(tire.category) || tire.subcategory === 'Trailer_LPT';

/**
 * A catalogue tire's size as its sidewall prints it: the service type its key leaves out (LT245/75R16,
 * ST225/75R15, T125/70R16, 195/70R15C, 35x12.50R20LT), its load and speed (`120/116S`), and, with `loadRange`,
 * the load range after a slash (LT245/75R16/E 120/116S). A passenger or medium-truck size is printed with no
 * letter, as theirs are.
 */
export function catalogueSizeText(tire: TireFacts, { loadRange }: { loadRange: boolean }): string {
  const parsed = parseTireSize(tire.sizeKey);
  if (!parsed.ok) return tire.sizeKey;
  const type = tireServiceType(tire);
  const size: TireSize = {
    ...parsed.size,
    serviceType: type === 'LT' || type === 'ST' || type === 'T' ? type : null,
    commercial: type === 'C' && !isMediumTruck(tire),
    loadIndex: tire.loadIndex,
    dualLoadIndex: tire.loadIndex === null ? null : tire.dualLoadIndex,
    speedRating: parseSpeedRating(tire.speedRating ?? ''),
    loadRange: loadRange ? parseLoadRange(tire.loadRange) : null,
  };
  return formatTireSize(size);
}
