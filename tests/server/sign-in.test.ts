import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThrottle } from '../../server/identity/sign-in-throttle.ts';
import { signInWithPassword } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

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

  it('pauses sign-in for an account after repeated failures, even with the right password, and says so', async () => {
    for (let i = 0; i < signInThrottle.maxFailures; i++) {
      const attempt = await signInWithPassword(t.app, 'lead@demo.test', `wrong-${i}`, `10.1.0.${i}`);
      expect(attempt.loginResponse.statusCode).toBe(401);
    }
    const locked = await signInWithPassword(t.app, 'lead@demo.test', 'demo1234', '10.1.1.1');
    expect(locked.tokens).toBeUndefined();
    expect(locked.loginResponse.statusCode).toBe(429);
    expect(locked.loginResponse.body).toContain('Too many failed sign-in attempts');
    expect(locked.loginResponse.headers['retry-after']).toBeDefined();
  });

  it('pauses sign-in from one address that keeps guessing across accounts', async () => {
    const emails = ['a@demo.test', 'b@demo.test', 'c@demo.test', 'd@demo.test', 'e@demo.test'];
    for (const email of emails) await signInWithPassword(t.app, email, 'guess', '10.2.0.1');
    const locked = await signInWithPassword(t.app, 'tech@demo.test', 'demo1234', '10.2.0.1');
    expect(locked.loginResponse.statusCode).toBe(429);
    const elsewhere = await signInWithPassword(t.app, 'tech@demo.test', 'demo1234', '10.2.0.2');
    expect(elsewhere.tokens).toBeDefined();
  });
});
