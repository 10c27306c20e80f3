import { createHash } from 'node:crypto';

/**
 * A UUID made from a name: the same name always makes the same id, so a provider's retried webhook or a
 * customer's resent form makes one row, however often it arrives.
 *
 * Version 8 as RFC 9562 shows a name-based one over SHA-256 (appendix B.2): the hash's first 128 bits with the
 * version (8) and variant (10) bits set. Not version 5, which is SHA-1 by definition. The uuid package is not a
 * dependency and its v5 is SHA-1. Ids made before this change carry a 5 in the version place and stay as stored:
 * an id is derived when a request arrives, to make its row or recognise its retry, never for a stored row.
 */
export function nameBasedUuid(name: string): string {
  const bytes = createHash('sha256').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
