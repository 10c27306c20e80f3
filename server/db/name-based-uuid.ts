import { createHash } from 'node:crypto';

/**
 * A UUID made from a name (version 5's layout over SHA-256): the same name always makes the same id, so a
 * provider's retried webhook or a customer's resent form makes one row, however often it arrives.
 */
export function nameBasedUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
