import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { defaultInspectionGroups } from '../../src/domain/inspections/inspection-template.ts';
import { apiCall } from '../support/api.ts';
import { runRace, type WriteRace } from '../support/concurrent-writes.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';

const path = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);
const replace = (field: string, value: unknown) => [{ op: 'replace', path: `/${field}`, value }];
const newCustomer = () => ({
  customerId: randomUUID(),
  firstName: 'Ada',
  lastName: 'Race',
  companyName: null,
  email: null,
  phoneNumber: '5550001111',
  preferredContactMethod: 'Phone',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  notes: null,
});

describe.skipIf(postgresUnavailable !== null)('every write path on PostgreSQL, with concurrent callers', () => {
  const t = postgresTestApp();
  let token: string;
  let store: number;
  let userId: string;
  let adminToken: string;
  const user = () => ({ token, store });
  const storeAdmin = () => ({ token: adminToken, store });

  beforeAll(async () => {
    token = await mintAccessToken(t.db, 'user@demo.test', testPublicUrl);
    adminToken = await mintAccessToken(t.db, 'admin@demo.test', testPublicUrl);
    store = (await demoStoreIds(t.db))[101]!;
    userId = (await t.db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
  });

  const createCustomer = async () => {
    const body = newCustomer();
    expect((await apiCall(t.app, { method: 'POST', path: apiPaths.customers, ...user(), body })).statusCode).toBe(201);
    return body.customerId;
  };
  const keyed = (key: string) => ({ 'Idempotency-Key': key });
  let inspected = 0;
  /** A visit of the store no round has inspected yet. */
  const uninspectedVisit = async () =>
    await t.db
      .selectFrom('scheduledVisits')
      .select(['scheduledVisitId', 'vehicleId'])
      .where('storeId', '=', store)
      .where('cancelDate', 'is', null)
      .where('inspectionReportId', 'is', null)
      .where('deleted', '=', false)
      .orderBy('scheduledVisitId')
      .offset(inspected++)
      .limit(1)
      .executeTakeFirstOrThrow();
  const newReport = (visit: { scheduledVisitId: string; vehicleId: string | null }) => ({
    inspectionReportId: visit.scheduledVisitId,
    scheduledVisitId: visit.scheduledVisitId,
    vehicleId: visit.vehicleId,
    technicianId: null,
    groups: defaultInspectionGroups(() => randomUUID()),
    startedAt: '2030-06-03T15:00:00.000Z',
  });
  let specialDays = 0;

  const races: WriteRace<Record<string, string>>[] = [
    {
      name: 'two patches of different fields of one customer both stay',
      prepare: async () => {
        const customerId = await createCustomer();
        const at = path(apiPaths.customer, { customerId });
        return {
          target: { customerId },
          calls: [
            { method: 'PATCH', path: at, ...user(), body: replace('city', 'Springfield') },
            { method: 'PATCH', path: at, ...user(), body: replace('notes', 'Prefers mornings') },
          ],
        };
      },
      check: async ({ customerId }, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const row = await t.db.selectFrom('customers').select(['city', 'notes']).where('customerId', '=', customerId!).executeTakeFirstOrThrow();
        expect(row).toEqual({ city: 'Springfield', notes: 'Prefers mornings' });
      },
    },
    {
      name: 'two patches of different fields of one vehicle both stay',
      prepare: async () => {
        const customerId = await createCustomer();
        const vehicleId = randomUUID();
        const created = await apiCall(t.app, {
          method: 'POST',
          path: path(apiPaths.customerVehicles, { customerId }),
          ...user(),
          body: {
            vehicleId,
            year: 2020,
            make: 'Honda',
            model: 'Civic',
            trim: null,
            vin: null,
            vehicleLicensePlateState: 'IL',
            vehicleLicensePlateNumber: 'ABC123',
            color: 'Blue',
            mileage: 1000,
          },
        });
        expect(created.statusCode).toBe(201);
        const at = path(apiPaths.customerVehicle, { customerId, vehicleId });
        return {
          target: { vehicleId },
          calls: [
            { method: 'PATCH', path: at, ...user(), body: replace('mileage', 42_000) },
            { method: 'PATCH', path: at, ...user(), body: replace('color', 'Red') },
          ],
        };
      },
      check: async ({ vehicleId }) => {
        const row = await t.db.selectFrom('customerVehicles').select(['mileage', 'color']).where('vehicleId', '=', vehicleId!).executeTakeFirstOrThrow();
        expect(row).toEqual({ mileage: 42_000, color: 'Red' });
      },
    },
    {
      name: 'archive and mark-replied of one message both stay',
      prepare: async () => {
        const message = await t.db
          .selectFrom('storeMessages')
          .select('storeMessageId')
          .where('storeId', '=', store)
          .where('isArchived', '=', false)
          .where('repliedToByUserId', 'is', null)
          .executeTakeFirstOrThrow();
        return {
          target: message,
          calls: [
            { method: 'POST', path: path(apiPaths.markArchived, message), ...user() },
            { method: 'POST', path: path(apiPaths.markReplied, message), ...user() },
          ],
        };
      },
      check: async ({ storeMessageId }) => {
        const row = await t.db
          .selectFrom('storeMessages')
          .select(['isArchived', 'repliedToByUserId'])
          .where('storeMessageId', '=', storeMessageId!)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ isArchived: true, repliedToByUserId: userId });
      },
    },
    {
      name: 'a rating marked read twice at once is changed once',
      prepare: async () => {
        const rating = await t.db
          .updateTable('ratings')
          .set({ isRead: false })
          .where('ratingId', '=', (eb) => eb.selectFrom('ratings').select('ratingId').where('storeId', '=', store).orderBy('ratingId').limit(1))
          .returning(['ratingId', 'version'])
          .executeTakeFirstOrThrow();
        const at = path(apiPaths.rating, { ratingId: rating.ratingId });
        return {
          target: { ratingId: rating.ratingId, version: String(rating.version) },
          calls: [
            { method: 'PATCH', path: at, ...user(), body: replace('isRead', true) },
            { method: 'PATCH', path: at, ...user(), body: replace('isRead', true) },
          ],
        };
      },
      check: async ({ ratingId, version }, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        // Lock, then read: the second caller sees the first one's change and has nothing to do.
        expect(answers[0]!.json().version).toBe(answers[1]!.json().version);
        expect(answers[0]!.json().version).toBeGreaterThan(Number(version));
        const row = await t.db.selectFrom('ratings').select('isRead').where('ratingId', '=', ratingId!).executeTakeFirstOrThrow();
        expect(row.isRead).toBe(true);
      },
    },
    {
      name: 'a notification marked read from two devices at once is changed once',
      prepare: async () => {
        const notification = await t.db
          .selectFrom('userNotifications')
          .select('userNotificationId')
          .where('identityId', '=', userId)
          .where('dateMarkedRead', 'is', null)
          .executeTakeFirst();
        const id =
          notification?.userNotificationId ??
          (
            await t.db
              .updateTable('userNotifications')
              .set({ dateMarkedRead: null })
              .where('identityId', '=', userId)
              .returning('userNotificationId')
              .executeTakeFirstOrThrow()
          ).userNotificationId;
        const at = path(apiPaths.userNotification, { userNotificationId: id });
        const when = new Date(Date.UTC(2026, 10, 22, 12)).toISOString();
        return {
          target: { id },
          calls: [
            { method: 'PATCH', path: at, token, body: replace('dateMarkedRead', when) },
            { method: 'PATCH', path: at, token, body: replace('dateMarkedRead', when) },
          ],
        };
      },
      check: async (_target, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        expect(answers[0]!.json().version).toBe(answers[1]!.json().version);
      },
    },
    {
      name: 'the first change of a notification setting, made twice at once, creates one row',
      prepare: async () => {
        await t.db.deleteFrom('notificationPreferences').where('identityId', '=', userId).where('kind', '=', 'system').execute();
        const at = path(apiPaths.notificationPreference, { kind: 'system' });
        return {
          target: {},
          calls: [
            { method: 'PATCH', path: at, token, body: replace('inApp', false) },
            { method: 'PATCH', path: at, token, body: replace('inApp', false) },
          ],
        };
      },
      check: async (_target, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const rows = await t.db.selectFrom('notificationPreferences').select('inApp').where('identityId', '=', userId).where('kind', '=', 'system').execute();
        expect(rows).toEqual([{ inApp: false }]);
      },
    },
    {
      name: 'a customer merged from two devices at once is merged once, everything moved once',
      prepare: async () => {
        const kept = await createCustomer();
        const merged = await createCustomer();
        const vehicle = {
          vehicleId: randomUUID(),
          year: null,
          make: 'Ford',
          model: 'Focus',
          trim: null,
          vin: null,
          vehicleLicensePlateState: null,
          vehicleLicensePlateNumber: null,
          color: 'Red',
          mileage: null,
        };
        expect(
          (await apiCall(t.app, { method: 'POST', path: path(apiPaths.customerVehicles, { customerId: merged }), ...user(), body: vehicle })).statusCode,
        ).toBe(201);
        const call = { method: 'POST' as const, path: path(apiPaths.customerMerge, { customerId: kept }), ...user(), body: { mergedCustomerId: merged } };
        return { target: { kept, merged, vehicleId: vehicle.vehicleId }, calls: [call, call] };
      },
      check: async ({ kept, merged, vehicleId }, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        expect((await t.db.selectFrom('customerVehicles').select('customerId').where('vehicleId', '=', vehicleId!).executeTakeFirstOrThrow()).customerId).toBe(
          kept,
        );
        expect(
          (await t.db.selectFrom('customers').select('mergedIntoCustomerId').where('customerId', '=', merged!).executeTakeFirstOrThrow()).mergedIntoCustomerId,
        ).toBe(kept);
      },
    },
    {
      name: 'a merge and a change of the merged customer at once: the change is kept with the tombstone or refused, never lost into a live row',
      prepare: async () => {
        const kept = await createCustomer();
        const merged = await createCustomer();
        return {
          target: { kept, merged },
          calls: [
            { method: 'POST', path: path(apiPaths.customerMerge, { customerId: kept }), ...user(), body: { mergedCustomerId: merged } },
            { method: 'PATCH', path: path(apiPaths.customer, { customerId: merged }), ...user(), body: replace('notes', 'late note') },
          ],
        };
      },
      check: async ({ merged }, answers) => {
        expect(answers[0]!.statusCode).toBe(200);
        expect([200, 404]).toContain(answers[1]!.statusCode);
        const row = await t.db.selectFrom('customers').select(['deleted']).where('customerId', '=', merged!).executeTakeFirstOrThrow();
        expect(row.deleted).toBe(true);
      },
    },
    {
      name: 'two patches of different fields of one store service both stay',
      prepare: async () => {
        const service = await t.db
          .selectFrom('storeServices')
          .select(['storeServiceId', 'storeServiceHashId'])
          .where('storeId', '=', store)
          .where('deleted', '=', false)
          .orderBy('storeServiceId')
          .executeTakeFirstOrThrow();
        const at = apiPaths.storeService.replace(':storeServiceHashId', service.storeServiceHashId);
        const name = `Alignment ${randomUUID().slice(0, 8)}`;
        const minutes = 15 * (2 + Math.floor(Math.random() * 20));
        return {
          target: { storeServiceId: service.storeServiceId, name, minutes: String(minutes) },
          calls: [
            { method: 'PATCH', path: at, ...storeAdmin(), body: replace('name', name) },
            { method: 'PATCH', path: at, ...storeAdmin(), body: replace('durationInMinutes', minutes) },
          ],
        };
      },
      check: async ({ storeServiceId, name, minutes }, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const row = await t.db
          .selectFrom('storeServices')
          .select(['name', 'durationInMinutes'])
          .where('storeServiceId', '=', storeServiceId!)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ name, durationInMinutes: Number(minutes) });
      },
    },
    {
      name: 'a price and a name of one tire purchase add-on changed at once both stay, each answer a version of its own',
      prepare: async () => {
        const tirePurchaseAddOnId = randomUUID();
        const created = await apiCall(t.app, {
          method: 'POST',
          path: apiPaths.tirePurchaseAddOns,
          ...storeAdmin(),
          body: { tirePurchaseAddOnId, category: 'Balancing', name: 'Balance', priceInCents: 1500 },
        });
        expect(created.statusCode).toBe(201);
        const at = path(apiPaths.tirePurchaseAddOn, { tirePurchaseAddOnId });
        const price = 1000 + Math.floor(Math.random() * 5000);
        return {
          target: { tirePurchaseAddOnId, price: String(price) },
          calls: [
            { method: 'PATCH', path: at, ...storeAdmin(), body: replace('priceInCents', price) },
            { method: 'PATCH', path: at, ...storeAdmin(), body: replace('name', 'Road force balance') },
          ],
        };
      },
      check: async ({ tirePurchaseAddOnId, price }, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const versions = answers.map((a) => a.json().version as number);
        expect(new Set(versions).size).toBe(2);
        const row = await t.db
          .selectFrom('tirePurchaseAddOns')
          .select(['priceInCents', 'name', 'version'])
          .where('tirePurchaseAddOnId', '=', tirePurchaseAddOnId!)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ priceInCents: Number(price), name: 'Road force balance', version: Math.max(...versions) });
        // Lock, then read: the later answer already holds the earlier change.
        expect(answers.find((a) => a.json().version === row.version)!.json()).toMatchObject({ priceInCents: Number(price), name: 'Road force balance' });
      },
    },
    {
      name: 'two prices of one store tire warranty set at once: the row keeps the one with the later version',
      prepare: async () => {
        const warranty = await t.db
          .selectFrom('storeTireWarranties')
          .select('storeTireWarrantyId')
          .where('storeId', '=', store)
          .where('type', '=', 'PromisePlus')
          .executeTakeFirstOrThrow();
        const at = path(apiPaths.storeTireWarranty, warranty);
        const [first, second] = [2000 + Math.floor(Math.random() * 1000), 3000 + Math.floor(Math.random() * 1000)];
        return {
          target: warranty,
          calls: [
            { method: 'PATCH', path: at, ...storeAdmin(), body: replace('priceInCents', first) },
            { method: 'PATCH', path: at, ...storeAdmin(), body: [...replace('priceInCents', second), ...replace('isEnabled', true)] },
          ],
        };
      },
      check: async ({ storeTireWarrantyId }, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const row = await t.db
          .selectFrom('storeTireWarranties')
          .select(['priceInCents', 'version'])
          .where('storeTireWarrantyId', '=', storeTireWarrantyId!)
          .executeTakeFirstOrThrow();
        const latest = answers.map((a) => a.json() as { priceInCents: number; version: number }).sort((a, b) => b.version - a.version)[0]!;
        expect(row).toEqual({ priceInCents: latest.priceInCents, version: latest.version });
      },
    },
    {
      name: 'two changes of different fields of one store location both stay',
      prepare: async () => {
        const at = apiPaths.storeLocation.replace(':id', String(store));
        const name = `Store ${randomUUID().slice(0, 8)}`;
        const close = `${String(12 + Math.floor(Math.random() * 10)).padStart(2, '0')}:30`;
        return {
          target: { name, close },
          calls: [
            { method: 'PATCH', path: at, ...storeAdmin(), body: { name } },
            { method: 'PATCH', path: at, ...storeAdmin(), body: { fridayCloseTime: close } },
          ],
        };
      },
      check: async ({ name, close }, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const row = await t.db.selectFrom('storeLocations').select(['name', 'fridayCloseTime']).where('id', '=', store).executeTakeFirstOrThrow();
        expect(row).toEqual({ name, fridayCloseTime: close });
      },
    },
    {
      name: 'two special days for one date at once: one is kept, the other refused as taken',
      prepare: async () => {
        const at = apiPaths.specialStoreHours.replace(':id', String(store));
        // A day of its own each round: a date taken in an earlier round would refuse both.
        specialDays += 1;
        const date = new Date(Date.UTC(2030, 0, specialDays)).toISOString().slice(0, 10);
        const day = () => ({ specialStoreHoursId: randomUUID(), date, isClosed: true, openTime: null, closeTime: null, description: null });
        return {
          target: { date },
          calls: [
            { method: 'POST', path: at, ...storeAdmin(), body: day() },
            { method: 'POST', path: at, ...storeAdmin(), body: day() },
          ],
        };
      },
      check: async ({ date }, answers) => {
        expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
        expect(answers.find((a) => a.statusCode === 409)!.json().errors.date).toEqual(['Already has special hours']);
        const rows = await t.db.selectFrom('specialStoreHours').select('date').where('storeLocationId', '=', store).where('date', '=', date!).execute();
        expect(rows).toHaveLength(1);
      },
    },
    {
      name: 'two assign-to-technician actions on one resource at once move each appointment once',
      prepare: async () => {
        const resource = await t.db
          .selectFrom('schedulerResources')
          .select(['schedulerResourceId', 'assignedTechnicianId'])
          .where('storeId', '=', store)
          .where('assignedTechnicianId', 'is not', null)
          .orderBy('sortOrder')
          .executeTakeFirstOrThrow();
        // Clear the coming appointments' technicians so the action has work to do.
        await t.db
          .updateTable('scheduledServices')
          .set({ selectedTechnician: null })
          .where('resourceId', '=', resource.schedulerResourceId)
          .where('startDate', '>=', new Date(Date.now() + 3_600_000).toISOString())
          .execute();
        const at = apiPaths.assignResourceTechnician.replace(':schedulerResourceId', resource.schedulerResourceId);
        return {
          target: { resourceId: resource.schedulerResourceId },
          calls: [
            { method: 'POST', path: at, ...storeAdmin() },
            { method: 'POST', path: at, ...storeAdmin() },
          ],
        };
      },
      check: async ({ resourceId }, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const moved = answers.map((a) => a.json().moved as number).sort((a, b) => a - b);
        expect(moved[0]).toBe(0);
        expect(moved[1]).toBeGreaterThan(0);
        const versions = await t.db.selectFrom('scheduledServices').select('version').where('resourceId', '=', resourceId!).execute();
        expect(new Set(versions.map((v) => v.version)).size).toBe(versions.length);
      },
    },
    ...(
      [
        ['customer', () => ({ path: apiPaths.customers, body: newCustomer() }), 'customers', 'customerId'],
        [
          'message to support',
          () => ({ path: apiPaths.supportRequests, body: { supportRequestId: randomUUID(), subject: 'Printer', message: 'It jams.', callbackPhone: null } }),
          'supportRequests',
          'supportRequestId',
        ],
      ] as const
    ).map(
      ([what, make, table, id]): WriteRace<Record<string, string>> => ({
        name: `a ${what} created twice at once with one Idempotency-Key answers 201 twice with one row`,
        prepare: async () => {
          const { path: at, body } = make();
          const key = `twin-${randomUUID()}`;
          const call = { method: 'POST' as const, path: at, ...user(), body, headers: keyed(key) };
          return { target: { id: String((body as Record<string, unknown>)[id]) }, calls: [call, call] };
        },
        check: async (target, answers) => {
          expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
          expect(answers[0]!.json()).toEqual(answers[1]!.json());
          const rows = await t.db
            .selectFrom(table)
            .select('version')
            .where(id as never, '=', target.id as never)
            .execute();
          expect(rows).toHaveLength(1);
        },
      }),
    ),
    {
      name: "one visit's inspection started on two devices at once is one report, answered to both",
      prepare: async () => {
        const visit = await uninspectedVisit();
        const report = () => newReport(visit);
        return {
          target: { scheduledVisitId: visit.scheduledVisitId },
          calls: [
            { method: 'POST', path: apiPaths.inspectionReports, ...user(), body: report() },
            { method: 'POST', path: apiPaths.inspectionReports, ...user(), body: report() },
          ],
        };
      },
      check: async ({ scheduledVisitId }, answers) => {
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
        const rows = await t.db.selectFrom('inspectionReports').select('inspectionReportId').where('scheduledVisitId', '=', scheduledVisitId!).execute();
        expect(rows).toHaveLength(1);
      },
    },
    {
      name: 'two items of one inspection saved at once both stay',
      prepare: async () => {
        const report = newReport(await uninspectedVisit());
        expect((await apiCall(t.app, { method: 'POST', path: apiPaths.inspectionReports, ...user(), body: report })).statusCode).toBe(201);
        const [a, b] = report.groups[0]!.items;
        const item = (itemId: string) => path(apiPaths.inspectionItem, { inspectionReportId: report.inspectionReportId, itemId });
        return {
          target: { inspectionReportId: report.inspectionReportId },
          calls: [
            { method: 'PUT', path: item(a!.itemId), ...user(), body: { status: 'Passed', notes: null, measurement: 7 } },
            { method: 'PUT', path: item(b!.itemId), ...user(), body: { status: 'Warning', notes: null, measurement: 4 } },
          ],
        };
      },
      check: async ({ inspectionReportId }, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
        const rows = await t.db.selectFrom('inspectionItems').select('status').where('inspectionReportId', '=', inspectionReportId!).execute();
        expect(rows.map((r) => r.status).sort()).toEqual(['Passed', 'Warning']);
      },
    },
    {
      name: 'the same piece of a photo sent twice at once is stored once',
      prepare: async () => {
        const report = newReport(await uninspectedVisit());
        expect((await apiCall(t.app, { method: 'POST', path: apiPaths.inspectionReports, ...user(), body: report })).statusCode).toBe(201);
        const inspectionPhotoId = randomUUID();
        expect(
          (
            await apiCall(t.app, {
              method: 'POST',
              path: apiPaths.inspectionPhotos,
              ...user(),
              body: {
                inspectionPhotoId,
                inspectionReportId: report.inspectionReportId,
                itemId: report.groups[0]!.items[0]!.itemId,
                contentType: 'image/jpeg',
                byteSize: 100_000,
                width: 40,
                height: 30,
                takenAt: '2030-06-03T15:00:00.000Z',
              },
            })
          ).statusCode,
        ).toBe(201);
        const piece = {
          method: 'PUT' as const,
          path: path(apiPaths.inspectionPhotoContent, { inspectionPhotoId }),
          ...user(),
          body: Buffer.alloc(50_000, 7),
          headers: { 'content-type': 'application/octet-stream', 'content-range': 'bytes 0-49999/100000' },
        };
        return { target: { inspectionPhotoId }, calls: [piece, piece] };
      },
      check: async ({ inspectionPhotoId }, answers) => {
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        const held = await t.db
          .selectFrom('inspectionPhotoContents')
          .select('received')
          .where('inspectionPhotoId', '=', inspectionPhotoId!)
          .executeTakeFirstOrThrow();
        const pieces = await t.db
          .selectFrom('inspectionPhotoPieces')
          .select(['startByte', 'bytes'])
          .where('inspectionPhotoId', '=', inspectionPhotoId!)
          .execute();
        expect([held.received, pieces.map((p) => [p.startByte, p.bytes.length])]).toEqual([50_000, [[0, 50_000]]]);
      },
    },
    {
      name: 'three moves of one appointment at once converge on one of them, start, end and column together',
      prepare: async () => {
        const resources = (
          await t.db
            .selectFrom('schedulerResources')
            .select('schedulerResourceId')
            .where('storeId', '=', store)
            .where('deleted', '=', false)
            .orderBy('sortOrder')
            .execute()
        ).map((r) => r.schedulerResourceId);
        const scheduledVisitId = randomUUID();
        const scheduledServiceId = randomUUID();
        expect(
          (
            await apiCall(t.app, {
              method: 'POST',
              path: apiPaths.scheduledVisits,
              ...user(),
              body: {
                scheduledVisitId,
                scheduledVisitHashId: newHashId(),
                customerId: null,
                vehicleId: null,
                customerVehicleStatus: null,
                description: 'Race',
                staffNotes: null,
                customerComments: null,
                keyTag: null,
                visitAppointmentCount: 1,
                scheduledCustomerCheckIn: null,
                pickUpTime: null,
              },
            })
          ).statusCode,
        ).toBe(201);
        expect(
          (
            await apiCall(t.app, {
              method: 'POST',
              path: path(apiPaths.scheduledServices, { scheduledVisitId }),
              ...user(),
              body: {
                scheduledServiceId,
                storeServiceId: null,
                resourceId: resources[0],
                startDate: '2031-01-06T15:00:00.000Z',
                endDate: '2031-01-06T16:00:00.000Z',
                durationInMinutes: 60,
                serviceNotes: null,
                selectedTechnician: null,
              },
            })
          ).statusCode,
        ).toBe(201);
        const at = path(apiPaths.scheduledService, { scheduledVisitId, scheduledServiceId });
        const move = (resourceId: string, startDate: string) => ({
          method: 'PATCH' as const,
          path: at,
          ...user(),
          body: [
            { op: 'replace', path: '/resourceId', value: resourceId },
            { op: 'replace', path: '/startDate', value: startDate },
          ],
        });
        return {
          target: { scheduledServiceId },
          calls: [
            move(resources[1]!, '2031-01-06T17:00:00.000Z'),
            move(resources[2]!, '2031-01-06T18:15:00.000Z'),
            { method: 'PATCH', path: at, ...user(), body: [{ op: 'replace', path: '/durationInMinutes', value: 90 }] },
          ],
        };
      },
      check: async ({ scheduledServiceId }, answers) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
        const row = await t.db
          .selectFrom('scheduledServices')
          .select(['resourceId', 'startDate', 'endDate', 'durationInMinutes'])
          .where('scheduledServiceId', '=', scheduledServiceId!)
          .executeTakeFirstOrThrow();
        const moves = answers.slice(0, 2).map((a) => a.json() as { resourceId: string; startDate: string });
        expect(moves.map((m) => [m.resourceId, m.startDate])).toContainEqual([row.resourceId, row.startDate]);
        // The resize keeps its duration whichever move came last, and the end always agrees with both.
        expect(row.durationInMinutes).toBe(90);
        expect(Date.parse(row.endDate) - Date.parse(row.startDate)).toBe(90 * 60_000);
      },
    },
    {
      name: 'two customers with one phone created at once on two counters are offered as one person',
      prepare: async () => {
        const phone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
        const [a, b] = [
          { ...newCustomer(), firstName: 'Ada', lastName: 'Twinning', phoneNumber: phone },
          { ...newCustomer(), firstName: 'Bea', lastName: 'Otherly', phoneNumber: phone },
        ];
        return {
          target: { a: a.customerId, b: b.customerId },
          calls: [
            { method: 'POST', path: apiPaths.customers, ...user(), body: a },
            { method: 'POST', path: apiPaths.customers, ...user(), body: b },
          ],
        };
      },
      check: async ({ a, b }, answers) => {
        expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
        const [first, second] = [a!, b!].sort();
        const pairs = await t.db
          .selectFrom('customerDuplicateCandidates')
          .select(['customerId', 'otherCustomerId'])
          .where('customerId', '=', first!)
          .where('otherCustomerId', '=', second!)
          .execute();
        expect(pairs).toHaveLength(1);
      },
    },
    {
      name: 'a request declined from two devices at once is declined once, its customer emailed once',
      prepare: async () => {
        // A fresh request each round, copied from one of the store's.
        const seeded = await t.db
          .selectFrom('unconfirmedVisits')
          .selectAll()
          .where('storeId', '=', store)
          .where('confirmedVisitId', 'is', null)
          .orderBy('unconfirmedVisitId')
          .executeTakeFirstOrThrow();
        const request = await t.db
          .insertInto('unconfirmedVisits')
          .values({
            ...seeded,
            unconfirmedVisitId: randomUUID(),
            email: `declined-${randomUUID()}@example.com`,
            preferredContactMethod: 'Email',
            declinedOn: null,
            declineReason: null,
          })
          .returning(['unconfirmedVisitId', 'email'])
          .executeTakeFirstOrThrow();
        const at = path(apiPaths.declineUnconfirmedVisit, { unconfirmedVisitId: request.unconfirmedVisitId });
        return {
          target: { unconfirmedVisitId: request.unconfirmedVisitId, email: request.email! },
          calls: [
            { method: 'POST', path: at, ...user(), body: { reason: 'We are closed that day.' } },
            { method: 'POST', path: at, ...user(), body: { reason: 'That time is fully booked.' } },
          ],
        };
      },
      check: async ({ unconfirmedVisitId, email }, answers) => {
        expect(
          answers.map((a) => a.statusCode),
          answers[0]!.body,
        ).toEqual([200, 200]);
        const row = await t.db
          .selectFrom('unconfirmedVisits')
          .select(['declineReason'])
          .where('unconfirmedVisitId', '=', unconfirmedVisitId!)
          .executeTakeFirstOrThrow();
        expect(answers.map((a) => a.json().declineReason)).toEqual([row.declineReason, row.declineReason]);
        const sent = await t.db.selectFrom('outboundMessages').select('body').where('toAddress', '=', email!).execute();
        expect(sent).toHaveLength(1);
        expect(sent[0]!.body).toContain(row.declineReason!);
      },
    },
  ];

  it.each(races.map((race) => [race.name, race]))('%s', async (_name, race) => {
    await runRace(t.app, race);
  });
});
