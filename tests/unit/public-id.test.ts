import { describe, expect, it } from 'vitest';
import { devicePublicId } from '../../src/contract/public-id.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';

describe('a public id a device makes', () => {
  it('is taken as the app makes it, every time', () => {
    for (let i = 0; i < 5000; i++) expect(devicePublicId.safeParse(newHashId()).success).toBe(true);
  });

  it.each([
    ['shorter than 128 bits', 'aaaaaaaaaaaaaaa7'],
    ['the right length but made by hand', 'aaaaaaaaaaaaaaaaaaaaa7'],
    ['a word repeated', 'tirestirestirestiresti'],
    ['with characters a link cannot carry', 'abc/def+ghi=jklmnopqrs'],
    ['a UUID without dashes (122 random bits)', '0f8fad5bd9cb469fa16570867728950e'],
  ])('is refused when %s', (_, id) => {
    expect(devicePublicId.safeParse(id).success).toBe(false);
  });
});
