// Migration 0032's frozen copy of src/domain/people/duplicates.ts as it was when the migration was frozen: never edit it.
import { foldText, searchableEmail, searchablePhone, type SearchableCustomer } from './customer-search.ts';

/** Why two customers look like one person. */
export type DuplicateReason = 'Same phone' | 'Same email' | 'Similar name';

export interface DuplicateCandidate extends SearchableCustomer {
  customerId: string;
}

const letters = (text: string | null | undefined) => foldText(text ?? '').replace(/[^a-z]/g, '');

/** At most one letter added, dropped, changed, or two swapped: Jon and John, Smith and Smtih. */
function nearlySame(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const [ra, rb] = [a.slice(i), b.slice(i)];
  return (
    ra.slice(1) === rb.slice(1) ||
    ra.slice(1) === rb ||
    ra === rb.slice(1) ||
    (ra.length >= 2 && ra[0] === rb[1] && ra[1] === rb[0] && ra.slice(2) === rb.slice(2))
  );
}

/**
 * Similar names: the same last name (give or take a typo) and first names with the same first letter that are
 * alike or one the other's start (Jon, John, Jonathan; not Jon and Don, who are more often two people).
 */
function similarNames(a: DuplicateCandidate, b: DuplicateCandidate): boolean {
  const [lastA, lastB] = [letters(a.lastName), letters(b.lastName)];
  const [firstA, firstB] = [letters(a.firstName), letters(b.firstName)];
  if (lastA.length < 2 || lastB.length < 2 || !firstA || !firstB || firstA[0] !== firstB[0] || !nearlySame(lastA, lastB)) return false;
  const shorter = firstA.length <= firstB.length ? firstA : firstB;
  const longer = shorter === firstA ? firstB : firstA;
  return nearlySame(firstA, firstB) || (shorter.length >= 3 && longer.startsWith(shorter));
}

const phones = (c: DuplicateCandidate) => [searchablePhone(c.phoneNumber), searchablePhone(c.alternatePhoneNumber)].filter((d) => d !== null);

/** Why two customers may be one person (the reasons that hold), or nothing. */
export function duplicateReasons(a: DuplicateCandidate, b: DuplicateCandidate): DuplicateReason[] {
  const reasons: DuplicateReason[] = [];
  const pa = phones(a);
  if (pa.length > 0 && phones(b).some((p) => pa.includes(p))) reasons.push('Same phone');
  const email = searchableEmail(a.email);
  if (email && email === searchableEmail(b.email)) reasons.push('Same email');
  if (similarNames(a, b)) reasons.push('Similar name');
  return reasons;
}

/** The key of a pair of customers, the same whichever comes first. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export interface DuplicateGroup {
  customerIds: string[];
  reasons: DuplicateReason[];
}

/**
 * The name keys a customer is compared under: the last name and each way of dropping one of its letters
 * (two names one typo apart share one of these), with the first name's initial. Every pair of similar names
 * shares a key, and a key holds few customers however common the name.
 */
function nameKeys(c: DuplicateCandidate): string[] {
  const last = letters(c.lastName);
  const initial = letters(c.firstName)[0];
  if (last.length < 2 || !initial) return [];
  const variants = new Set([last, ...[...last].map((_, i) => last.slice(0, i) + last.slice(i + 1))]);
  return [...variants].map((v) => `n:${v}:${initial}`);
}

/**
 * A phone or email shared by more customers than this is a business's or a placeholder (000-000-0000,
 * none@none.com), not one person's: it groups nobody.
 */
const sharedByTooMany = 50;
/** A name key this common (a Smith, J. in a dealer network) says nothing alone, and comparing all its pairs costs too much. */
const nameTooCommon = 300;

/** How many customers may share a key before it says nothing (the key's kind decides). */
export const keyShareLimit = (key: string) => (key.startsWith('n:') ? nameTooCommon : sharedByTooMany);

/**
 * The keys a customer is compared under (d: in front, apart from the search tokens): each phone, the email and
 * the name keys. Two customers are compared only when they share one, so a write compares a customer with a
 * few others found by index, and a whole company never has to be read.
 */
export function duplicateKeys(c: DuplicateCandidate): string[] {
  const keys = new Set<string>();
  for (const phone of phones(c)) keys.add(`p:${phone}`);
  const email = searchableEmail(c.email);
  if (email) keys.add(`e:${email}`);
  for (const key of nameKeys(c)) keys.add(key);
  return [...keys].map((key) => `d:${key}`);
}

/** Two customers who look like one person, and why. */
export interface DuplicatePair {
  customerId: string;
  otherCustomerId: string;
  reasons: DuplicateReason[];
}

/** The pairs among customers that share a key (a bucket within its limit), each once, with their reasons. */
export function duplicatePairs(customers: readonly DuplicateCandidate[]): DuplicatePair[] {
  const buckets = new Map<string, DuplicateCandidate[]>();
  for (const c of customers) for (const key of duplicateKeys(c)) (buckets.get(key) ?? buckets.set(key, []).get(key)!).push(c);
  const pairs = new Map<string, DuplicatePair>();
  for (const [key, bucket] of buckets) {
    if (bucket.length < 2 || bucket.length > keyShareLimit(key.slice(2))) continue;
    for (let i = 0; i < bucket.length; i++) {
      for (let j = i + 1; j < bucket.length; j++) {
        const [a, b] = [bucket[i]!, bucket[j]!];
        const id = pairKey(a.customerId, b.customerId);
        if (a.customerId === b.customerId || pairs.has(id)) continue;
        const reasons = duplicateReasons(a, b);
        if (reasons.length > 0) pairs.set(id, { customerId: id.split('|')[0]!, otherCustomerId: id.split('|')[1]!, reasons });
      }
    }
  }
  return [...pairs.values()];
}

/**
 * Groups of customers that look like one person, with why, from the pairs that do (a chain of pairs is one
 * group); a pair marked "not a duplicate" never joins.
 */
export function groupPairs(pairs: readonly DuplicatePair[], notDuplicates: ReadonlySet<string>): DuplicateGroup[] {
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  const reasonsOf = new Map<string, Set<DuplicateReason>>();
  for (const pair of pairs) {
    if (notDuplicates.has(pairKey(pair.customerId, pair.otherCustomerId))) continue;
    for (const id of [pair.customerId, pair.otherCustomerId]) if (!parent.has(id)) parent.set(id, id);
    const [ra, rb] = [find(pair.customerId), find(pair.otherCustomerId)];
    const merged = new Set([...(reasonsOf.get(ra) ?? []), ...(reasonsOf.get(rb) ?? []), ...pair.reasons]);
    parent.set(ra, rb);
    reasonsOf.set(rb, merged);
  }
  const groups = new Map<string, string[]>();
  for (const id of parent.keys()) (groups.get(find(id)) ?? groups.set(find(id), []).get(find(id))!).push(id);
  const order: DuplicateReason[] = ['Same phone', 'Same email', 'Similar name'];
  return [...groups]
    .map(([root, ids]) => ({ customerIds: ids.sort(), reasons: order.filter((r) => reasonsOf.get(root)?.has(r)) }))
    .sort((a, b) => b.customerIds.length - a.customerIds.length || a.customerIds[0]!.localeCompare(b.customerIds[0]!));
}

/**
 * Groups of customers that look like one person, with why; a pair marked "not a duplicate" never groups.
 * Customers are only compared within buckets that share a phone, an email or a name key, so tens of
 * thousands take a moment, not minutes.
 */
export function duplicateGroups(customers: readonly DuplicateCandidate[], notDuplicates: ReadonlySet<string>): DuplicateGroup[] {
  return groupPairs(duplicatePairs(customers), notDuplicates);
}

/**
 * Who of a group can be merged into the kept customer: each other one, unless someone said they are a
 * different person from the kept one or from one already going in (a group can chain A to B to C with A and
 * C marked apart). Those are left out, to be dealt with on their own.
 */
export function mergeableInto(keptId: string, groupIds: readonly string[], notDuplicates: ReadonlySet<string>): { merge: string[]; leftOut: string[] } {
  const merge: string[] = [];
  const leftOut: string[] = [];
  for (const id of groupIds) {
    if (id === keptId) continue;
    if ([keptId, ...merge].some((other) => notDuplicates.has(pairKey(id, other)))) leftOut.push(id);
    else merge.push(id);
  }
  return { merge, leftOut };
}
