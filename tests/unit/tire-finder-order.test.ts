import { describe, expect, it } from 'vitest';
import type { CatalogueTire } from '../../src/contract/entities.ts';
import { orderFoundTires, type FoundTire } from '../../src/domain/tires/tire-finder.ts';

const found = (sku: string, brand: string, priceInCents: number | null, onHand: number): FoundTire => ({
  tire: { sku, brandHashId: brand } as CatalogueTire,
  onHand,
  onOrder: 0,
  priceInCents,
});
// As the finder orders them: enough here first, then cheapest.
const list = [found('A1', 'Michelin', 21_000, 8), found('B1', 'Cooper', 14_000, 0), found('C1', 'Nokian', null, 0), found('D1', 'Cooper', 9_000, 0)];
const skus = (tires: FoundTire[]) => tires.map((f) => f.tire.sku);
const nameOf = (tire: CatalogueTire) => tire.brandHashId;

describe('the order of the tires found', () => {
  it("is the finder's (stock here first) unless the counter chooses another", () => {
    expect(skus(orderFoundTires(list, 'stock', nameOf))).toEqual(['A1', 'B1', 'C1', 'D1']);
  });

  it('by price either way puts a tire without a price last', () => {
    expect(skus(orderFoundTires(list, 'priceLow', nameOf))).toEqual(['D1', 'B1', 'A1', 'C1']);
    expect(skus(orderFoundTires(list, 'priceHigh', nameOf))).toEqual(['A1', 'B1', 'D1', 'C1']);
  });

  it('by brand and line, cheapest first within one', () => {
    expect(skus(orderFoundTires(list, 'brand', nameOf))).toEqual(['D1', 'B1', 'A1', 'C1']);
  });
});
