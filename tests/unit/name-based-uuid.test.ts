import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nameBasedUuid } from '../../server/db/name-based-uuid.ts';

describe('a name-based UUID', () => {
  it('is the same for the same name and another for another name', () => {
    expect(nameBasedUuid('twilio:SM123')).toBe(nameBasedUuid('twilio:SM123'));
    expect(nameBasedUuid('twilio:SM123')).not.toBe(nameBasedUuid('twilio:SM124'));
  });

  it('says version 8 and the RFC 9562 variant, as the SHA-256 layout of RFC 9562 appendix B.2 is, and not version 5 (SHA-1)', () => {
    const id = nameBasedUuid('contact-form:some-token');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });

  it("keeps every bit of the name's SHA-256 but the six of version and variant", () => {
    const hash = createHash('sha256').update('online-booking:abc').digest('hex').slice(0, 32);
    const id = nameBasedUuid('online-booking:abc').replaceAll('-', '');
    const mask = (hex: string) => hex.slice(0, 12) + hex.slice(13, 16) + (Number.parseInt(hex[16]!, 16) & 0x3).toString(16) + hex.slice(17);
    expect(mask(id)).toBe(mask(hash));
  });
});
