import type { Brand, CatalogueTire, ProductLine } from '../../contract/entities.ts';
import { tireCategories, webTireCategories } from '../../contract/enum-values.ts';
import { isStuddable, type FinderQuery, type FoundTire } from '../../domain/tires/tire-finder.ts';
import { loadRangeLabel, parseLoadRange, parseSpeedRating, speedLimit } from '../../domain/tires/tire-load-speed.ts';
import { catalogueSizeText } from '../../domain/tires/tire-service-type.ts';

/**
 * The counter's tire finder as a view model: what the size box and the list say (why a size is not one, how many
 * tires are shown and in what order), each tire's row in words, and the filters' choices. Finding, filtering and
 * ordering are the finder's rule (src/domain/tires/tire-finder.ts); this only words them for the screen.
 */

/**
 * What the size box says under itself: why what was typed is not a whole size, in the parser's words
 * ("225/65R" needs the rim size; 226 mm is no metric width). A note while the list still shows the sizes it
 * begins; an error (red, the box marked invalid) when it finds none. Mantine ties either to the box for a
 * screen reader.
 */
export function sizeBoxMessage(query: FinderQuery | undefined, found: number): { description?: string; error?: string } {
  const problem = query?.kind === 'size' ? query.problem : null;
  if (problem === null) return {};
  return found === 0 ? { error: `${problem}.` } : { description: `${problem}.` };
}

/** What the list says before it can list anything: nothing typed yet, or a size only begun; null once it lists (or finds none). */
export function finderHint(typed: string, query: FinderQuery | undefined): string | null {
  if (typed.trim() === '') return 'Type a size (2256517 works), a brand or a product line.';
  if (query?.kind === 'begun') return 'Keep typing: a size (225/65R17 or 2256517), a brand or a line.';
  return null;
}

/** Tires the list shows at first, and how many more each "Show more" adds: a phone scrolls to the quote below. */
export const listPage = 20;

/** The list's count, with the order it is in (`20 of 1,204 tires, in stock here first`). */
export function foundCountWords(found: number, shown: number, orderWords: string): string {
  return found > shown ? `${shown} of ${found.toLocaleString()} tires, ${orderWords}` : `${found} ${found === 1 ? 'tire' : 'tires'}, ${orderWords}`;
}

/** How many more tires "Show more" adds (0: all are shown). */
export const moreToShow = (found: number, shown: number) => Math.max(0, Math.min(listPage, found - shown));

/** What the catalogue calls a tire: its brand and line (either may be missing on a device still syncing). */
export function tireName(tire: Pick<CatalogueTire, 'brandHashId' | 'productLineHashId'>, catalogue: TireNames): string {
  return `${catalogue.brands.get(tire.brandHashId)?.name ?? ''} ${catalogue.lines.get(tire.productLineHashId)?.name ?? ''}`;
}

export interface TireNames {
  brands: ReadonlyMap<string, Brand>;
  lines: ReadonlyMap<string, ProductLine>;
}

/** A tire's row under its name: its size and load, load range, UTQG, run-flat, studdable and tread depth, as far as the catalogue says. */
export function tireDetails(tire: CatalogueTire): string {
  const loadRange = parseLoadRange(tire.loadRange);
  return [
    catalogueSizeText(tire, { loadRange: false }),
    loadRange && loadRangeLabel(loadRange),
    tire.utqg ? `UTQG ${tire.utqg}` : null,
    tire.isRunFlat ? 'Run-flat' : null,
    isStuddable(tire) ? 'Studdable' : null,
    tire.treadDepth32nds ? `${tire.treadDepth32nds}/32″` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The stock badge: on hand here (green from a set of four), else on order, else none here. */
export function stockBadge(found: Pick<FoundTire, 'onHand' | 'onOrder'>): { color: string; words: string } {
  if (found.onHand > 0) return { color: found.onHand >= 4 ? 'teal' : 'yellow', words: `${found.onHand} here` };
  if (found.onOrder > 0) return { color: 'blue', words: `${found.onOrder} on order` };
  return { color: 'gray', words: 'None here' };
}

/** Whether to offer the other stores' stock: this store has fewer than are wanted. */
export const shortHere = (found: Pick<FoundTire, 'onHand'>, wanted: number) => found.onHand < wanted;

/** The speed symbols of car and light truck tires, slowest first, with their speeds; and the one asked for, if another. */
const roadSpeeds = ['L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T', 'U', 'H', 'V', 'W', 'Y'] as const;
export const speedChoices = (current: string | null) =>
  [...roadSpeeds, ...(current && !(roadSpeeds as readonly string[]).includes(current) ? [current] : [])].map((symbol) => {
    const speed = parseSpeedRating(symbol);
    return { value: symbol, label: speed ? `${symbol} (${speedLimit(speed).mph} mph)` : symbol };
  });

/** The category filter's choices: winter is a season, chosen there. */
export const categoryChoices = tireCategories.values.filter((c) => c !== 'Winter').map((c) => ({ value: c, label: tireCategories.label(c) }));
export const seasonChoices = webTireCategories.values.map((c) => ({ value: c, label: webTireCategories.label(c) }));
