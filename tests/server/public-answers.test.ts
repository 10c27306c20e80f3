import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contactFormSchema } from '../../src/contract/contact-form.ts';
import { fillPath } from '../../src/contract/fill-path.ts';
import { publicInspectionReportSchema } from '../../src/contract/inspection-report.ts';
import { freeTimesSchema, onlineBookingSchema, type OnlineBooking } from '../../src/contract/online-booking.ts';
import { ratingRequestSchema } from '../../src/contract/rating-request.ts';
import { apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { publicWorkOrderSchema } from '../../src/contract/work-order.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The customers' pages take the API's answers as typed by the contract, without a schema library on the phone
 * (docs/decisions/shell-and-pwa.md, "The customers' pages' weight"): this is where an answer that drifts from its schema shows. Each answer must
 * parse, and parse to itself, so a field the contract does not name fails too (zod drops unknown keys). The tire
 * quote's answer is held to its schema in tests/server/tire-quotes.test.ts.
 */
let t: TestApp;
let store: { contactFormId: string };
let visitHash: string;
let reportHash: string;
beforeAll(async () => {
  t = await createTestApp();
  store = await t.db.selectFrom('storeLocations').select('contactFormId').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  const visit = await t.db
    .selectFrom('scheduledVisits')
    .select('scheduledVisitHashId')
    .where('checkOutDate', 'is not', null)
    .where('deleted', '=', false)
    .orderBy('checkOutDate', 'desc')
    .executeTakeFirstOrThrow();
  visitHash = visit.scheduledVisitHashId;
  const report = await t.db
    .selectFrom('inspectionReports')
    .select('inspectionReportHashId')
    .where('completedAt', 'is not', null)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  reportHash = report.inspectionReportHashId;
});
afterAll(async () => {
  await t.close();
});

async function answer(path: string): Promise<unknown> {
  const reply = await t.app.inject({ method: 'GET', url: withApiVersion(path) });
  expect(reply.statusCode, path).toBe(200);
  return reply.json();
}

const holdsTo = (schema: z.ZodType, body: unknown) => expect(schema.parse(body)).toEqual(body);

describe("the answers the customers' pages read", () => {
  it('give the contact form exactly as its schema says', async () => {
    holdsTo(contactFormSchema, await answer(fillPath(apiPaths.contactForm, { contactFormId: store.contactFormId })));
  });

  it("give the booking page and a day's free times exactly as their schemas say", async () => {
    const booking = (await answer(fillPath(apiPaths.onlineBooking, { contactFormId: store.contactFormId }))) as OnlineBooking;
    holdsTo(onlineBookingSchema, booking);
    const open = booking.days.find((d) => d.unavailable === null)!;
    const service = booking.services[0]!;
    const times = await answer(
      `${fillPath(apiPaths.onlineBookingTimes, { contactFormId: store.contactFormId })}?services=${service.storeServiceId}&checkOutMethod=Waiting&date=${open.date}`,
    );
    holdsTo(freeTimesSchema, times);
  });

  it('give the rating page, the work order and the inspection report exactly as their schemas say', async () => {
    holdsTo(ratingRequestSchema, await answer(fillPath(apiPaths.ratingRequest, { visitId: visitHash })));
    holdsTo(publicWorkOrderSchema, await answer(fillPath(apiPaths.publicWorkOrder, { scheduledVisitHashId: visitHash })));
    holdsTo(publicInspectionReportSchema, await answer(fillPath(apiPaths.publicInspectionReport, { inspectionReportHashId: reportHash })));
  });
});
