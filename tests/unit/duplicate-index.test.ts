import { describe, expect, it } from 'vitest';
import { DuplicateIndex } from '../../src/domain/people/duplicate-index.ts';
import { duplicatePairs, type DuplicateCandidate, type DuplicatePair } from '../../src/domain/people/duplicates.ts';

/** A small deterministic generator, so a failing run can be replayed. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const sorted = (pairs: DuplicatePair[]) => pairs.map((p) => `${p.customerId}|${p.otherCustomerId}:${p.reasons.join(',')}`).sort();

describe('possible duplicates kept up to date one change at a time', () => {
  it('always has the pairs a comparison of the whole list finds, through creates, edits, deletions and a shared phone crossing its limit', () => {
    const { next, pick } = generator(7);
    const firstNames = ['Jon', 'John', 'Jonathan', 'Don', 'Maria', 'Mario', null];
    const lastNames = ['Smith', 'Smtih', 'Garcia', 'Nguyen', 'Ngyuen', null];
    const phones = ['(312) 555-0101', '312-555-0102', '1 312 555 0103', null];
    // One phone many share, so buckets cross the limit of 50 both ways during the run.
    const fleetPhone = '(773) 555-0199';
    const emails = ['jon@example.com', 'JON@example.com ', 'maria@example.com', null];
    const customers = new Map<string, DuplicateCandidate>();
    const index = new DuplicateIndex();
    for (let step = 0; step < 1500; step++) {
      const id = `c${String(Math.floor(next() * 120)).padStart(3, '0')}`;
      const gone = next() < 0.15;
      const customer: DuplicateCandidate = {
        customerId: id,
        firstName: pick(firstNames),
        lastName: pick(lastNames),
        companyName: null,
        email: pick(emails),
        phoneNumber: next() < 0.5 ? fleetPhone : pick(phones),
        alternatePhoneNumber: pick(phones),
      };
      if (gone) customers.delete(id);
      else customers.set(id, customer);
      index.update([{ customerId: id, customer: gone ? null : customer }]);
      if (step % 50 === 0) expect(sorted(index.pairs()), `after step ${step}`).toEqual(sorted(duplicatePairs([...customers.values()])));
    }
    expect(sorted(index.pairs())).toEqual(sorted(duplicatePairs([...customers.values()])));
  });

  it('finds the same pairs when the whole list arrives in one change as when it arrives one customer at a time', () => {
    const { pick } = generator(11);
    const list = Array.from(
      { length: 400 },
      (_, i): DuplicateCandidate => ({
        customerId: `c${i}`,
        firstName: pick(['Ana', 'Anna', 'Ann', 'Bob']),
        lastName: pick(['Lee', 'Li', 'Leigh', 'Park']),
        companyName: null,
        email: null,
        phoneNumber: pick(['555-0100', '555-0101', null]),
        alternatePhoneNumber: null,
      }),
    );
    const atOnce = new DuplicateIndex();
    atOnce.update(list.map((c) => ({ customerId: c.customerId, customer: c })));
    const oneByOne = new DuplicateIndex();
    for (const c of list) oneByOne.update([{ customerId: c.customerId, customer: c }]);
    expect(sorted(atOnce.pairs())).toEqual(sorted(duplicatePairs(list)));
    expect(sorted(oneByOne.pairs())).toEqual(sorted(atOnce.pairs()));
  });
});
