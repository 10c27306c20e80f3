import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FreeTimes, OnlineBooking } from '../src/contract/online-booking.ts';
import { withApiVersion } from '../src/contract/routes.ts';
import { appointmentsEnabledFields } from '../src/contract/store-week.ts';
import { Temporal } from 'temporal-polyfill';
import { ShiftedClock } from '../server/clock.ts';
import { weekdayHoursFields } from '../src/contract/store-week.ts';
import { bookingPath, bookingStore, freeTimesPath, requestBooking } from '../tests/support/booking-fixtures.ts';
import { firstSyncDone } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { textsInSink } from './support/sms-sink.ts';
import { shellReady, signIn } from './support/session.ts';

const everyDay = (enabled: boolean) => Object.fromEntries(appointmentsEnabledFields.map((field) => [field, enabled]));

// The server's clock is the machine's, moved on by hand where a test would otherwise wait out a person's pace.
const clock = new ShiftedClock();
const env = e2eEnvironment({}, { clock });
const db = () => env.server.database.db;

const dayButton = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
const longDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
const focused = (element: Locator) => element.evaluate((e) => e === document.activeElement);

describe('a customer booking online', () => {
  it("asks for a free time from a phone; the staff's scheduler shows it at once, a confirm texts the customer once, and the time is no longer offered", async () => {
    const store = await bookingStore(db());
    // The first of the store's own days (its clock, the server's) with a free time for the service: today may be over.
    const page = (await (await fetch(`${env.server.url}${withApiVersion(bookingPath(store))}`)).json()) as OnlineBooking;
    let day: { date: string; time: string } | undefined;
    for (const { date } of page.days.filter((d) => d.unavailable === null)) {
      const free = (await (await fetch(`${env.server.url}${withApiVersion(freeTimesPath(store, date))}`)).json()) as FreeTimes;
      if (free.times.length > 0) {
        day = { date, time: free.times[0]!.time };
        break;
      }
    }
    expect(day).toBeDefined();
    const { userId } = await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
    const staff = await signIn(env.browser, env.server.url, 'user@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    const customer = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await shellReady(staff.page, 'Uma User');
      await firstSyncDone(staff.page, userId, store.storeId);
      await staff.page.goto(`${env.server.url}/scheduler-dayview?date=${day!.date}&view=day`);
      await staff.page.getByRole('heading', { name: 'Scheduler' }).waitFor();

      const phone = await customer.newPage();
      await phone.goto(`${env.server.url}/book/${store.contactFormId}`);
      await phone.getByRole('heading', { name: 'Book an appointment' }).waitFor();
      // Sent empty: every problem said at once, before anything goes to the store, and the first one in focus.
      await phone.getByRole('button', { name: 'Request this time' }).click();
      for (const words of [
        'Choose a service, then a time',
        'Enter your first name',
        'Enter your last name',
        'Enter your phone number',
        'Tell us the vehicle: year, make and model, or its plate',
      ]) {
        await phone.getByText(words).waitFor();
      }
      expect(await phone.evaluate(() => document.activeElement?.id)).toBe('booking-storeServiceIds');
      await phone.getByRole('group', { name: 'Services' }).locator('label').first().click();
      await phone
        .getByRole('radiogroup', { name: 'Day' })
        .getByRole('radio', { name: dayButton(day!.date), exact: true })
        .click();
      const times = phone.getByRole('radiogroup', { name: 'Time' });
      await times.getByRole('radio').first().waitFor();
      const label = await times.getByRole('radio').first().innerText();
      await times.getByRole('radio').first().click();
      await phone.getByRole('textbox', { name: 'First name' }).fill('Dana');
      await phone.getByRole('textbox', { name: 'Last name' }).fill('Whitfield');
      await phone.getByRole('textbox', { name: 'Phone' }).fill('(555) 201-7788');
      await phone.getByRole('textbox', { name: 'Vehicle' }).fill('2019 Subaru Outback');
      await phone.locator('label', { hasText: 'Text me' }).first().click();
      await phone.getByRole('checkbox', { name: /^Text me about this appointment/ }).check();
      // A person's pace: the server refuses a form sent within seconds of opening it.
      clock.shift(30_000);
      await phone.getByRole('button', { name: 'Request this time' }).click();
      await phone.getByRole('heading', { name: 'Request sent' }).waitFor();
      expect(await phone.getByRole('status').innerText()).toContain(label);
      await expect
        .poll(() => textsInSink(env.config.dataDir).filter((t) => t.to === '+15552017788' && /got your appointment request/.test(t.body)).length, {
          timeout: 20_000,
        })
        .toBe(1);

      // Pink on the scheduler already open, without a reload.
      await staff.page.locator('article.ec-event', { hasText: 'Dana Whitfield' }).waitFor({ timeout: 10_000 });
      await staff.page.getByRole('button', { name: /^Requests/ }).click();
      const drawer = staff.page.getByRole('dialog', { name: /^Appointment requests/ });
      await drawer.getByText('Dana Whitfield').waitFor();
      await drawer.locator('.mantine-Card-root', { hasText: 'Dana Whitfield' }).getByRole('button', { name: 'Confirm' }).click();
      await expect
        .poll(() => textsInSink(env.config.dataDir).filter((t) => t.to === '+15552017788' && / is confirmed for /.test(t.body)).length, { timeout: 20_000 })
        .toBe(1);
      const requests = await db()
        .selectFrom('unconfirmedVisits')
        .select(['confirmedVisitId', 'scheduledVisitId'])
        .where('phoneNumber', '=', '+15552017788')
        .execute();
      expect(requests).toHaveLength(1);
      expect(requests[0]!.confirmedVisitId).toBe(requests[0]!.scheduledVisitId);

      await phone.goto(`${env.server.url}/book/${store.contactFormId}`);
      await phone.getByRole('group', { name: 'Services' }).locator('label').first().click();
      await phone
        .getByRole('radiogroup', { name: 'Day' })
        .getByRole('radio', { name: dayButton(day!.date), exact: true })
        .click();
      await phone
        .getByRole('radiogroup', { name: 'Time' })
        .getByRole('radio')
        .or(phone.getByText(/No free times this day/))
        .first()
        .waitFor();
      expect(await phone.getByRole('radiogroup', { name: 'Time' }).getByRole('radio', { name: label, exact: true }).count()).toBe(0);
      expect(textsInSink(env.config.dataDir).filter((t) => t.to === '+15552017788' && / is confirmed for /.test(t.body))).toHaveLength(1);

      // A store that stops booking online shows its phone instead.
      await db().updateTable('storeLocations').set({ onlineAppointmentsEnabled: false }).where('id', '=', store.storeId).execute();
      await phone.reload();
      await phone.getByRole('heading', { name: 'Call us to book' }).waitFor();
      expect(await phone.getByRole('button', { name: 'Request this time' }).count()).toBe(0);

      // A weekday the store opens but books by phone only is said, with the number to call.
      await db()
        .updateTable('storeLocations')
        .set({ onlineAppointmentsEnabled: true, wednesdayAppointmentsEnabled: false })
        .where('id', '=', store.storeId)
        .execute();
      await phone.reload();
      await phone.getByText('Some days the store is open are booked by phone only: call', { exact: false }).waitFor();
      // And a store where no day of those offered takes appointments online shows its phone, not an empty form.
      await db().updateTable('storeLocations').set(everyDay(false)).where('id', '=', store.storeId).execute();
      await phone.reload();
      await phone.getByRole('heading', { name: 'Call us to book' }).waitFor();
    } finally {
      // As the demo has them.
      await db()
        .updateTable('storeLocations')
        .set({ ...everyDay(true), sundayAppointmentsEnabled: false })
        .where('storeNumber', '=', 101)
        .execute();
      await customer.close();
      await staff.context.close();
    }
  });
});

describe('choosing the day and the time from the keyboard', () => {
  /** The booking page open with the service chosen, as a customer starts. */
  async function withServiceChosen(context: BrowserContext, contactFormId: string, serviceName: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${env.server.url}/book/${contactFormId}`);
    await page.getByRole('heading', { name: 'Book an appointment' }).waitFor();
    await page.getByRole('group', { name: 'Services' }).locator('label', { hasText: serviceName }).click();
    return page;
  }

  /** The store's bookable days in the page's order, each with how many free times it has for the fixture's service. */
  async function offeredDays() {
    const store = await bookingStore(db());
    const page = (await (await fetch(`${env.server.url}${withApiVersion(bookingPath(store))}`)).json()) as OnlineBooking;
    const days: { date: string; times: number }[] = [];
    for (const { date } of page.days.filter((d) => d.unavailable === null)) {
      const free = (await (await fetch(`${env.server.url}${withApiVersion(freeTimesPath(store, date))}`)).json()) as FreeTimes;
      days.push({ date, times: free.times.length });
    }
    const service = page.services.find((s) => s.storeServiceId === store.storeServiceId)!;
    return { store, days, serviceName: service.name };
  }

  it('takes one Tab stop per group; the arrow keys choose the next day or time, which reads as checked and is summed up above the button', async () => {
    const { store, days, serviceName } = await offeredDays();
    // A day with two free times or more, and after it in the list a day with some.
    const at = days.findIndex((d, i) => d.times >= 2 && (days[i + 1]?.times ?? 0) >= 1);
    expect(at).toBeGreaterThanOrEqual(0);
    const [first, next] = [days[at]!.date, days[at + 1]!.date];
    const context = await env.browser.newContext({ viewport: { width: 1024, height: 900 } });
    try {
      const page = await withServiceChosen(context, store.contactFormId, serviceName);
      const dayGroup = page.getByRole('radiogroup', { name: 'Day' });
      const timeGroup = page.getByRole('radiogroup', { name: 'Time' });
      const summary = page.getByText(/ · you wait$/);
      const day = (date: string) => dayGroup.getByRole('radio', { name: dayButton(date), exact: true });
      await day(first).click();
      await timeGroup.getByRole('radio').nth(1).waitFor();
      await day(first).focus();

      // One Tab leaves the days for the first time, not the next day.
      await page.keyboard.press('Tab');
      await expect.poll(() => focused(timeGroup.getByRole('radio').first())).toBe(true);
      const second = timeGroup.getByRole('radio').nth(1);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => second.getAttribute('aria-checked')).toBe('true');
      expect(await focused(second)).toBe(true);
      expect(await timeGroup.getByRole('radio', { checked: true }).count()).toBe(1);
      await expect.poll(async () => (await summary.allInnerTexts()).join()).toBe(`${longDay(first)} at ${await second.innerText()} · you wait`);

      // Shift+Tab goes back to the chosen day; the next day is an arrow away, and its own times come.
      await page.keyboard.press('Shift+Tab');
      await expect.poll(() => focused(day(first))).toBe(true);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => day(next).getAttribute('aria-checked')).toBe('true');
      expect(await day(first).getAttribute('aria-checked')).toBe('false');
      expect(await focused(day(next))).toBe(true);
      await timeGroup.getByRole('radio').first().waitFor();
      await page.keyboard.press('Tab');
      const last = timeGroup.getByRole('radio').last();
      await expect.poll(() => focused(timeGroup.getByRole('radio').first())).toBe(true);
      await page.keyboard.press('End');
      await expect.poll(() => last.getAttribute('aria-checked')).toBe('true');
      await expect.poll(async () => (await summary.allInnerTexts()).join()).toBe(`${longDay(next)} at ${await last.innerText()} · you wait`);
      // Tab again leaves the times for the next field.
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('booking-firstName');
    } finally {
      await context.close();
    }
  });

  it('a form sent without a time puts the focus on the first free time, where the arrow keys choose one', async () => {
    const { store, days, serviceName } = await offeredDays();
    const at = days.findIndex((d) => d.times >= 2);
    expect(at).toBeGreaterThanOrEqual(0);
    const context = await env.browser.newContext({ viewport: { width: 1024, height: 900 } });
    try {
      const page = await withServiceChosen(context, store.contactFormId, serviceName);
      await page
        .getByRole('radiogroup', { name: 'Day' })
        .getByRole('radio', { name: dayButton(days[at]!.date), exact: true })
        .click();
      const timeGroup = page.getByRole('radiogroup', { name: 'Time' });
      await timeGroup.getByRole('radio').nth(1).waitFor();
      await page.getByRole('button', { name: 'Request this time' }).click();
      await page.getByText('Choose a time', { exact: true }).waitFor();
      await expect.poll(() => focused(timeGroup.getByRole('radio').first())).toBe(true);
      expect(await timeGroup.getByRole('radio').first().getAttribute('aria-checked')).toBe('false');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => timeGroup.getByRole('radio').nth(1).getAttribute('aria-checked')).toBe('true');
      await expect.poll(() => page.getByText('Choose a time', { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the booking page on a phone (issue 46 item 15)', () => {
  const phoneSize = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

  /** The page with the fixture's service, the first day with times and its first time chosen, and a person filled in. */
  async function filled(context: BrowserContext) {
    const store = await bookingStore(db());
    const page = await context.newPage();
    await page.goto(`${env.server.url}/book/${store.contactFormId}`);
    await page.getByRole('heading', { name: 'Book an appointment' }).waitFor();
    await page.getByRole('group', { name: 'Services' }).locator('label').first().click();
    const times = page.getByRole('radiogroup', { name: 'Time' });
    const days = page.getByRole('radiogroup', { name: 'Day' }).getByRole('radio');
    for (let i = 0; i < (await days.count()); i++) {
      await days.nth(i).click();
      await times
        .getByRole('radio')
        .or(page.getByText(/No free times this day|fully booked/))
        .first()
        .waitFor();
      if ((await times.getByRole('radio').count()) > 0) break;
    }
    await times.getByRole('radio').first().click();
    await page.getByRole('textbox', { name: 'First name' }).fill('Dana');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Whitfield');
    await page.getByRole('textbox', { name: 'Phone' }).fill('(555) 201-7791');
    await page.getByRole('textbox', { name: 'Vehicle' }).fill('2019 Subaru Outback');
    return { store, page };
  }

  it('a time no longer offered scrolls its alert into view and takes the focus, saying why, with the nearest free times', async () => {
    const context = await env.browser.newContext(phoneSize);
    const { store, page } = await filled(context);
    try {
      // Meanwhile the store asks a week's notice: the time chosen is now too soon.
      await db().updateTable('storeLocations').set({ onlineBookingLeadMinutes: 10_080 }).where('id', '=', store.storeId).execute();
      clock.shift(30_000);
      await page.getByRole('button', { name: 'Request this time' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Online bookings are taken at least 7 days ahead' });
      await alert.waitFor();
      await expect.poll(() => alert.evaluate((e) => e === document.activeElement)).toBe(true);
      await expect
        .poll(() =>
          alert.evaluate((e) => {
            const r = e.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
      expect(await alert.getByRole('button').count()).toBeGreaterThan(0);
    } finally {
      await db().updateTable('storeLocations').set({ onlineBookingLeadMinutes: 120 }).where('id', '=', store.storeId).execute();
      await context.close();
    }
  });

  it("after the store's last time today, offers and chooses a later day", async () => {
    const store = await bookingStore(db());
    const zone = store.zone;
    const today = Temporal.Now.plainDateISO(zone);
    const hours = weekdayHoursFields[today.dayOfWeek - 1]!;
    const before = await db().selectFrom('storeLocations').selectAll().where('id', '=', store.storeId).executeTakeFirstOrThrow();
    // Today the store opened at midnight and its last arrival (00:00) is behind the notice: the day is over for bookings.
    await db()
      .updateTable('storeLocations')
      .set({
        [hours.open]: '00:00',
        [hours.close]: '00:30',
        ...everyDay(true),
        isOpenMondays: true,
        isOpenTuesdays: true,
        isOpenWednesdays: true,
        isOpenThursdays: true,
        isOpenFridays: true,
        isOpenSaturdays: true,
        isOpenSundays: true,
      })
      .where('id', '=', store.storeId)
      .execute();
    const context = await env.browser.newContext(phoneSize);
    try {
      const page = await context.newPage();
      await page.goto(`${env.server.url}/book/${store.contactFormId}`);
      const days = page.getByRole('radiogroup', { name: 'Day' });
      await days.getByRole('radio').first().waitFor();
      expect(await days.getByRole('radio', { name: dayButton(today.toString()), exact: true }).count()).toBe(0);
      expect(await days.getByRole('radio', { checked: true }).innerText()).toBe(dayButton(today.add({ days: 1 }).toString()));
    } finally {
      await db()
        .updateTable('storeLocations')
        .set({
          [hours.open]: before[hours.open],
          [hours.close]: before[hours.close],
          ...everyDay(true),
          sundayAppointmentsEnabled: false,
          isOpenSaturdays: before.isOpenSaturdays,
          isOpenSundays: before.isOpenSundays,
        })
        .where('id', '=', store.storeId)
        .execute();
      await context.close();
    }
  });

  it('asks for a call by default, and asks for the consent box before texts; a phone of three digits is refused on the page', async () => {
    const context = await env.browser.newContext(phoneSize);
    const { page } = await filled(context);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/online-booking/')) posts.push(r.url());
    });
    try {
      expect(await page.getByRole('radio', { name: 'Call me' }).isChecked()).toBe(true);
      await page.locator('label', { hasText: 'Text me' }).first().click();
      await page.getByRole('textbox', { name: 'Phone' }).fill('123');
      await page.getByRole('button', { name: 'Request this time' }).click();
      await page.getByText('Enter a 10-digit phone number, like (555) 123-4567').waitFor();
      await page.getByText('Tick the box to get texts, or choose a call or an email').waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('booking-phoneNumber');
      expect(posts).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the Requests list (issue 46 items 4, 21 and 23)', () => {
  it('shows whose record a request would join, and declines a flood of requests in one action, each requester told their request could not be accepted', async () => {
    const store = await bookingStore(db());
    const page = (await (await fetch(`${env.server.url}${withApiVersion(bookingPath(store))}`)).json()) as OnlineBooking;
    let free: FreeTimes | undefined;
    for (const { date } of page.days.filter((d) => d.unavailable === null)) {
      free = (await (await fetch(`${env.server.url}${withApiVersion(freeTimesPath(store, date))}`)).json()) as FreeTimes;
      // On the hour: the service takes its one bay an hour, so times an hour apart do not overlap.
      free = { ...free, times: free.times.filter((x) => x.time.endsWith(':00')) };
      if (free.times.length >= 4) break;
    }
    expect(free!.times.length).toBeGreaterThanOrEqual(4);
    const pace = { advance: (ms: number) => clock.shift(ms) };
    const flood = ['Ann', 'Ben', 'Cal'];
    for (const [i, firstName] of flood.entries()) {
      const { answer } = await requestBooking(env.server, pace, store, `203.0.113.${70 + i}`, `${free!.date}T${free!.times[i]!.time}`, {
        firstName,
        lastName: 'Flood',
        phoneNumber: `(555) 201-786${i}`,
      });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    // A requester with a demo customer's phone, under another name.
    const known = await db()
      .selectFrom('customers')
      .select(['phoneNumber'])
      .where(
        'companyId',
        '=',
        (await db().selectFrom('storeLocations').select('companyId').where('id', '=', store.storeId).executeTakeFirstOrThrow()).companyId,
      )
      .where('phoneNumber', 'is not', null)
      .where('deleted', '=', false)
      .orderBy('createdOn')
      .executeTakeFirstOrThrow();
    expect(
      (
        await requestBooking(env.server, pace, store, '203.0.113.79', `${free!.date}T${free!.times[3]!.time}`, {
          firstName: 'Otto',
          lastName: 'Stranger',
          phoneNumber: known.phoneNumber!,
          email: null,
        })
      ).answer.statusCode,
    ).toBe(201);

    const { userId } = await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
    const staff = await signIn(env.browser, env.server.url, 'user@demo.test', undefined, { viewport: { width: 1440, height: 1000 } });
    try {
      await shellReady(staff.page, 'Uma User');
      await firstSyncDone(staff.page, userId, store.storeId);
      await staff.page.goto(`${env.server.url}/scheduler-dayview?date=${free!.date}&view=day`);
      await staff.page.getByRole('button', { name: /^Requests/ }).click();
      const drawer = staff.page.getByRole('dialog', { name: /^Appointment requests/ });
      await drawer
        .locator('.mantine-Card-root', { hasText: 'Otto Stranger' })
        .getByText(/has this phone number under another name: confirming makes a new customer/)
        .waitFor();

      for (const firstName of flood) await drawer.getByRole('checkbox', { name: `Choose ${firstName} Flood's request` }).check();
      await drawer.getByRole('button', { name: 'Decline chosen (3)…' }).click();
      await drawer.getByRole('textbox', { name: /^Reason for the 3 chosen requests/ }).fill('We could not verify these requests.');
      await drawer.getByRole('button', { name: 'Decline 3 requests' }).click();
      await expect.poll(() => drawer.getByText(/ Flood$/).count(), { timeout: 10_000 }).toBe(0);
      await expect
        .poll(
          async () =>
            (await db().selectFrom('unconfirmedVisits').select('declinedOn').where('lastName', '=', 'Flood').execute()).filter((r) => r.declinedOn).length,
          { timeout: 20_000 },
        )
        .toBe(3);
      await expect
        .poll(
          () =>
            textsInSink(env.config.dataDir).filter((t) => /^\+155520178[6]\d$/.test(t.to) && /could not accept your appointment request/.test(t.body)).length,
          { timeout: 20_000 },
        )
        .toBe(3);
      expect(textsInSink(env.config.dataDir).filter((t) => /^\+155520178[6]\d$/.test(t.to) && /cancel|\b(Ann|Ben|Cal)\b/i.test(t.body))).toEqual([]);
    } finally {
      await staff.context.close();
    }
  });
});
