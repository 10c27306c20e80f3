import { afterAll, beforeAll, describe } from 'vitest';
import { searchesOnServer } from '../support/customer-search-on-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('the customers for a new visit, searched on the server', () => {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp());
  });
  afterAll(async () => {
    await t.close();
  });
  searchesOnServer(t);
});
