import { describe, expect, it } from 'vitest';
import { vehicleTitle } from '../src/domain/people/display-name.ts';
import { parseTireSize } from '../src/domain/tires/tire-size.ts';
import { firstSyncDone, readStore } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { textsInSink } from './support/sms-sink.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();
const db = () => env.server.database.db;

describe('the tire counter', () => {
  it('finds 225/65R17 from "2256517", quotes two options, changes the quantity and warranty offline and texts the quote; the text\'s link shows the same total, and the install is booked from it', async () => {
    const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
    const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
    const customer = await db()
      .selectFrom('customers')
      .select(['customerId', 'phoneNumber', 'firstName'])
      .where((eb) => eb.or([eb('storeId', '=', store), eb('storeId', 'is', null)]))
      .where('deleted', '=', false)
      .where('phoneNumber', 'is not', null)
      .where('firstName', 'is not', null)
      .where('companyName', 'is', null)
      .orderBy('customerId')
      .executeTakeFirstOrThrow();
    // The customer agreed to texts (a quote is texted by the texting consent rule, issue 46), before the device syncs them.
    await db()
      .updateTable('customers')
      .set({ textConsentMethod: 'InPerson', textConsentGivenOn: new Date().toISOString(), textConsentRecordedBy: 'Uma User' })
      .where('customerId', '=', customer.customerId)
      .execute();
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      await firstSyncDone(page, userId, store);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto(`${env.server.url}/tires?customerId=${customer.customerId}`);
      await page.getByText(`Quote for ${customer.firstName}`, { exact: false }).waitFor();

      await page.getByRole('textbox', { name: 'Size, brand or line' }).fill('2256517');
      const results = page.getByRole('list', { name: 'Tires found' }).getByRole('listitem');
      await results.first().waitFor();
      const found = await results.allTextContents();
      expect(found.length).toBeGreaterThan(1);
      for (const text of found) expect(text).toContain('225/65R17');

      await results
        .nth(0)
        .getByRole('button', { name: /to Good$/ })
        .click();
      // A pair for Better: its install is booked as a pair's.
      await page.getByRole('textbox', { name: 'Tires', exact: true }).fill('2');
      await page.getByRole('button', { name: 'Add option' }).click();
      await results
        .nth(1)
        .getByRole('button', { name: /to Better$/ })
        .click();
      const good = page.getByRole('region', { name: 'Quote option Good' });
      const better = page.getByRole('region', { name: 'Quote option Better' });
      await good.getByTestId('option-total').waitFor();
      await better.getByTestId('option-total').waitFor();
      await page.getByRole('button', { name: 'Save quote' }).click();
      await expect
        .poll(async () => (await db().selectFrom('tireQuotes').select('tireQuoteId').where('customerId', '=', customer.customerId).execute()).length, {
          timeout: 30_000,
        })
        .toBe(1);

      await context.setOffline(true);
      await good.getByRole('textbox', { name: /^Quantity of / }).fill('3');
      await good
        .getByRole('textbox', { name: 'Warranty' })
        .or(good.getByRole('combobox', { name: 'Warranty' }))
        .click();
      await page.getByRole('option', { name: /^Promise Plus \(/ }).click();
      await good.getByText('Promise Plus', { exact: false }).first().waitFor();
      const goodTotal = (await good.getByTestId('option-total').textContent())!;
      const betterTotal = (await better.getByTestId('option-total').textContent())!;
      await page.getByRole('button', { name: 'Text quote' }).click();
      // Offline, the text is queued, not sent: the counter says so.
      await page.getByRole('status').filter({ hasText: 'queued' }).waitFor();
      expect(textsInSink(env.config.dataDir)).toEqual([]);

      await context.setOffline(false);
      await expect.poll(() => textsInSink(env.config.dataDir).length, { timeout: 60_000 }).toBe(1);
      const [text] = textsInSink(env.config.dataDir);
      expect(text!.body).toContain(`Good ${goodTotal}`);
      expect(text!.body).toContain(`Better ${betterTotal}`);
      await expect.poll(async () => readStore(page, `alltrac-${userId}-store-${store}`, 'outbox'), { timeout: 30_000 }).toEqual([]);
      const saved = await db().selectFrom('tireQuotes').selectAll().where('customerId', '=', customer.customerId).executeTakeFirstOrThrow();
      expect(saved.choices[0]).toEqual(expect.objectContaining({ warrantyType: 'PromisePlus', tires: [expect.objectContaining({ quantity: 3 })] }));

      const link = /https?:\/\/\S+\/tire-quotes\/[\w-]+/.exec(text!.body)![0];
      const publicPage = await context.newPage();
      await publicPage.goto(link.replace(/^https?:\/\/[^/]+/, env.server.url));
      await publicPage.getByText(goodTotal).filter({ visible: true }).first().waitFor();
      await publicPage.getByText(betterTotal).filter({ visible: true }).first().waitFor();

      // The install, booked from the quote: the calendar's new appointment starts with the customer, the
      // store's install service for a set of four (its hour) until the option bought is chosen, and the quote in the notes.
      await page.getByRole('button', { name: 'Book install' }).click();
      await page.getByText('Booking a tire install').waitFor();
      await page.getByRole('button', { name: 'New', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New on the calendar' });
      await dialog.getByText(customer.firstName!, { exact: false }).first().waitFor();
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Minutes' }).inputValue()).toBe('60');
      // Two options were quoted: the counter says which the customer is buying, and its tires go on the visit.
      await dialog.getByRole('button', { name: 'Book' }).click();
      await dialog.getByText('Choose the option the customer is buying, or no tires.').waitFor();
      await dialog
        .getByRole('textbox', { name: 'Tires to fit' })
        .or(dialog.getByRole('combobox', { name: 'Tires to fit' }))
        .click();
      await page.getByRole('option', { name: /^Better: 2 × / }).click();
      // The pair bought: the pair's install and its half hour, and the notes name Better alone.
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Minutes' }).inputValue()).toBe('30');
      expect(await dialog.getByRole('textbox', { name: 'Staff notes' }).inputValue()).toMatch(/^Tire quote of \d{4}-\d\d-\d\d, Better bought: 2 × [^;]+\.$/);
      await dialog.getByRole('button', { name: 'Book' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Booking a tire install').waitFor({ state: 'detached' });
      const booked = async () =>
        db()
          .selectFrom('scheduledVisits')
          .innerJoin('scheduledServices', 'scheduledServices.scheduledVisitId', 'scheduledVisits.scheduledVisitId')
          .innerJoin('storeServices', 'storeServices.storeServiceId', 'scheduledServices.storeServiceId')
          .select(['scheduledVisits.staffNotes', 'storeServices.name', 'scheduledServices.durationInMinutes'])
          .where('scheduledVisits.customerId', '=', customer.customerId)
          .where('scheduledVisits.staffNotes', 'like', 'Tire quote of%')
          .execute();
      await expect.poll(async () => (await booked()).length, { timeout: 30_000 }).toBe(1);
      expect((await booked())[0]).toEqual(expect.objectContaining({ name: 'Tire Installation (2)', durationInMinutes: 30 }));
      expect((await booked())[0]!.staffNotes).not.toContain('Good');
      const fitted = async () =>
        db()
          .selectFrom('visitTires')
          .innerJoin('scheduledVisits', 'scheduledVisits.scheduledVisitId', 'visitTires.scheduledVisitId')
          .select(['visitTires.description', 'visitTires.dotCode'])
          .where('scheduledVisits.customerId', '=', customer.customerId)
          .where('visitTires.deleted', '=', false)
          .execute();
      await expect.poll(async () => (await fitted()).length, { timeout: 30_000 }).toBe(2);
      const quoted = await db().selectFrom('tireQuotes').select('choices').where('customerId', '=', customer.customerId).executeTakeFirstOrThrow();
      expect((await fitted()).map((t) => t.description)).toEqual(Array(2).fill(quoted.choices[1]!.tires[0]!.description));
    } finally {
      await context.close();
    }
  });

  it('names every other store that has a tire stocked only at #102 and #103, with a plausible arrival, to a user of one store', async () => {
    const stores = Object.fromEntries((await db().selectFrom('storeLocations').select(['id', 'storeNumber']).execute()).map((s) => [s.storeNumber, s.id]));
    const stock = await db()
      .selectFrom('inventorySummaries')
      .select(['tireId', 'storeId', 'quantityOnHand'])
      .where('deleted', '=', false)
      .where('quantityOnHand', '>', 0)
      .execute();
    const at = (tireId: string, storeNumber: number) => stock.find((s) => s.tireId === tireId && s.storeId === stores[storeNumber]);
    // "None here" at #101: none on hand and none on order there either (a tire only on order reads "N on order").
    const ordered = await db()
      .selectFrom('inventorySummaries')
      .select('tireId')
      .where('deleted', '=', false)
      .where('storeId', '=', stores[101]!)
      .where('quantityOnOrder', '>', 0)
      .execute();
    const onOrderHere = new Set(ordered.map((o) => o.tireId));
    const candidates = [...new Set(stock.map((s) => s.tireId).filter((id) => !at(id, 101) && !onOrderHere.has(id) && at(id, 102) && at(id, 103)))];
    expect(candidates.length, 'demo tires stocked at #102 and #103 and not at #101').toBeGreaterThan(0);
    // Of those, the one of the size with the fewest tires: its row is on the list's first page.
    const tires = await db()
      .selectFrom('tires')
      .innerJoin('productLines', 'productLines.productLineHashId', 'tires.productLineHashId')
      .innerJoin('brands', 'brands.brandHashId', 'productLines.brandHashId')
      .innerJoin('tireSizes', 'tireSizes.tireSizeId', 'tires.tireSizeId')
      .select(['tires.tireId', 'tires.tireSizeId', 'brands.name as brand', 'productLines.name as line', 'tireSizes.displayName as size'])
      .execute();
    const ofSize = (sizeId: string) => tires.filter((t) => t.tireSizeId === sizeId).length;
    const tire = tires.filter((t) => candidates.includes(t.tireId)).sort((a, b) => ofSize(a.tireSizeId) - ofSize(b.tireSizeId))[0]!;
    expect(ofSize(tire.tireSizeId)).toBeLessThanOrEqual(20);

    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
      await firstSyncDone(page, userId, stores[101]!);
      // The counter has its own drawer item.
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /Tires/ }).click();
      await page.getByRole('textbox', { name: 'Size, brand or line' }).fill(tire.size);
      const row = page.getByRole('list', { name: 'Tires found' }).getByRole('listitem', { name: `${tire.brand} ${tire.line} ${tire.size}`, exact: true });
      await row.getByText('None here').waitFor();
      await row.getByRole('button', { name: 'Other stores' }).click();
      const answer = row.getByRole('status', { name: 'Other stores' });
      await answer.waitFor();
      const lines = await answer.locator('p').allTextContents();
      const arrival =
        /; a transfer ordered (before \d{1,2}(:\d\d)? [ap]m|now) arrives (today|tomorrow|[A-Z][a-z]+day, [A-Z][a-z]{2} \d{1,2})( by \d{1,2}(:\d\d)? [ap]m)?$/;
      expect(lines.map((l) => l.replace(/ has \d+( of the \d+)?;.*/, ''))).toEqual(expect.arrayContaining(['Store #102', 'Store #103']));
      for (const line of lines) expect(line).toMatch(arrival);
    } finally {
      await context.close();
    }
  });

  it('opens from a vehicle\'s "Tires" link with the vehicle\'s tire size in the box', async () => {
    const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
    const vehicle = await db()
      .selectFrom('customerVehicles')
      .innerJoin('customers', 'customers.customerId', 'customerVehicles.customerId')
      .select([
        'customerVehicles.customerId',
        'customerVehicles.tireSize',
        'customerVehicles.year',
        'customerVehicles.make',
        'customerVehicles.model',
        'customerVehicles.trim',
      ])
      .where('customerVehicles.tireSize', 'is not', null)
      .where('customerVehicles.deleted', '=', false)
      .where('customers.deleted', '=', false)
      .where((eb) => eb.or([eb('customers.storeId', '=', store), eb('customers.storeId', 'is', null)]))
      .orderBy('customerVehicles.vehicleId')
      .executeTakeFirstOrThrow();
    const size = parseTireSize(vehicle.tireSize!);
    expect(size.ok).toBe(true);
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
      await firstSyncDone(page, userId, store);
      await page.goto(`${env.server.url}/customers/${vehicle.customerId}`);
      await page
        .getByRole('link', { name: `Quote tires for ${vehicleTitle(vehicle)}` })
        .first()
        .click();
      await page.waitForURL(/\/tires\?/);
      await expect.poll(() => page.getByRole('textbox', { name: 'Size, brand or line' }).inputValue()).toBe(size.ok ? size.size.key : '');
      await page.getByRole('list', { name: 'Tires found' }).getByRole('listitem').first().waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("the tire counter's size box and service type", () => {
  it("says why a size is wrong in the parser's words, lists only LT tires for lt245/75r16 with their load range, and filters by service type", async () => {
    const { context, page } = await signIn(env.browser, env.server.url, 'user@demo.test');
    try {
      await shellReady(page, 'Uma User');
      const userId = (await db().selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
      const store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
      // The demo catalogue has 245/75R16 as a P-metric truck tire (111) and as an LT tire (120/116, load range E).
      const kinds = await db().selectFrom('tires').select('dualLoadIndex').where('sizeKey', '=', '245/75R16').where('deleted', '=', false).execute();
      expect(kinds.some((t) => t.dualLoadIndex === null) && kinds.some((t) => t.dualLoadIndex !== null)).toBe(true);
      await firstSyncDone(page, userId, store);
      await page.goto(`${env.server.url}/tires`);
      const box = page.getByRole('textbox', { name: 'Size, brand or line' });
      const results = page.getByRole('list', { name: 'Tires found' }).getByRole('listitem');

      await box.fill('226/65R17');
      await page.getByText('Width 226 mm is not a tire width: metric widths end in 0 or 5.').waitFor();
      await page.getByText('No tire found: fix the size above.').waitFor();
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      const said = await page.locator(`[id="${(await box.getAttribute('aria-describedby'))!.split(' ')[0]}"]`).textContent();
      expect(said).toBe('Width 226 mm is not a tire width: metric widths end in 0 or 5.');

      await box.fill('225/65R');
      await page.getByText('"225/65R" needs the rim size, as in 225/65R17.').waitFor();
      await results.first().waitFor();

      await box.fill('lt245/75r16');
      await results.first().waitFor();
      await page.getByText('needs the rim size').waitFor({ state: 'hidden' });
      for (const text of await results.allTextContents()) {
        expect(text).toContain('LT245/75R16 120/116');
        expect(text).toContain('Load range E (10-ply)');
      }

      await box.fill('245/75R16');
      await expect.poll(async () => (await results.allTextContents()).some((t) => t.includes('245/75R16 111'))).toBe(true);
      const serviceType = page.getByRole('textbox', { name: 'Service type' }).or(page.getByRole('combobox', { name: 'Service type' }));
      await serviceType.click();
      await page.getByRole('option', { name: 'Passenger (P)' }).click();
      // A line's own name may end in LT (Discoverer AT3 LT): the size's load and speed tell the tires apart.
      await expect.poll(async () => (await results.allTextContents()).every((t) => t.includes('245/75R16 111') && !t.includes('120/116'))).toBe(true);
      expect((await results.allTextContents()).length).toBeGreaterThan(0);

      await serviceType.click();
      await page.getByRole('option', { name: 'Temporary spare (T)' }).click();
      await page.getByText('No tire in the catalogue matches “245/75R16” with these filters: Temporary spare (T). Clear one to see more.').waitFor();
    } finally {
      await context.close();
    }
  });
});
