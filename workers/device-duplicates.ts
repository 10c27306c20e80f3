import Dexie, { RangeSet, type ObservabilitySet } from 'dexie';
import type { Customer, CustomerDuplicateDismissal } from '../src/contract/entities.ts';
import { DuplicateIndex } from '../src/domain/people/duplicate-index.ts';
import { groupPairs, pairKey, type DuplicateCandidate, type DuplicateReason } from '../src/domain/people/duplicates.ts';
import type { StoreDb } from '../src/db/store-db.ts';

/** Only what the rule compares is kept in memory, not whole rows. */
const candidate = (c: Customer): DuplicateCandidate => ({
  customerId: c.customerId,
  firstName: c.firstName,
  lastName: c.lastName,
  companyName: c.companyName,
  email: c.email,
  phoneNumber: c.phoneNumber,
  alternatePhoneNumber: c.alternatePhoneNumber,
});

export interface PossibleDuplicateGroup {
  reasons: DuplicateReason[];
  /** Oldest first. */
  customers: Customer[];
}

/**
 * The possible duplicates of one replica, worked out in the worker and kept between calls: Dexie says which
 * customers each committed write touched (its storagemutated event, which also carries the writes of other tabs
 * and of the main thread), and a call compares only those again. The first call after the worker starts, or
 * after a write Dexie reports only as a range (a cleared table), compares them all.
 */
export class DeviceDuplicates {
  private index = new DuplicateIndex();
  private changed: Set<string> | 'all' = 'all';
  private queue: Promise<unknown> = Promise.resolve();
  private readonly part: string;

  constructor(private readonly db: StoreDb) {
    this.part = `idb://${db.name}/customers/`;
    Dexie.on('storagemutated', this.noteWrites);
  }

  /** Stops listening (the replica is closed). */
  close(): void {
    Dexie.on.storagemutated.unsubscribe(this.noteWrites);
  }

  private readonly noteWrites = (parts: ObservabilitySet): void => {
    const touched = parts[this.part];
    if (!touched || this.changed === 'all') return;
    for (const range of RangeSet(touched)) {
      if (range.from !== range.to || typeof range.from !== 'string') {
        this.changed = 'all';
        return;
      }
      this.changed.add(range.from);
    }
  };

  /** Groups of customers that look like one person, biggest first; pairs marked "not a duplicate" never join. */
  groups(): Promise<PossibleDuplicateGroup[]> {
    // One call at a time, so an older read never lands after a newer one.
    const answer = this.queue.then(() => this.bringUpToDate()).then(() => this.read());
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private async bringUpToDate(): Promise<void> {
    const changed = this.changed;
    this.changed = new Set();
    try {
      const customers = this.db.rows<Customer>('customers');
      if (changed === 'all') {
        this.index = new DuplicateIndex();
        this.index.update((await customers.toArray()).map((customer) => ({ customerId: customer.customerId, customer: candidate(customer) })));
      } else if (changed.size > 0) {
        const ids = [...changed];
        const rows = await customers.bulkGet(ids);
        this.index.update(ids.map((customerId, i) => ({ customerId, customer: rows[i] ? candidate(rows[i]) : null })));
      }
    } catch (error) {
      this.changed = 'all';
      throw error;
    }
  }

  private async read(): Promise<PossibleDuplicateGroup[]> {
    const dismissals = await this.db.rows<CustomerDuplicateDismissal>('customerDuplicateDismissals').toArray();
    const groups = groupPairs(this.index.pairs(), new Set(dismissals.map((d) => pairKey(d.customerId, d.otherCustomerId))));
    const customers = await this.db.rows<Customer>('customers').bulkGet(groups.flatMap((g) => g.customerIds));
    const byId = new Map(customers.flatMap((c) => (c ? [[c.customerId, c] as const] : [])));
    return groups
      .map((g) => ({
        reasons: g.reasons,
        customers: g.customerIds.flatMap((id) => byId.get(id) ?? []).sort((a, b) => a.createdOn.localeCompare(b.createdOn)),
      }))
      .filter((g) => g.customers.length > 1);
  }
}
