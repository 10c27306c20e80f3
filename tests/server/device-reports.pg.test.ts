import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { devicesPerPersonAndStore } from '../../src/contract/platform-health.ts';
import { apiPaths, deviceHeader, outboxBacklogHeader } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { accessTokenFor } from '../support/sign-in.ts';

describe.skipIf(postgresUnavailable !== null)('device reports on PostgreSQL, sent at the same moment', () => {
  const t = postgresTestApp();
  let stores: Record<number, number>;
  beforeAll(async () => {
    stores = await demoStoreIds(t.db);
  });

  const pull = (token: string, deviceId: string) =>
    apiCall(t.app, {
      method: 'GET',
      path: `${apiPaths.syncChanges}?since=0&limit=1`,
      token,
      store: stores[101],
      headers: { [deviceHeader]: deviceId, [outboxBacklogHeader]: '1' },
    });
  const rowsOf = async (email: string) =>
    t.db
      .selectFrom('devices')
      .innerJoin('users', 'users.userId', 'devices.userId')
      .select('devices.deviceId')
      .where('users.email', '=', email)
      .where('devices.storeId', '=', stores[101]!)
      .execute();

  it('keep one device of a sign-in that makes up thirty at once', async () => {
    const token = await accessTokenFor(t.app, 'admin@demo.test');
    const answers = await Promise.all(Array.from({ length: 30 }, () => pull(token, randomUUID())));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await rowsOf('admin@demo.test')).toHaveLength(1);
  });

  it("keep at most a person's allowance of devices when many of their sign-ins pull at once", async () => {
    const tokens = await Promise.all(Array.from({ length: devicesPerPersonAndStore + 4 }, () => accessTokenFor(t.app, 'user@demo.test')));
    const answers = await Promise.all(tokens.map((token) => pull(token, randomUUID())));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await rowsOf('user@demo.test')).toHaveLength(devicesPerPersonAndStore);
  });
});
