import { duplicateKeys, duplicateReasons, keyShareLimit, type DuplicateCandidate, type DuplicatePair } from './duplicates.ts';

const withinLimit = (key: string, holders: number) => holders <= keyShareLimit(key.slice(2));

/**
 * The pairs of customers that look like one person (the rule of duplicatePairs), kept up to date a few customers
 * at a time: a change compares the changed customers with those sharing one of their keys, not the whole list
 * with itself. A key that crosses its limit (a fleet's phone reaching its 51st customer) has its holders
 * compared again, so the pairs are always those duplicatePairs finds for the same customers.
 */
export class DuplicateIndex {
  private readonly customers = new Map<string, DuplicateCandidate>();
  private readonly keysOf = new Map<string, string[]>();
  private readonly holders = new Map<string, Set<string>>();
  private readonly pairsOf = new Map<string, Map<string, DuplicatePair>>();

  /** Customers written (`customer` the row as it is now) or gone (`customer` null). */
  update(changes: Iterable<{ customerId: string; customer: DuplicateCandidate | null }>): void {
    const affected = new Set<string>();
    const hold = (key: string, id: string, holds: boolean) => {
      const holders = this.holders.get(key) ?? this.holders.set(key, new Set()).get(key)!;
      const wasWithin = withinLimit(key, holders.size);
      if (holds) holders.add(id);
      else holders.delete(id);
      if (withinLimit(key, holders.size) !== wasWithin) for (const holder of holders) affected.add(holder);
      if (holders.size === 0) this.holders.delete(key);
    };
    for (const { customerId, customer } of changes) {
      affected.add(customerId);
      for (const key of this.keysOf.get(customerId) ?? []) hold(key, customerId, false);
      this.keysOf.delete(customerId);
      this.customers.delete(customerId);
      if (!customer) continue;
      const keys = duplicateKeys(customer);
      this.customers.set(customerId, customer);
      this.keysOf.set(customerId, keys);
      for (const key of keys) hold(key, customerId, true);
    }
    for (const id of affected) this.dropPairs(id);
    for (const id of affected) this.findPairs(id, affected);
  }

  /** Every pair, each once. */
  pairs(): DuplicatePair[] {
    return [...this.pairsOf.entries()].flatMap(([id, others]) => [...others.values()].filter((p) => p.customerId === id));
  }

  private dropPairs(id: string): void {
    for (const other of this.pairsOf.get(id)?.keys() ?? []) this.pairsOf.get(other)?.delete(id);
    this.pairsOf.delete(id);
  }

  /** The pairs of one customer; of two customers both being compared again, the lesser id does the comparing. */
  private findPairs(id: string, affected: ReadonlySet<string>): void {
    const customer = this.customers.get(id);
    if (!customer) return;
    for (const key of this.keysOf.get(id) ?? []) {
      const holders = this.holders.get(key)!;
      if (!withinLimit(key, holders.size)) continue;
      for (const otherId of holders) {
        if (otherId === id || (affected.has(otherId) && otherId < id) || this.pairsOf.get(id)?.has(otherId)) continue;
        const reasons = duplicateReasons(customer, this.customers.get(otherId)!);
        if (reasons.length === 0) continue;
        const [a, b] = id < otherId ? [id, otherId] : [otherId, id];
        const pair = { customerId: a, otherCustomerId: b, reasons };
        (this.pairsOf.get(a) ?? this.pairsOf.set(a, new Map()).get(a)!).set(b, pair);
        (this.pairsOf.get(b) ?? this.pairsOf.set(b, new Map()).get(b)!).set(a, pair);
      }
    }
  }
}
