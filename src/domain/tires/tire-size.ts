import { loadCapacity, loadIndexRange, loadRangeOfPlies, parseLoadRange, parseSpeedRating, type LoadRange, type SpeedRating } from './tire-load-speed.ts';

/**
 * Tire sizes as staff type them and as sidewalls print them: `225/65R17`, `P225/65R17 102H`,
 * `LT245/75R16 120/116N`, `LT265/75R16/E 123R`, `195/70R15C 104/102R`, `265/35ZR18 97W XL`, `35x12.50R20LT`. Spaces, dashes and
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
   * The load range of a light-truck or trailer tire as typed: `/E` or ` E` after the size, `LRE`, `Load Range E`,
   * or its ply rating (`10PR`, `10 ply`). A bare letter is read as one only from B to F (the letters LT and ST
   * tires carry): G and above (truck tires) are typed as LRG or by ply, so `225/65R17 H` is never load range H.
   */
  loadRange: LoadRange | null;
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

/**
 * A numeric size (7.50R16LT, 8.75R16.5, 11R22.5, 7.00-15 bias): section width in inches and rim, the older
 * light-truck and the medium-truck sizes. Its width is kept as written: 11R22.5 (tubeless) and 11.00R22.5 are
 * not one tire.
 */
export interface NumericTireSize extends SizeParts {
  system: 'numeric';
  widthInches: number;
  /** The width as printed (7.50, 11): the key and the written size keep it. */
  widthText: string;
}

export type TireSize = MetricTireSize | FlotationTireSize | NumericTireSize;
export type TireSizeResult = { ok: true; size: TireSize } | { ok: false; problem: string };

const howToWrite = 'write it like 225/65R17, LT245/75R16 or 35x12.50R20LT';
const halfRims = new Set([14.5, 15.5, 16.5, 17.5, 19.5, 22.5, 24.5]);

/** Rims run from 6 in (lawn and garden) to 54 in (farm), in whole inches, and the truck half sizes. */
const isRimDiameter = (rim: number) => (Number.isInteger(rim) && rim >= 6 && rim <= 54) || halfRims.has(rim);

/** Upper case, one space between words, and the spellings of "extra load" and × made one. */
function normalize(text: string): string {
  return text
    .trim()
    .toUpperCase()
    .replace(/×/g, 'X')
    .replace(/\s+/g, ' ')
    .replace(/\bEXTRA LOAD\b/g, 'XL')
    .replace(/\bLOAD RANGE ?/g, 'LR')
    .replace(/\bLR[ -]([A-Z])\b/g, 'LR$1')
    .replace(/\b(\d{1,2})[ -]?(?:PLY|PR)\b/g, '$1PR');
}

/** A size typed as bare digits given its separators: 2256517 → 225/65 17, 22570195 → 225/70 19.5, 22565R17 → 225/65R17. */
function spreadDigits(head: string): string {
  return head
    .replace(/^(\d{3})(\d{2})(?=\s?(?:ZR|R|D|B))/, '$1/$2')
    .replace(/^(\d{3})(\d{2})(\d{2})(\d?)(?=$|\s|C|LT)/, (_, w: string, a: string, r: string, half: string) => `${w}/${a} ${r}${half ? `.${half}` : ''}`);
}

const servicePrefix = /^(LT|ST|P|T) ?(?=\d)/;
const metricHead = /^(\d+(?:\.\d+)?) ?[/ -] ?(\d+(?:\.\d+)?)[ -]?(?:(ZR|R|D|B)[ -]?|[/ -] ?)(\d+(?:\.\d+)?) ?(C|LT)?(?=[ /]|$)/;
const flotationHead = /^(\d+(?:\.\d+)?) ?X ?(\d+(?:\.\d+)?) ?(?:(ZR|R|D|B)[ -]?|(-) ?| )(\d+(?:\.\d+)?) ?(LT)?(?=[ /]|$)/;
const numericHead = /^(\d{1,2}(?:\.\d{1,2})?) ?(?:(R|D|B)[ -]?|(-) ?)(\d+(?:\.\d+)?) ?(LT)?(?=[ /]|$)/;
const serviceDescription = /^(\()?(\d{1,3})(?:\/(\d{1,3}))?(.*)$/;
const reinforcedMarks = new Set(['XL', 'RF', 'REINF', 'REINFORCED']);

const failed = (problem: string): TireSizeResult => ({ ok: false, problem });

type ServiceDescription = Pick<SizeParts, 'loadIndex' | 'dualLoadIndex' | 'speedRating' | 'reinforced' | 'loadRange'>;

const bareLoadRange = /^\/?([B-F])$/;
const writtenLoadRange = /^\/?LR([A-Z])$/;
const plyRating = /^\/?(\d{1,2})PR$/;

/** A load range written after the size (`/E`, `E`, `LRE`, `10PR`): the range, what is wrong with it, or null when the token is none. */
function readLoadRange(token: string): LoadRange | { problem: string } | null {
  const letter = bareLoadRange.exec(token)?.[1] ?? writtenLoadRange.exec(token)?.[1];
  if (letter !== undefined) return parseLoadRange(letter) ?? { problem: `Load range ${letter} is not known: they run B, C, D, E, F and on to N` };
  const plies = plyRating.exec(token)?.[1];
  if (plies === undefined) return null;
  return loadRangeOfPlies(Number(plies)) ?? { problem: `A ${plies}-ply rating is not known: ply ratings run 4, 6, 8 and on to 24` };
}

/** The load index and speed symbol of one token (`102H`, `120/116`, `(101Y)`), with the next token when it is the speed (`102 H`). */
function readLoadAndSpeed(tokens: string[], i: number, read: ServiceDescription): { next: number } | string {
  const token = tokens[i]!;
  const service = serviceDescription.exec(token);
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
  return { next: i };
}

/** What follows the size: load range, load index (single or single/dual), speed symbol, XL. */
function readServiceDescription(tokens: string[]): ServiceDescription | string {
  const read: ServiceDescription = { loadIndex: null, dualLoadIndex: null, speedRating: null, reinforced: false, loadRange: null };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (reinforcedMarks.has(token)) {
      read.reinforced = true;
      continue;
    }
    if (token === 'SL') continue; // standard load: the default
    const range = readLoadRange(token);
    if (range !== null) {
      if (typeof range === 'object') return range.problem;
      if (read.loadRange !== null && read.loadRange !== range) return `A tire has one load range: this size gives both ${read.loadRange} and ${range}`;
      read.loadRange = range;
      continue;
    }
    if (read.loadIndex !== null) return `"${token}" after the size is not understood`;
    const loadAndSpeed = readLoadAndSpeed(tokens, i, read);
    if (typeof loadAndSpeed === 'string') return loadAndSpeed;
    i = loadAndSpeed.next;
  }
  return read;
}

const widthSoFar = /^(\d{3})(?:[ /-]+\d?)?[ /-]*$/;
const rimMissing = /^(\d{3}) ?[/ -] ?(\d{2,3}) ?(?:ZR|R|D|B|[/ -])? ?$/;
const flotationRimMissing = /^(\d{2}(?:\.\d)?) ?X ?(\d{1,2}(?:\.\d{1,2})?) ?(?:ZR|R|D|B|-)? ?$/;

/**
 * What a size begun but not finished still needs, in the parser's words (`225/65R`: the rim size), so the
 * counter's box and the vehicle form say what to add rather than that the text is no size. Null when the text
 * is not a size begun.
 */
function unfinishedSize(typed: string, rest: string): string | null {
  if (widthSoFar.test(rest)) return `"${typed}" needs the aspect ratio and rim size after the width, as in 225/65R17`;
  if (rimMissing.test(rest)) return `"${typed}" needs the rim size, as in 225/65R17`;
  if (/^\d{2}(?:\.\d)? ?X ?$/.test(rest)) return `"${typed}" needs the width and rim size, as in 35x12.50R20LT`;
  if (flotationRimMissing.test(rest)) return `"${typed}" needs the rim size, as in 35x12.50R20LT`;
  return null;
}

type Common = Omit<SizeParts, 'construction' | 'key'>;
type Built = TireSizeResult;

function metricSize([, widthText, aspectText, letter, rimText]: RegExpExecArray, common: Common): Built {
  const widthMm = Number(widthText);
  const aspectRatio = Number(aspectText);
  if (!(Number.isInteger(widthMm) && widthMm >= 100 && widthMm <= 1250)) return failed(`Width ${widthText} mm is not a tire width`);
  if (widthMm % 5 !== 0) return failed(`Width ${widthText} mm is not a tire width: metric widths end in 0 or 5`);
  if (!(Number.isInteger(aspectRatio) && aspectRatio >= 20 && aspectRatio <= 110 && aspectRatio % 5 === 0))
    return failed(`Aspect ratio ${aspectText} is not a tire aspect ratio`);
  if (!isRimDiameter(common.rimDiameter)) return failed(`Rim diameter ${rimText} is not a tire rim size`);
  const construction = (letter ?? 'R') as Construction;
  return { ok: true, size: { system: 'metric', widthMm, aspectRatio, construction, ...common, key: metricKey(widthMm, aspectRatio, common.rimDiameter) } };
}

function flotationSize([, diameterText, widthText, letter, dash, rimText]: RegExpExecArray, common: Common): Built {
  const diameterInches = Number(diameterText);
  const widthInches = Number(widthText);
  const { rimDiameter } = common;
  if (!(diameterInches >= 10 && diameterInches <= 66 && Number.isInteger(diameterInches * 2)))
    return failed(`Overall diameter ${diameterText} in is not a flotation tire diameter`);
  if (!isRimDiameter(rimDiameter)) return failed(`Rim diameter ${rimText} is not a tire rim size`);
  if (diameterInches <= rimDiameter)
    return failed(`Overall diameter ${diameterText} in is not larger than the rim (${rimText} in): the diameter comes first, as in 35x12.50R20`);
  if (!(widthInches >= 3 && widthInches <= 25 && Number.isInteger(widthInches * 4))) return failed(`Width ${widthText} in is not a flotation tire width`);
  const construction = (letter ?? (dash ? 'D' : 'R')) as Construction;
  return {
    ok: true,
    size: { system: 'flotation', diameterInches, widthInches, construction, ...common, key: flotationKey(diameterInches, widthInches, rimDiameter) },
  };
}

function numericSize([, widthText, letter, dash, rimText]: RegExpExecArray, common: Common): Built {
  const widthInches = Number(widthText);
  if (!(widthInches >= 4 && widthInches <= 24 && Number.isInteger(widthInches * 20))) return failed(`Width ${widthText} in is not a tire width`);
  if (!isRimDiameter(common.rimDiameter)) return failed(`Rim diameter ${rimText} is not a tire rim size`);
  // 7.5R16 is how a person types what the sidewall prints as 7.50R16.
  const width = widthText!.includes('.') ? widthInches.toFixed(2) : widthText!;
  const construction = (letter ?? (dash ? 'D' : 'R')) as Construction;
  return { ok: true, size: { system: 'numeric', widthInches, widthText: width, construction, ...common, key: `${width}R${common.rimDiameter}` } };
}

const systems = [
  { system: 'flotation', head: flotationHead, rim: 5, suffix: 6, build: flotationSize },
  { system: 'metric', head: metricHead, rim: 4, suffix: 5, build: metricSize },
  { system: 'numeric', head: numericHead, rim: 4, suffix: 5, build: numericSize },
] as const;

/** Reads a tire size typed or printed any of the ways above; a bad one gets a message naming what is wrong. */
export function parseTireSize(text: string): TireSizeResult {
  const typed = normalize(text);
  if (typed === '') return failed(`Enter a tire size: ${howToWrite}`);
  const prefix = servicePrefix.exec(typed);
  const rest = spreadDigits(typed.slice(prefix?.[0].length ?? 0));
  const prefixType = (prefix?.[1] ?? null) as ServiceType | null;

  const found = systems.map((s) => ({ ...s, match: s.head.exec(rest) })).find((s) => s.match !== null);
  if (!found && /^\d+$/.test(rest))
    return failed(`"${text.trim()}" is not a tire size: typed as digits, a size has 7: width, aspect ratio and rim, as in 2256517`);
  if (!found) return failed(unfinishedSize(text.trim(), rest) ?? `"${text.trim()}" is not a tire size: ${howToWrite}`);
  const head = found.match!;

  let suffix = head[found.suffix] ?? null;
  let after = rest.slice(head[0].length);
  // LT245/75R16 C: on a light-truck or trailer size a C apart from the rim is its load range, not "commercial".
  if (suffix === 'C' && / C$/.test(head[0]) && (prefixType === 'LT' || prefixType === 'ST')) [suffix, after] = [null, ` C${after}`];
  if (prefixType && suffix && prefixType !== suffix) return failed(`A size has one service type: ${text.trim()} gives both ${prefixType} and ${suffix}`);
  if (found.system !== 'metric' && prefixType && prefixType !== 'LT') return failed(`${prefixType} does not go with a ${found.system} size: ${howToWrite}`);

  const described = readServiceDescription(after.split(' ').filter(Boolean));
  if (typeof described === 'string') return failed(described);
  const common: Common = {
    serviceType: prefixType ?? (suffix === 'LT' ? 'LT' : null),
    commercial: suffix === 'C',
    rimDiameter: Number(head[found.rim]),
    ...described,
  };
  return found.build(head, common);
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
 * construction letter, C for commercial, the load range after a slash (LT265/75R16/E, as tire shops write it),
 * then load index, speed symbol and XL. A flotation or numeric size keeps its width in inches and LT at the end,
 * as sidewalls print it (35x12.50R20LT/C, 7.50R16LT).
 */
export function formatTireSize(size: TireSize): string {
  const inches = (construction: Construction) => (construction === 'D' ? '-' : construction);
  const lt = size.serviceType === 'LT' ? 'LT' : '';
  const head =
    size.system === 'metric'
      ? `${size.serviceType ?? ''}${size.widthMm}/${size.aspectRatio}${size.construction}${size.rimDiameter}${size.commercial ? 'C' : ''}`
      : size.system === 'flotation'
        ? `${size.diameterInches}x${size.widthInches.toFixed(2)}${inches(size.construction)}${size.rimDiameter}${lt}`
        : `${size.widthText}${inches(size.construction)}${size.rimDiameter}${lt}`;
  return `${head}${size.loadRange ? `/${size.loadRange}` : ''}${formatServiceDescription(size)}${size.reinforced ? ' XL' : ''}`;
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
