import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/auth/auth.ts';
import { fixedClock } from '../../server/clock.ts';
import { OutboundDispatcher } from '../../server/messaging/dispatcher.ts';
import type { Sms, SmsSender } from '../../server/messaging/sms.ts';
import { storeMessages } from '../../server/modules/store-messages/tables.ts';
import { WritePath } from '../../server/sync/write-path.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';

describe.skipIf(postgresUnavailable !== null)('the send queue on PostgreSQL', () => {
  const t = postgresTestApp();
  let store: number;
  let company: number;
  beforeAll(async () => {
    store = (await demoStoreIds(t.db))[101]!;
    company = (await t.db.selectFrom('storeLocations').select('companyId').where('id', '=', store).executeTakeFirstOrThrow()).companyId;
  });

  it('sends each queued message exactly once when three server processes drain the queue at the same time', async () => {
    // Due only after the app's own dispatcher's clock: the three below are the only ones to see them.
    const due = '2031-01-01T12:00:00.000Z';
    const writes = new WritePath(t.db, { publish: () => undefined }, fixedClock(due));
    const user = { userId: null, name: 'Race' } as unknown as AuthUser;
    const ids = Array.from({ length: 40 }, () => randomUUID());
    await writes.background({ user, companyId: company, storeId: store }, async (w) => {
      for (const storeMessageId of ids) {
        await w.create(
          storeMessages,
          {
            storeMessageId,
            customerId: null,
            visitId: null,
            name: 'Race',
            email: null,
            phoneNumber: '+15550104242',
            preferredContactMethod: 'Sms',
            messageDeliveryMethod: 'Sms',
            messageDirection: 'Outbound',
            templateType: 'FreeForm',
            content: storeMessageId,
            sentOn: due,
            customerInquiryType: null,
            storeServiceId: null,
            isArchived: false,
            repliedToByUserId: null,
            repliedToByUserName: null,
            deliveryStatus: 'Queued',
            deliveryProblem: null,
          },
          { storeId: store },
        );
        await w.trx
          .insertInto('outboundMessages')
          .values({
            storeMessageId,
            companyId: company,
            storeId: store,
            channel: 'sms',
            toAddress: '+15550104242',
            fromAddress: '+15550102001',
            subject: null,
            body: storeMessageId,
            sentBy: null,
            sentByName: null,
            nextAttemptAt: due,
            claimedUntil: null,
            providerId: null,
            problem: null,
            createdAt: due,
            sentAt: null,
          })
          .execute();
      }
    });
    const sent: Sms[] = [];
    const slowProvider: SmsSender = {
      async send(sms) {
        await new Promise((resolve) => setTimeout(resolve, 3));
        sent.push(sms);
        return { providerId: `SM${sent.length}`, via: 'sink' };
      },
    };
    const mailer = { send: async () => 'sink' as const };
    const drainers = [0, 1, 2].map(
      () => new OutboundDispatcher({ db: t.db, writes, clock: fixedClock('2031-01-01T12:00:01.000Z'), sms: slowProvider, mailer, log: () => undefined }),
    );
    const handled = await Promise.all(drainers.map((d) => d.drain()));
    expect(handled.reduce((a, b) => a + b, 0)).toBe(40);
    expect(sent.map((m) => m.body).sort()).toEqual([...ids].sort());
    const states = await t.db.selectFrom('storeMessages').select('deliveryStatus').where('storeMessageId', 'in', ids).execute();
    expect(states.every((s) => s.deliveryStatus === 'Sent')).toBe(true);
  });
});
