import type { Brand, CatalogueTire, ProductLine } from '../../contract/entities.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { linesMatching, readFinderQuery, type FinderQuery } from '../../domain/tires/tire-finder.ts';

/**
 * The catalogue's tires a typed text finds, by index: a size begun is a prefix of size keys, words a brand or
 * line (their tires by line). Filtering and order are the finder's rule (src/domain/tires/tire-finder.ts). The
 * counter's screen and the benchmark both look tires up this way.
 */
export async function lookUpTires(
  db: StoreDb,
  typed: string,
  lines: Iterable<ProductLine>,
  brands: ReadonlyMap<string, Brand>,
): Promise<{ query: FinderQuery; tires: CatalogueTire[] }> {
  const query = readFinderQuery(typed);
  const tires = db.rows<CatalogueTire>('catalogueTires');
  if (query.kind === 'size') return { query, tires: await tires.where('sizeKey').startsWith(query.prefix).toArray() };
  if (query.kind !== 'words') return { query, tires: [] };
  const found = linesMatching(query.words, [...lines], brands);
  return {
    query,
    tires:
      found.length === 0
        ? []
        : await tires
            .where('productLineHashId')
            .anyOf(found.map((l) => l.productLineHashId))
            .toArray(),
  };
}
