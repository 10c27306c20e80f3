import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { tireSizeSearchPrefix } from '../../../src/domain/tires/tire-size.ts';
import { likePrefix } from '../../http/search.ts';

/**
 * Which tire sizes a size typed at the counter finds: the start of a size key the text can still become, by the
 * shared rule the device's finder uses (src/domain/tires/tire-size.ts), so `2256517`, `225/65r17`, `225-65-17` and
 * `P225/65R17 102H` all find 225/65R17 and `22565` every 225/65. A size's display name is its key. Text no size
 * starts like (a brand's name) finds none.
 */
export function sizeMatches(displayName: Expression<unknown>, typed: string): RawBuilder<SqlBool> {
  const prefix = tireSizeSearchPrefix(typed);
  if (prefix === null) return sql<SqlBool>`false`;
  return sql<SqlBool>`${displayName} like ${likePrefix(prefix)}`;
}
