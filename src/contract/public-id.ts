import { z } from 'zod';

/**
 * A public id a device makes for a row that links name (a visit's, a store service's): 16 random bytes in URL-safe
 * base64, 22 characters, as newHashId (src/domain/app/hash-id.ts) makes it. Anyone who holds a visit's public id can
 * rate it, so it must carry at least 128 random bits: a shorter id, or one of a few characters repeated (made by
 * hand, not by a random source), is refused.
 */
export const devicePublicId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, 'A public id is 22 letters, digits, _ or - (16 random bytes, as the app makes it)')
  .refine((id) => new Set(id).size >= 8, 'A public id must be random: this one repeats too few characters');
