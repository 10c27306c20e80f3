import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let stores: Record<number, number>;
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'user', 'tech']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  stores = await demoStoreIds(t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: string, method: Method, path: string, body?: unknown) => apiCall(t.app, { method, path, token: tokens[who]!, store: stores[101]!, body });
const fill = (template: string, params: Record<string, unknown>) => template.replace(/:(\w+)/g, (_, name: string) => String(params[name]));

describe('store contacts', () => {
  it("lists the active store's contacts, and an admin adds, changes and removes one of a store they manage", async () => {
    const list = await call('user', 'GET', apiPaths.storeContactsOfActiveStore);
    expect(
      list
        .json()
        .items.map((c: { title: string }) => c.title)
        .sort(),
    ).toEqual(['Service Advisor', 'Store Manager']);
    const contact = { storeContactId: randomUUID(), name: 'Rosa Parts', title: 'Parts desk', email: 'rosa@demo.test', phoneNumber: '5550102099' };
    const list102 = fill(apiPaths.storeContacts, { storeId: stores[102] });
    expect((await call('admin', 'POST', list102, contact)).statusCode).toBe(201);
    const at = fill(apiPaths.storeContact, { storeId: stores[102], storeContactId: contact.storeContactId });
    const changed = await call('admin', 'PATCH', at, { title: 'Parts manager' });
    expect(changed.json()).toMatchObject({ name: 'Rosa Parts', title: 'Parts manager' });
    expect((await call('admin', 'GET', list102)).json().items).toContainEqual({ ...contact, title: 'Parts manager' });
    expect((await call('admin', 'DELETE', at)).statusCode).toBe(204);
    expect((await call('admin', 'DELETE', at)).statusCode).toBe(204);
    expect((await call('admin', 'GET', at)).statusCode).toBe(404);
  });

  it("are changed and removed on the spec's collection path too, the entry named in the body", async () => {
    const list = fill(apiPaths.storeContacts, { storeId: stores[102] });
    const contact = { storeContactId: randomUUID(), name: 'Omar Tires', title: 'Tire tech', email: null, phoneNumber: null };
    expect((await call('admin', 'POST', list, contact)).statusCode).toBe(201);
    const changed = await call('admin', 'PATCH', list, { storeContactId: contact.storeContactId, title: 'Lead tire tech' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ storeContactId: contact.storeContactId, name: 'Omar Tires', title: 'Lead tire tech' });
    const unnamed = await call('admin', 'PATCH', list, { title: 'Nobody' });
    expect(unnamed.statusCode).toBe(400);
    expect(Object.keys(unnamed.json().errors)).toEqual(['storeContactId']);
    expect((await call('admin', 'DELETE', list, { storeContactId: contact.storeContactId })).statusCode).toBe(204);
    expect((await call('admin', 'GET', list)).json().items.map((c: { storeContactId: string }) => c.storeContactId)).not.toContain(contact.storeContactId);
    const account = { socialMediaAccountId: randomUUID(), platform: 'Instagram', url: 'https://instagram.com/demotire' };
    const accounts = fill(apiPaths.socialMediaAccounts, { storeId: stores[102] });
    expect((await call('admin', 'POST', accounts, account)).statusCode).toBe(201);
    expect(
      (await call('admin', 'PATCH', accounts, { socialMediaAccountId: account.socialMediaAccountId, url: 'https://instagram.com/demotire102' })).json(),
    ).toMatchObject({ url: 'https://instagram.com/demotire102' });
    expect((await call('admin', 'DELETE', accounts, { socialMediaAccountId: account.socialMediaAccountId })).statusCode).toBe(204);
  });

  it('refuses a bad email with the field named, and a store the admin does not manage', async () => {
    const list = fill(apiPaths.storeContacts, { storeId: stores[101] });
    const bad = await call('admin', 'POST', list, { storeContactId: randomUUID(), name: 'X', title: null, email: 'nope', phoneNumber: null });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['email']);
    const other = await call('admin', 'POST', fill(apiPaths.storeContacts, { storeId: stores[103] }), {
      storeContactId: randomUUID(),
      name: 'X',
      title: null,
      email: null,
      phoneNumber: null,
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('social media accounts', () => {
  it('an admin adds and changes an account; user and tech get 403 from every write', async () => {
    const account = { socialMediaAccountId: randomUUID(), platform: 'YouTube', url: 'https://www.youtube.com/@demotire101' };
    const list = fill(apiPaths.socialMediaAccounts, { storeId: stores[101] });
    expect((await call('admin', 'POST', list, account)).statusCode).toBe(201);
    const at = fill(apiPaths.socialMediaAccount, { storeId: stores[101], socialMediaAccountId: account.socialMediaAccountId });
    expect((await call('admin', 'PATCH', at, { url: 'ftp://x' })).statusCode).toBe(400);
    expect((await call('user', 'GET', apiPaths.socialMediaAccountsOfActiveStore)).json().items).toContainEqual(account);
    for (const who of ['user', 'tech']) {
      expect((await call(who, 'POST', list, { ...account, socialMediaAccountId: randomUUID() })).statusCode).toBe(403);
      expect((await call(who, 'PATCH', at, { platform: 'X' })).statusCode).toBe(403);
      expect((await call(who, 'DELETE', at)).statusCode).toBe(403);
    }
  });
});
