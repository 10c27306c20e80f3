import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import {
  customerSearchFields, phoneSearch, searchPatterns, vehicleSearchFields, vinSearch, type CustomerQuery,
} from '../../../src/domain/customer-search.ts';
import { vinSeparators } from '../../../src/domain/vin.ts';
import type { Database } from '../../db/schema.ts';
import { likePrefix } from '../../http/search.ts';

/*
 * The device's customer search in SQL: the query read by src/domain/customer-search.ts, matched against the
 * fields it names, each normalised as the device normalises it for its search tokens (foldText, the words of a
 * name, phoneDigits, normalizePlate, normalizeVin). Keep each expression beside the function it mirrors there.
 */

type Text = RawBuilder<string>;
const column = (table: 'customers' | 'customerVehicles', field: string): Text => sql<string>`coalesce(${sql.ref(`${table}.${field}`)}, '')`;

/** foldText: accents dropped after NFKD, lower case. */
const folded = (text: Text): Text => sql<string>`lower(regexp_replace(normalize(${text}, NFKD), ${searchPatterns.combiningMarks}, '', 'g'))`;

/** The customer's name words, one space apart (words run together across fields never make a word). */
const nameText: Text = sql<string>`regexp_replace(${sql.join(customerSearchFields.names.map((f) => folded(column('customers', f))), sql` || ' ' || `)}, ${searchPatterns.apostrophes}, '', 'g')`;

/** phoneDigits: the digits, without the leading 1 of an 11-digit number. */
function phoneDigits(text: Text): Text {
  const digits = sql<string>`regexp_replace(${text}, '[^0-9]', '', 'g')`;
  return sql<string>`(case when length(${digits}) = 11 and left(${digits}, 1) = '1' then substr(${digits}, 2) else ${digits} end)`;
}

const plate = (field: string): Text => sql<string>`regexp_replace(upper(${column('customerVehicles', field)}), ${searchPatterns.notInPlate}, '', 'g')`;
/** normalizeVin: upper case, without spaces or dashes. */
const vin: Text = sql<string>`regexp_replace(upper(${column('customerVehicles', vehicleSearchFields.vin)}), ${vinSeparators}, '', 'g')`;

/** A customer the query finds by any of its readings, as the device's search finds them. */
export function customerMatches(query: CustomerQuery) {
  return (eb: ExpressionBuilder<Database, 'customers'>): Expression<SqlBool> => {
    const readings: Expression<SqlBool>[] = [];
    if (query.phone) {
      const starts = likePrefix(query.phone);
      for (const field of customerSearchFields.phones) {
        const digits = phoneDigits(column('customers', field));
        readings.push(sql<SqlBool>`(length(${digits}) >= ${phoneSearch.minDigits} and (${digits} like ${starts} or right(${digits}, ${phoneSearch.ending}) like ${starts}))`);
      }
    }
    if (query.email) readings.push(sql<SqlBool>`lower(trim(${column('customers', customerSearchFields.email)})) like ${likePrefix(query.email)}`);
    if (query.nameWords.length > 0) {
      // Each word starts one of the customer's name words; words are plain letters and digits, safe in a pattern.
      readings.push(eb.and(query.nameWords.map((word) => sql<SqlBool>`${nameText} ~ ${`(^|${searchPatterns.wordBreak})${word}`}`)));
    }
    const vehicleReadings: Expression<SqlBool>[] = [];
    if (query.plate) {
      const starts = likePrefix(query.plate);
      const number = plate(vehicleSearchFields.plate);
      vehicleReadings.push(sql<SqlBool>`(${number} <> '' and (${number} like ${starts} or (${plate(vehicleSearchFields.plateState)} || ${number}) like ${starts}))`);
    }
    if (query.vin) {
      const starts = likePrefix(query.vin);
      const endings = vinSearch.endings.map((n) => sql<SqlBool>`right(${vin}, ${n}) like ${starts}`);
      vehicleReadings.push(sql<SqlBool>`(length(${vin}) >= ${vinSearch.minLength} and (${vin} like ${starts} or ${sql.join(endings, sql` or `)}))`);
    }
    if (vehicleReadings.length > 0) {
      readings.push(eb.exists(eb.selectFrom('customerVehicles').select('customerVehicles.vehicleId')
        .whereRef('customerVehicles.customerId', '=', 'customers.customerId').where('customerVehicles.deleted', '=', false)
        .where(eb.or(vehicleReadings))));
    }
    return eb.or(readings);
  };
}
