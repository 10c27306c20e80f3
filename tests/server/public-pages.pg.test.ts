import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { ContactForm } from '../../src/contract/contact-form.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { runRace } from '../support/concurrent-writes.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { visitFor } from '../support/visit-message-fixtures.ts';

describe.skipIf(postgresUnavailable !== null)("the customers' public pages on PostgreSQL, with concurrent callers", () => {
  const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));
  const t = postgresTestApp({ clock });
  let round = 0;

  it('stores one message, one confirmation and one notice per person when one form arrives twice at once', async () => {
    const { contactFormId } = await t.db.selectFrom('storeLocations').select('contactFormId').orderBy('storeNumber').executeTakeFirstOrThrow();
    const path = apiPaths.contactForm.replace(':contactFormId', contactFormId);
    await runRace(t.app, {
      name: 'one form sent twice at once',
      prepare: async () => {
        const remoteAddress = `198.51.100.${++round}`;
        const form = (await apiCall(t.app, { method: 'GET', path, remoteAddress })).json<ContactForm>();
        clock.advance(30_000);
        const body = {
          name: 'Race Tester',
          phoneNumber: null,
          email: `race${round}@example.com`,
          preferredContactMethod: 'Email',
          customerInquiryType: 'GeneralQuestion',
          storeServiceId: null,
          content: `Twice at once, round ${round}`,
          formToken: form.formToken,
        };
        return {
          target: body,
          calls: [
            { method: 'POST', path, body, remoteAddress },
            { method: 'POST', path, body, remoteAddress },
          ],
        };
      },
      check: async (body, answers) => {
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
        const messages = await t.db.selectFrom('storeMessages').select(['storeMessageId', 'sentOn']).where('content', '=', body.content).execute();
        expect(messages).toHaveLength(1);
        const confirmations = await t.db
          .selectFrom('storeMessages')
          .select('storeMessageId')
          .where('email', '=', body.email)
          .where('messageDirection', '=', 'Outbound')
          .execute();
        expect(confirmations).toHaveLength(1);
        const notices = await t.db
          .selectFrom('userNotifications')
          .select('identityId')
          .where('link', '=', `/messages/cus/${messages[0]!.storeMessageId}`)
          .execute();
        expect(new Set(notices.map((n) => n.identityId)).size).toBe(notices.length);
      },
    });
  });

  it("keeps one rating per visit when a customer's rating arrives twice at once, and tells the store once", async () => {
    const { id: storeId } = await t.db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
    await runRace(t.app, {
      name: 'one visit rated twice at once',
      prepare: async () => {
        const visit = await visitFor(
          t.db,
          storeId,
          { checkOut: new Date(clock.now().getTime() - 3600_000).toISOString() },
          { preferredContactMethod: 'Email', email: `rate${++round}@example.com` },
        );
        const { scheduledVisitHashId } = await t.db
          .selectFrom('scheduledVisits')
          .select('scheduledVisitHashId')
          .where('scheduledVisitId', '=', visit.visitId)
          .executeTakeFirstOrThrow();
        const path = apiPaths.ratingRequest.replace(':visitId', scheduledVisitHashId);
        const remoteAddress = `198.51.100.${++round}`;
        return {
          target: visit,
          calls: [
            { method: 'POST', path, body: { score: 1, comment: 'First tap' }, remoteAddress },
            { method: 'POST', path, body: { score: 2, comment: 'Second tap' }, remoteAddress },
          ],
        };
      },
      check: async (visit, answers) => {
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
        const rows = await t.db.selectFrom('ratings').select('score').where('visitId', '=', visit.visitId).where('deleted', '=', false).execute();
        expect(rows).toHaveLength(1);
        const followUps = await t.db.selectFrom('visitMessages').select('kind').where('scheduledVisitId', '=', visit.visitId).execute();
        expect(followUps).toEqual([{ kind: 'lowRating' }]);
      },
    });
  });
});
