import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { atOnce } from '../support/concurrent-writes.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

describe.skipIf(postgresUnavailable !== null)('message limits on PostgreSQL, with concurrent senders', () => {
  const t = postgresTestApp({
    env: { MESSAGES_PER_PERSON_PER_MINUTE: '3' },
    clock: fixedClock('2030-06-03T15:00:00.000Z'),
    sms: {
      async send() {
        return { providerId: 'SM-pg', via: 'sink' };
      },
    },
  });
  let token: string;
  let store: number;
  beforeAll(async () => {
    token = await mintAccessToken(t.db, 'user@demo.test', testPublicUrl);
    store = (await demoStoreIds(t.db))[101]!;
  });

  it('let exactly as many of six texts sent at once go as the limit allows', async () => {
    const calls = Array.from({ length: 6 }, (_, i) => ({
      method: 'POST' as const,
      path: apiPaths.smsMessages,
      token,
      store,
      body: { customerId: null, templateType: 'FreeForm', content: `At once ${i}`, visitId: null, name: null, destinationPhoneNumber: `555012000${i}` },
    }));
    const answers = await atOnce(t.app, calls);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const queued = await t.db.selectFrom('outboundMessages').select('storeMessageId').where('body', 'like', 'At once %').execute();
    expect(queued).toHaveLength(3);
  });
});
