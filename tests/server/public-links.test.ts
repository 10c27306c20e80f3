import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPublicLinks } from '../../server/seed/public-links.ts';
import { apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { createTestApp, testPublicUrl, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("the customers' pages npm start prints", () => {
  it("name each demo store's contact form and booking page, and an open rating link and work order, each answering", async () => {
    const seeded = await t.db.selectFrom('appMeta').select('value').where('key', '=', 'demoSeed').executeTakeFirstOrThrow();
    const links = await demoPublicLinks(t.db, testPublicUrl, new Date((seeded.value as { seededOn: string }).seededOn));
    const forms = links.filter((l) => l.includes('Contact form'));
    expect(forms).toHaveLength(3);
    for (const line of forms) {
      const contactFormId = /\/contact-us\/([\w-]+)$/.exec(line)![1]!;
      expect((await t.app.inject({ method: 'GET', url: withApiVersion(apiPaths.contactForm.replace(':contactFormId', contactFormId)) })).statusCode).toBe(200);
    }
    const bookings = links.filter((l) => l.includes('Online booking'));
    expect(bookings).toHaveLength(3);
    for (const line of bookings) {
      const contactFormId = /\/book\/([\w-]+)$/.exec(line)![1]!;
      const page = await t.app.inject({ method: 'GET', url: withApiVersion(apiPaths.onlineBooking.replace(':contactFormId', contactFormId)) });
      expect(page.json<{ open: boolean; services: unknown[] }>()).toMatchObject({ open: true, services: expect.arrayContaining([expect.anything()]) });
    }
    const rating = links.find((l) => l.includes('Rating page'))!;
    const hash = /\/rating\?visit=([\w-]+)$/.exec(rating)![1]!;
    expect(links.find((l) => l.includes('Work order'))).toContain(`/work-order/${hash}`);
  });
});
