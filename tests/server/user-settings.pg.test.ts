import { beforeAll, describe, expect, it } from 'vitest';
import { atOnce } from '../support/concurrent-writes.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

const path = '/api/alltrac/users/me/settings';

describe.skipIf(postgresUnavailable !== null)('user settings on PostgreSQL, with concurrent devices', () => {
  const t = postgresTestApp();
  let token: string;
  let stores: Record<number, number>;
  let userId: string;
  beforeAll(async () => {
    token = await mintAccessToken(t.db, 'admin@demo.test', testPublicUrl);
    userId = (await t.db.selectFrom('users').select('userId').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow()).userId;
    stores = await demoStoreIds(t.db);
  });

  it('keep both of two settings changed at once on two devices', async () => {
    for (let round = 0; round < 8; round++) {
      const when = `2030-06-0${1 + (round % 8)}T10:00:00.000Z`;
      const store = round % 2 === 0 ? stores[101]! : stores[102]!;
      const answers = await atOnce(t.app, [
        { method: 'PATCH', path, token, body: [{ op: 'replace', path: '/allTracCurrentStoreLocation', value: store }] },
        { method: 'PATCH', path, token, body: [{ op: 'replace', path: '/allTracHideInstallPrompt', value: when }] },
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const saved = await t.db
        .selectFrom('userSettings')
        .select(['allTracCurrentStoreLocation', 'allTracHideInstallPrompt'])
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      expect(saved).toEqual({ allTracCurrentStoreLocation: store, allTracHideInstallPrompt: when });
    }
  });
});
