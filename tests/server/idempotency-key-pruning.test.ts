import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { IdempotencyKeyPruning, idempotencyKeyLifetimeMs } from '../../server/jobs/idempotency-key-pruning.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const clock = new ManualClock(new Date());
let t: TestApp;
let token: string;
let store: number;

const newCustomer = () => ({
  customerId: randomUUID(),
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: null,
  email: 'ada@example.com',
  phoneNumber: null,
  preferredContactMethod: 'Email',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  notes: null,
});
const create = (key: string, body = newCustomer()) =>
  apiCall(t.app, { method: 'POST', path: '/api/alltrac/customers', token, store, body, headers: { 'Idempotency-Key': key } });
const storedKeys = async (...keys: string[]) =>
  (await t.db.selectFrom('idempotencyKeys').select('key').where('key', 'in', keys).execute()).map((row) => row.key).sort();

beforeAll(async () => {
  t = await createTestApp({ clock });
  token = await accessTokenFor(t.app, 'user@demo.test');
  store = (await demoStoreIds(t.db))[101]!;
});
afterAll(async () => {
  await t.close();
});

describe('idempotency keys pruned by age', () => {
  it('removes a key older than its lifetime and keeps a fresh one, whose replay still answers as the first time', async () => {
    const oldKey = `old-${randomUUID()}`;
    const freshKey = `fresh-${randomUUID()}`;
    expect((await create(oldKey)).statusCode).toBe(201);
    clock.advance(idempotencyKeyLifetimeMs + 60_000);
    const freshBody = newCustomer();
    const first = await create(freshKey, freshBody);
    expect(first.statusCode).toBe(201);

    await new IdempotencyKeyPruning({ db: t.db, clock, log: () => undefined }).run();

    expect(await storedKeys(oldKey, freshKey)).toEqual([freshKey]);
    const replay = await create(freshKey, freshBody);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
  });

  it('keeps a key one minute short of its lifetime', async () => {
    const key = `young-${randomUUID()}`;
    expect((await create(key)).statusCode).toBe(201);
    clock.advance(idempotencyKeyLifetimeMs - 60_000);

    await new IdempotencyKeyPruning({ db: t.db, clock, log: () => undefined }).run();

    expect(await storedKeys(key)).toEqual([key]);
  });
});
