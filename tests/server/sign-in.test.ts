import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('signing in at /identity', () => {
  it('gives a demo account an access token, a refresh token and an id token', async () => {
    const { tokens } = await signInWithPassword(t.app, 'admin@demo.test', 'demo1234');
    expect(tokens?.access_token.split('.')).toHaveLength(3);
    expect(tokens?.refresh_token).toBeTruthy();
    expect(tokens?.id_token).toBeTruthy();
  });

  it('accepts the email in any letter case', async () => {
    const { tokens } = await signInWithPassword(t.app, 'User@Demo.Test', 'demo1234');
    expect(tokens).toBeDefined();
  });

  it('shows the same message for a wrong password and for an unknown email', async () => {
    const wrongPassword = await signInWithPassword(t.app, 'user@demo.test', 'nope', '10.0.0.1');
    const unknownEmail = await signInWithPassword(t.app, 'nobody@demo.test', 'demo1234', '10.0.0.2');
    for (const attempt of [wrongPassword, unknownEmail]) {
      expect(attempt.tokens).toBeUndefined();
      expect(attempt.loginResponse.statusCode).toBe(401);
      expect(attempt.loginResponse.body).toContain('Incorrect email or password.');
    }
  });

  it('refuses an empty form with a message, without counting it as a failed attempt', async () => {
    for (let i = 0; i < 8; i++) {
      const empty = await signInWithPassword(t.app, 'admin@demo.test', '', '10.3.0.1');
      expect(empty.loginResponse.statusCode).toBe(400);
      expect(empty.loginResponse.body).toContain('Enter your email and your password.');
    }
    expect((await signInWithPassword(t.app, 'admin@demo.test', 'demo1234', '10.3.0.1')).tokens).toBeDefined();
  });
});
