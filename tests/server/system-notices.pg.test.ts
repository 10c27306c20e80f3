import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

describe.skipIf(postgresUnavailable !== null)('system notices on PostgreSQL, with concurrent admins', () => {
  const t = postgresTestApp();
  let platform: string;
  beforeAll(async () => {
    platform = await mintAccessToken(t.db, 'platform@demo.test', testPublicUrl);
  });

  it("keeps both of two admins' changes to one notice made at once, each to its own field", async () => {
    for (let round = 0; round < 5; round++) {
      const systemNotificationId = randomUUID();
      const made = await apiCall(t.app, {
        method: 'POST',
        path: apiPaths.systemNotifications,
        token: platform,
        body: {
          systemNotificationId,
          content: 'Maintenance tonight',
          severityLevel: 'Low',
          dateStarted: new Date(Date.now() - 3_600_000).toISOString(),
          dateEnded: new Date(Date.now() + 3_600_000).toISOString(),
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      const path = apiPaths.systemNotification.replace(':systemNotificationId', systemNotificationId);
      const answers = await Promise.all([
        apiCall(t.app, { method: 'PATCH', path, token: platform, body: [{ op: 'replace', path: '/content', value: 'Maintenance tonight, 22:00 to 23:30' }] }),
        apiCall(t.app, { method: 'PATCH', path, token: platform, body: [{ op: 'replace', path: '/severityLevel', value: 'High' }] }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const row = await t.db
        .selectFrom('systemNotifications')
        .select(['content', 'severityLevel'])
        .where('systemNotificationId', '=', systemNotificationId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ content: 'Maintenance tonight, 22:00 to 23:30', severityLevel: 'High' });
    }
  });

  it('ends a notice naming stores while another admin moves it to other stores, keeping both changes', async () => {
    const stores = await t.db.selectFrom('storeLocations').select('id').where('deleted', '=', false).orderBy('id').limit(2).execute();
    const [first, second] = stores.map((s) => s.id) as [number, number];
    for (let round = 0; round < 5; round++) {
      const systemNotificationId = randomUUID();
      const made = await apiCall(t.app, {
        method: 'POST',
        path: apiPaths.systemNotifications,
        token: platform,
        body: {
          systemNotificationId,
          content: '<p style="position:fixed">Maintenance</p>',
          severityLevel: 'High',
          storeIds: [first],
          dateStarted: new Date(Date.now() - 3_600_000).toISOString(),
          dateEnded: new Date(Date.now() + 3_600_000).toISOString(),
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      const path = apiPaths.systemNotification.replace(':systemNotificationId', systemNotificationId);
      const endedAt = new Date().toISOString();
      const answers = await Promise.all([
        apiCall(t.app, { method: 'PATCH', path, token: platform, body: [{ op: 'replace', path: '/dateEnded', value: endedAt }] }),
        apiCall(t.app, { method: 'PATCH', path, token: platform, body: [{ op: 'replace', path: '/storeIds', value: [first, second] }] }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const row = await t.db
        .selectFrom('systemNotifications')
        .select(['content', 'dateEnded', 'storeIds'])
        .where('systemNotificationId', '=', systemNotificationId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ content: '<p>Maintenance</p>', dateEnded: endedAt, storeIds: [first, second] });
    }
  });
});
