import { loadCapacity, loadIndexRange, parseSpeedRating, type SpeedRating } from './tire-load-speed.ts';

/**
 * Tire sizes as staff type them and as sidewalls print them: `225/65R17`, `P225/65R17 102H`,
 * `LT245/75R16 120/116N`, `195/70R15C 104/102R`, `265/35ZR18 97W XL`, `35x12.50R20LT`. Spaces, dashes and
 * case are forgiven (`225 65 17`, `225-65-17`, `p225/65r17`), and so are bare digits (`2256517`, `22565R17`,
 * `22570195` for 225/70R19.5): a counter person types the numbers off the sidewall and nothing else.
 *
 * The one rule the counter's finder, the catalogue import, a vehicle's tire size and the server share (issue 26).
 */

/** P (passenger), LT (light truck), ST (special trailer), T (temporary spare); null: metric, the "Euro" size. */
export type ServiceType = 'P' | 'LT' | 'ST' | 'T';
/** Radial, radial rated over 149 mph (ZR), diagonal (bias ply), belted bias. */
export type Construction = 'R' | 'ZR' | 'D' | 'B';

interface SizeParts {
  serviceType: ServiceType | null;
  /**
   * A size typed without a letter (`225 65 17`) is radial: nearly every tire sold at a counter is. In a
   * flotation size a dash before the rim (`33x12.50-15`) is how the sidewall writes bias ply, so it reads as D.
   */
  construction: Construction;
  /** Inches: whole, or 14.5 to 24.5 for the half sizes of light and medium trucks (16.5, 19.5, 22.5…). */
  rimDiameter: number;
  /** The C after the rim of a European commercial (van) size: 195/70R15C. */
  commercial: boolean;
  /** The single-mounting load index (120 of 120/116), or null when the size was given without one. */
  loadIndex: number | null;
  /** The dual-mounting load index of a light-truck or commercial tire (116 of 120/116), else null. */
  dualLoadIndex: number | null;
  /** As written. A ZR size without one is rated over 149 mph: `sizeSpeedRating` reads it as Z. */
  speedRating: SpeedRating | null;
  /** XL, RF or "Extra Load": a reinforced tire, which carries more at a higher pressure. */
  reinforced: boolean;
  /**
   * What a search looks a size up by: its dimensions only, written the radial way, e.g. `225/65R17` or
   * `35x12.50R20`. P225/65R17, 225/65R17, LT225/65R17, 225/65ZR17 and 225/65R17C share it, so `2256517`
   * finds every tire that fits the wheel; service type, construction, load and speed are the finder's
   * filters, not part of the key.
   */
  key: string;
}

/** A metric size: section width in millimetres and aspect ratio (height as a percentage of width). */
export interface MetricTireSize extends SizeParts {
  system: 'metric';
  widthMm: number;
  aspectRatio: number;
}

/** A flotation size (35x12.50R20LT): overall diameter and section width in inches. */
export interface FlotationTireSize extends SizeParts {
  system: 'flotation';
  diameterInches: number;
  widthInches: number;
}

export type TireSize = MetricTireSize | FlotationTireSize;
export type TireSizeResult = { ok: true; size: TireSize } | { ok: false; problem: string };

const howToWrite = 'write it like 225/65R17, LT245/75R16 or 35x12.50R20LT';
const halfRims = new Set([14.5, 15.5, 16.5, 17.5, 19.5, 22.5, 24.5]);

/** Rims run from 6 in (lawn and garden) to 54 in (farm), in whole inches, and the truck half sizes. */
const isRimDiameter = (rim: number) => (Number.isInteger(rim) && rim >= 6 && rim <= 54) || halfRims.has(rim);

/** Upper case, one space between words, and the spellings of "extra load" and × made one. */
function normalize(text: string): string {
  return text.trim().toUpperCase().replace(/×/g, 'X').replace(/\s+/g, ' ').replace(/\bEXTRA LOAD\b/g, 'XL');
}

/** A size typed as bare digits given its separators: 2256517 → 225/65 17, 22570195 → 225/70 19.5, 22565R17 → 225/65R17. */
function spreadDigits(head: string): string {
  return head
    .replace(/^(\d{3})(\d{2})(?=\s?(?:ZR|R|D|B))/, '$1/$2')
    .replace(/^(\d{3})(\d{2})(\d{2})(\d?)(?=$|\s|C|LT)/, (_, w: string, a: string, r: string, half: string) => `${w}/${a} ${r}${half ? `.${half}` : ''}`);
}

const servicePrefix = /^(LT|ST|P|T) ?(?=\d)/;
const metricHead = /^(\d+(?:\.\d+)?) ?[/ -] ?(\d+(?:\.\d+)?)[ -]?(?:(ZR|R|D|B)[ -]?|[/ -] ?)(\d+(?:\.\d+)?) ?(C|LT)?(?= |$)/;
const flotationHead = /^(\d+(?:\.\d+)?) ?X ?(\d+(?:\.\d+)?) ?(?:(ZR|R|D|B)[ -]?|(-) ?| )(\d+(?:\.\d+)?) ?(LT)?(?= |$)/;
const serviceDescription = /^(\()?(\d{1,3})(?:\/(\d{1,3}))?(.*)$/;
const reinforcedMarks = new Set(['XL', 'RF', 'REINF', 'REINFORCED']);

const failed = (problem: string): TireSizeResult => ({ ok: false, problem });

/** What follows the size: load index (single or single/dual), speed symbol, XL. */
function readServiceDescription(tokens: string[]): Pick<SizeParts, 'loadIndex' | 'dualLoadIndex' | 'speedRating' | 'reinforced'> | string {
  const read: Pick<SizeParts, 'loadIndex' | 'dualLoadIndex' | 'speedRating' | 'reinforced'> = { loadIndex: null, dualLoadIndex: null, speedRating: null, reinforced: false };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (reinforcedMarks.has(token)) {
      read.reinforced = true;
      continue;
    }
    if (token === 'SL') continue; // standard load: the default
    const service = read.loadIndex === null ? serviceDescription.exec(token) : null;
    if (!service) return `"${token}" after the size is not understood`;
    const [, bracket, single, dual] = service;
    let speedText = service[4]!;
    if (bracket) {
      // (97Y): the sidewall's way of writing over 186 mph.
      if (!speedText.endsWith(')')) return `"${token}" after the size is not understood`;
      speedText = `(${speedText.slice(0, -1)})`;
    } else if (speedText === '' && tokens[i + 1] !== undefined && parseSpeedRating(tokens[i + 1]!) !== null) {
      speedText = tokens[++i]!; // 102 H
    }
    read.loadIndex = Number(single);
    if (!loadCapacity(read.loadIndex)) return `Load index ${single} is not in the load index table (${loadIndexRange.min} to ${loadIndexRange.max})`;
    if (dual !== undefined) {
      read.dualLoadIndex = Number(dual);
      if (!loadCapacity(read.dualLoadIndex)) return `Load index ${dual} is not in the load index table (${loadIndexRange.min} to ${loadIndexRange.max})`;
      if (read.dualLoadIndex > read.loadIndex) return `Load index ${single}/${dual} is backwards: the dual load (second) is never above the single (first)`;
    }
    if (speedText !== '') {
      read.speedRating = parseSpeedRating(speedText);
      if (read.speedRating === null || read.speedRating === 'Z') return `Speed rating ${speedText} is not known`;
    }
  }
  return read;
}

/** Reads a tire size typed or printed any of the ways above; a bad one gets a message naming what is wrong. */
export function parseTireSize(text: string): TireSizeResult {
  const typed = normalize(text);
  if (typed === '') return failed(`Enter a tire size: ${howToWrite}`);
  const prefix = servicePrefix.exec(typed);
  const rest = spreadDigits(typed.slice(prefix?.[0].length ?? 0));
  const prefixType = (prefix?.[1] ?? null) as ServiceType | null;

  const flotation = flotationHead.exec(rest);
  const metric = flotation ? null : metricHead.exec(rest);
  const head = flotation ?? metric;
  if (!head && /^\d+$/.test(rest)) return failed(`"${text.trim()}" is not a tire size: typed as digits, a size has 7: width, aspect ratio and rim, as in 2256517`);
  if (!head) return failed(`"${text.trim()}" is not a tire size: ${howToWrite}`);

  const suffix = (flotation ? flotation[6] : metric![5]) ?? null;
  if (prefixType && suffix && prefixType !== suffix) return failed(`A size has one service type: ${text.trim()} gives both ${prefixType} and ${suffix}`);
  if (flotation && prefixType && prefixType !== 'LT') return failed(`${prefixType} does not go with a flotation size: ${howToWrite}`);

  const rimText = flotation ? flotation[5]! : metric![4]!;
  const rimDiameter = Number(rimText);
  const described = readServiceDescription(rest.slice(head[0].length).split(' ').filter(Boolean));
  if (typeof described === 'string') return failed(described);

  const common = {
    serviceType: prefixType ?? (suffix === 'LT' ? 'LT' : null),
    commercial: suffix === 'C',
    rimDiameter,
    ...described,
  };

  if (flotation) {
    const [, diameterText, widthText, letter, dash] = flotation;
    const diameterInches = Number(diameterText);
    const widthInches = Number(widthText);
    if (!(diameterInches >= 10 && diameterInches <= 66 && Number.isInteger(diameterInches * 2))) return failed(`Overall diameter ${diameterText} in is not a flotation tire diameter`);
    if (!isRimDiameter(rimDiameter)) return failed(`Rim diameter ${rimText} is not a tire rim size`);
    if (diameterInches <= rimDiameter) return failed(`Overall diameter ${diameterText} in is not larger than the rim (${rimText} in): the diameter comes first, as in 35x12.50R20`);
    if (!(widthInches >= 3 && widthInches <= 25 && Number.isInteger(widthInches * 4))) return failed(`Width ${widthText} in is not a flotation tire width`);
    const construction = (letter ?? (dash ? 'D' : 'R')) as Construction;
    return { ok: true, size: { system: 'flotation', diameterInches, widthInches, construction, ...common, key: flotationKey(diameterInches, widthInches, rimDiameter) } };
  }

  const [, widthText, aspectText, letter] = metric!;
  const widthMm = Number(widthText);
  const aspectRatio = Number(aspectText);
  if (!(Number.isInteger(widthMm) && widthMm >= 100 && widthMm <= 1250)) return failed(`Width ${widthText} mm is not a tire width`);
  if (widthMm % 5 !== 0) return failed(`Width ${widthText} mm is not a tire width: metric widths end in 0 or 5`);
  if (!(Number.isInteger(aspectRatio) && aspectRatio >= 20 && aspectRatio <= 110 && aspectRatio % 5 === 0)) return failed(`Aspect ratio ${aspectText} is not a tire aspect ratio`);
  if (!isRimDiameter(rimDiameter)) return failed(`Rim diameter ${rimText} is not a tire rim size`);
  const construction = (letter ?? 'R') as Construction;
  return { ok: true, size: { system: 'metric', widthMm, aspectRatio, construction, ...common, key: metricKey(widthMm, aspectRatio, rimDiameter) } };
}

/** What is wrong with a typed size, or null when it reads as one (for a form field). */
export function tireSizeProblem(text: string): string | null {
  const parsed = parseTireSize(text);
  return parsed.ok ? null : `${parsed.problem}.`;
}

const metricKey = (width: number, aspect: number, rim: number) => `${width}/${aspect}R${rim}`;
const flotationKey = (diameter: number, width: number, rim: number) => `${diameter}x${width.toFixed(2)}R${rim}`;

/** The load index and speed symbol as printed: `102H`, `120/116N`, `(101Y)`. */
function formatServiceDescription(size: TireSize): string {
  if (size.loadIndex === null) return '';
  const load = size.dualLoadIndex === null ? `${size.loadIndex}` : `${size.loadIndex}/${size.dualLoadIndex}`;
  if (size.speedRating === '(Y)') return ` (${load}Y)`;
  return ` ${load}${size.speedRating ?? ''}`;
}

/**
 * A size written the one way the app shows it: service type first (LT245/75R16, not 245/75R16LT), the
 * construction letter, C for commercial, then load index, speed symbol and XL. A flotation size keeps its
 * width to two decimals and LT at the end, as sidewalls print it (35x12.50R20LT).
 */
export function formatTireSize(size: TireSize): string {
  const head = size.system === 'metric'
    ? `${size.serviceType ?? ''}${size.widthMm}/${size.aspectRatio}${size.construction}${size.rimDiameter}${size.commercial ? 'C' : ''}`
    : `${size.diameterInches}x${size.widthInches.toFixed(2)}${size.construction === 'D' ? '-' : size.construction}${size.rimDiameter}${size.serviceType === 'LT' ? 'LT' : ''}`;
  return `${head}${formatServiceDescription(size)}${size.reinforced ? ' XL' : ''}`;
}

/** The speed symbol a size stands for: its own, or Z for a ZR size printed without one (see `SpeedRating`). */
export function sizeSpeedRating(size: TireSize): SpeedRating | null {
  return size.speedRating ?? (size.construction === 'ZR' ? 'Z' : null);
}

const metricSoFar = /^(\d{1,3})([ /-]*)(\d{0,2})([ /-]*)(Z|ZR|R|D|B)?([ -]*)(\d{0,2}(?:\.\d?)?)(C|LT)?( .*)?$/;
const flotationSoFar = /^(\d{2}(?:\.\d?)?) ?X ?(\d{0,2}(?:\.\d{0,2})?)( ?)(Z|ZR|R|D|B|-)?([ -]*)(\d{0,2}(?:\.\d?)?)(LT)?( .*)?$/;

/**
 * What a search typed so far (`225`, `22565`, `225/6`, `35x12.5`) can still become, as the start of a size key,
 * so that each keystroke at the counter is one prefix look-up on an index of keys: `22565` → `225/65`,
 * `225651` → `225/65R1`, `p225/65r17 102h` → `225/65R17`. Null when no size starts like that (nothing typed,
 * a name, `225/65R175`): the finder then searches by brand or product line instead. A whole size gives its
 * whole key, which is also the start of a half-inch rim's (225/75R17 of 225/75R17.5): a finder that wants only
 * that size compares keys when `parseTireSize` reads the text.
 */
export function tireSizeSearchPrefix(typed: string): string | null {
  const parsed = parseTireSize(typed);
  if (parsed.ok) return parsed.size.key;
  const text = normalize(typed).replace(servicePrefix, '');
  if (text === '') return null;

  const flotation = flotationSoFar.exec(text);
  if (flotation) {
    const [, diameter, width, space, letter, , rim, suffix, more] = flotation;
    const rimStarted = letter !== undefined || (space !== '' && rim !== '');
    if (!rimStarted) return rim === '' && suffix === undefined && more === undefined ? `${Number(diameter)}x${width}` : null;
    if (width === '' || ((suffix !== undefined || more !== undefined) && rim!.length < 2)) return null;
    return `${Number(diameter)}x${Number(width).toFixed(2)}R${rim}`;
  }

  const metric = metricSoFar.exec(text);
  if (!metric) return null;
  const [, width, widthEnd, aspect, aspectEnd, letter, rimStart, rim, suffix, more] = metric;
  const aspectStarted = widthEnd !== '' || aspect !== '';
  const rimStarted = aspectEnd !== '' || letter !== undefined || rimStart !== '' || rim !== '';
  if (aspectStarted && width!.length < 3) return null;
  if (!rimStarted) return suffix === undefined && more === undefined ? (aspectStarted ? `${width}/${aspect}` : width!) : null;
  if (aspect!.length < 2 || ((suffix !== undefined || more !== undefined) && rim!.length < 2)) return null;
  return `${width}/${aspect}R${rim}`;
}
