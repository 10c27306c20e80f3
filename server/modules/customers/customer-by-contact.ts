import { sql } from 'kysely';
import { phoneDigits } from '../../../src/domain/people/phone.ts';
import type { Writer } from '../../sync/write-path.ts';

/**
 * The company's oldest live customer whose phone number, however it was typed, is this one (its last ten
 * digits); undefined when none is, or the number is not a 10-digit North American one.
 */
export async function customerByPhone(
  w: Writer,
  phoneNumber: string | null,
): Promise<{ customerId: string; companyName: string | null; firstName: string | null; lastName: string | null } | undefined> {
  const digits = phoneDigits(phoneNumber).slice(-10);
  if (digits.length !== 10) return undefined;
  return w.trx
    .selectFrom('customers')
    .select(['customerId', 'companyName', 'firstName', 'lastName'])
    .where('companyId', '=', w.scope.companyId)
    .where('deleted', '=', false)
    .where(sql`right(regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g'), 10)`, '=', digits)
    .orderBy('createdOn')
    .orderBy('customerId')
    .executeTakeFirst();
}

/** The company's oldest live customer with this email address (case ignored); undefined when none has it. */
export async function customerByEmail(
  w: Writer,
  email: string | null,
): Promise<{ customerId: string; firstName: string | null; lastName: string | null } | undefined> {
  if (!email) return undefined;
  return w.trx
    .selectFrom('customers')
    .select(['customerId', 'firstName', 'lastName'])
    .where('companyId', '=', w.scope.companyId)
    .where('deleted', '=', false)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .orderBy('createdOn')
    .orderBy('customerId')
    .executeTakeFirst();
}
