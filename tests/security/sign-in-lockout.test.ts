import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { recordFailure, signInLimits } from '../../server/identity/sign-in-throttle.ts';
import { signInWithPassword } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('repeated failed sign-ins', () => {
  const clock = new ManualClock(new Date('2026-11-02T15:00:00.000Z'));
  let throttled: TestApp;
  beforeAll(async () => {
    throttled = await createTestApp({ clock });
  });
  afterAll(async () => {
    await throttled.close();
  });
  const attempt = (email: string, password: string, address: string) => signInWithPassword(throttled.app, email, password, address);

  it('pause one account at one address for a while, and say so; the same account elsewhere is not locked', async () => {
    for (let i = 0; i < signInLimits.pair.failures; i++) expect((await attempt('lead@demo.test', `wrong-${i}`, '10.1.0.1')).loginResponse.statusCode).toBe(401);
    clock.advance(60_000);
    const paused = await attempt('lead@demo.test', 'demo1234', '10.1.0.1');
    expect(paused.tokens).toBeUndefined();
    expect(paused.loginResponse.statusCode).toBe(429);
    expect(paused.loginResponse.body).toContain('Too many failed sign-in attempts. For your security, sign-in is paused; try again in 14 minutes.');
    expect(Number(paused.loginResponse.headers['retry-after'])).toBe(14 * 60);
    expect((await attempt('lead@demo.test', 'demo1234', '10.1.0.2')).tokens).toBeDefined();
    clock.advance(14 * 60_000);
    expect((await attempt('lead@demo.test', 'demo1234', '10.1.0.1')).tokens).toBeDefined();
  });

  it('slow an account guessed at from many addresses with a delay that grows, never a lock', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      let answer = await attempt('user@demo.test', `guess-${i}`, `10.4.${i}.1`);
      while (answer.loginResponse.statusCode === 429) {
        const wait = Number(answer.loginResponse.headers['retry-after']);
        waits.push(wait);
        clock.advance(wait * 1000);
        answer = await attempt('user@demo.test', `guess-${i}`, `10.4.${i}.1`);
      }
      expect(answer.loginResponse.statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    const owner = await attempt('user@demo.test', 'demo1234', '10.9.9.9');
    expect(owner.loginResponse.statusCode).toBe(429);
    clock.advance(Number(owner.loginResponse.headers['retry-after']) * 1000);
    expect((await attempt('user@demo.test', 'demo1234', '10.9.9.9')).tokens).toBeDefined();
  });

  it('never lock the accounts of a whole store behind one address when someone types unknown emails', async () => {
    for (let i = 0; i < 6; i++) expect((await attempt(`nobody-${i}@demo.test`, 'guess', '10.2.0.1')).loginResponse.statusCode).toBe(401);
    for (const email of ['platform@demo.test', 'admin@demo.test', 'tech@demo.test']) {
      expect((await attempt(email, 'demo1234', '10.2.0.1')).tokens, email).toBeDefined();
    }
  });

  it('pause an address past a high ceiling of failures in an hour', async () => {
    for (let i = 0; i < signInLimits.address.failures; i++)
      await recordFailure(throttled.db, { email: `spray-${i}@demo.test`, address: '10.5.0.1' }, clock.now());
    expect((await attempt('admin@demo.test', 'demo1234', '10.5.0.1')).loginResponse.statusCode).toBe(429);
    expect((await attempt('admin@demo.test', 'demo1234', '10.5.0.2')).tokens).toBeDefined();
  });
});

describe('the address sign-in throttling keys on', () => {
  it("is the socket's, whatever X-Forwarded-For says, unless TRUST_PROXY names the proxy", async () => {
    const clock = new ManualClock(new Date('2026-11-02T15:00:00.000Z'));
    const plain = await createTestApp({ clock });
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' }, clock });
    try {
      // Without a configured proxy a forged header changes nothing: the pair is locked after 5 failures.
      for (let i = 0; i < signInLimits.pair.failures; i++) {
        await signInWithPassword(plain.app, 'tech@demo.test', `wrong-${i}`, '127.0.0.1', undefined, { 'x-forwarded-for': `203.0.113.${i}` });
      }
      const paused = await signInWithPassword(plain.app, 'tech@demo.test', 'demo1234', '127.0.0.1', undefined, { 'x-forwarded-for': '203.0.113.99' });
      expect(paused.loginResponse.statusCode).toBe(429);
      // Behind the configured proxy, each forwarded address is its own.
      for (let i = 0; i < signInLimits.pair.failures; i++) {
        await signInWithPassword(proxied.app, 'tech@demo.test', `wrong-${i}`, '127.0.0.1', undefined, { 'x-forwarded-for': '203.0.113.7' });
      }
      // Past the account's short delay (a second after five failures), not the pair's pause.
      clock.advance(2000);
      const other = await signInWithPassword(proxied.app, 'tech@demo.test', 'demo1234', '127.0.0.1', undefined, { 'x-forwarded-for': '203.0.113.8' });
      expect(other.tokens).toBeDefined();
    } finally {
      await plain.close();
      await proxied.close();
    }
  });
});
