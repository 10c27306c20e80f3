import { nameMatch, readCustomerQuery, searchLookups } from '../../../src/domain/people/customer-search.ts';
import type { Db } from '../../db/connect.ts';
import { likePrefix } from '../../http/search.ts';

/** The most customers a search names (the list pages within them): a search narrows, it does not list a company. */
export const searchBound = 500;

/**
 * The customers the typed text finds, as the device's search finds them (src/domain/people/customer-search.ts: the
 * same reading of the text and the same tokens): a prefix lookup per reading in the keys kept at write time
 * (server/sync/customer-keys.ts), so a search reads the index, never the company's customers.
 */
export async function customersFound(db: Db, companyId: number, text: string): Promise<string[]> {
  const query = readCustomerQuery(text);
  const found = new Set<string>();
  for (const lookup of searchLookups(query)) {
    const wanted = lookup.otherWords ? searchBound * 4 : searchBound;
    const ids = (
      await db
        .selectFrom('customerKeys')
        .select('customerId')
        .distinct()
        .where('companyId', '=', companyId)
        .where('key', 'like', likePrefix(lookup.prefix))
        .limit(wanted)
        .execute()
    ).map((k) => k.customerId);
    if (!lookup.otherWords) {
      for (const id of ids) found.add(id);
      continue;
    }
    // A name of several words: found by its longest one, kept when it has the others too.
    if (ids.length === 0) continue;
    const customers = await db
      .selectFrom('customers')
      .select(['customerId', 'firstName', 'lastName', 'companyName', 'email', 'phoneNumber', 'alternatePhoneNumber'])
      .where('companyId', '=', companyId)
      .where('customerId', 'in', ids)
      .where('deleted', '=', false)
      .execute();
    for (const c of customers) if (nameMatch(query.nameWords, c) !== null) found.add(c.customerId);
  }
  return [...found].slice(0, searchBound);
}
