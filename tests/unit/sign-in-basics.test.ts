import { User } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { parseStoredUser } from '../../src/app/sign-in-basics.ts';

describe('the signed-in user, read before the sign-in client loads', () => {
  it('is who oidc-client-ts stored, with the access token it kept, expired or not', () => {
    const stored = new User({
      access_token: 'token-1',
      token_type: 'Bearer',
      scope: 'openid api',
      expires_at: 1_000,
      session_state: null,
      profile: { sub: '11111111-1111-4111-8111-111111111111', iss: 'https://id.example.test', aud: 'staff', exp: 1_000, iat: 900 },
    }).toStorageString();
    expect(parseStoredUser(stored)).toEqual({ sub: '11111111-1111-4111-8111-111111111111', accessToken: 'token-1' });
  });

  it('is nobody when nothing is stored, or what is stored does not read as a user', () => {
    expect(parseStoredUser(null)).toBeNull();
    expect(parseStoredUser('{"profile":')).toBeNull();
    expect(parseStoredUser('{"profile":{"sub":42},"access_token":"t"}')).toBeNull();
    expect(parseStoredUser('{"profile":{"sub":"u1"}}')).toBeNull();
  });
});
