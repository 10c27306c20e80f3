import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { InspectionReport, InspectionTemplateGroup } from '../../src/contract/entities.ts';
import type { PublicInspectionReport } from '../../src/contract/inspection-report.ts';
import type { PublicWorkOrder } from '../../src/contract/work-order.ts';
import { activeStoreHeader, apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { defaultInspectionGroups } from '../../src/domain/inspections/inspection-template.ts';
import { notCheckedIn } from '../../src/domain/scheduler/visit-rules.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));
let t: TestApp;
let stores: Record<number, number>;
let tech: string;
let lead: string;
let user: string;
let techId: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  stores = await demoStoreIds(t.db);
  tech = await accessTokenFor(t.app, 'tech@demo.test');
  lead = await accessTokenFor(t.app, 'lead@demo.test');
  user = await accessTokenFor(t.app, 'user@demo.test');
  techId = (await t.db.selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow()).userId;
});
afterAll(async () => {
  await t.close();
});

const path = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);
const as = (token: string) => ({ token, store: stores[101] });

/** A live, uncanceled visit of store #101 with a vehicle and no inspection yet. */
async function openVisit(skip = 0) {
  const visits = await t.db
    .selectFrom('scheduledVisits')
    .select(['scheduledVisitId', 'scheduledVisitHashId', 'vehicleId'])
    .where('storeId', '=', stores[101]!)
    .where('cancelDate', 'is', null)
    .where('checkOutDate', 'is', null)
    .where('vehicleId', 'is not', null)
    .where('inspectionReportId', 'is', null)
    .where('deleted', '=', false)
    .orderBy('scheduledVisitId')
    .limit(skip + 1)
    .execute();
  return visits[skip]!;
}

async function startReport(groups: InspectionTemplateGroup[] = defaultInspectionGroups(() => randomUUID())) {
  const visit = await openVisit();
  const body = {
    inspectionReportId: visit.scheduledVisitId,
    scheduledVisitId: visit.scheduledVisitId,
    vehicleId: visit.vehicleId,
    technicianId: techId,
    groups,
    startedAt: clock.now().toISOString(),
  };
  const answer = await apiCall(t.app, { method: 'POST', path: apiPaths.inspectionReports, ...as(tech), body });
  expect(answer.statusCode, answer.body).toBe(201);
  // The technician never holds the report's public id (whoever does can sign for the customer); the server made one.
  expect(answer.json<InspectionReport>().inspectionReportHashId).toBeNull();
  const { inspectionReportHashId } = await t.db
    .selectFrom('inspectionReports')
    .select('inspectionReportHashId')
    .where('inspectionReportId', '=', body.inspectionReportId)
    .executeTakeFirstOrThrow();
  expect(inspectionReportHashId).toMatch(/^[\w-]{22}$/);
  return { report: { ...answer.json<InspectionReport>(), inspectionReportHashId }, visit, items: groups.flatMap((g) => g.items) };
}
const saveItem = (token: string, inspectionReportId: string, itemId: string, body: unknown) =>
  apiCall(t.app, { method: 'PUT', path: path(apiPaths.inspectionItem, { inspectionReportId, itemId }), ...as(token), body });
const uploadChunk = (inspectionPhotoId: string, bytes: Buffer, start: number, total: number) =>
  t.app.inject({
    method: 'PUT',
    url: withApiVersion(path(apiPaths.inspectionPhotoContent, { inspectionPhotoId })),
    headers: {
      authorization: `Bearer ${tech}`,
      [activeStoreHeader]: String(stores[101]),
      'content-type': 'application/octet-stream',
      'content-range': `bytes ${start}-${start + bytes.length - 1}/${total}`,
    },
    payload: bytes,
  });

describe('an inspection in the bay', () => {
  it("is started by the technician from the store's template, linked to its visit, with each item's result its own row", async () => {
    const { report, visit, items } = await startReport();
    expect(report.vehicleId).toBe(visit.vehicleId);
    const linked = await t.db
      .selectFrom('scheduledVisits')
      .select('inspectionReportId')
      .where('scheduledVisitId', '=', visit.scheduledVisitId)
      .executeTakeFirstOrThrow();
    expect(linked.inspectionReportId).toBe(report.inspectionReportId);
    const tread = items.find((i) => i.measurement === 'treadDepth32nds')!;
    const battery = items.find((i) => i.name === 'Battery')!;
    expect((await saveItem(tech, report.inspectionReportId, tread.itemId, { status: 'Warning', notes: null, measurement: 4 })).statusCode).toBe(201);
    expect(
      (await saveItem(tech, report.inspectionReportId, battery.itemId, { status: 'Failed', notes: 'Fails the load test', measurement: null })).statusCode,
    ).toBe(201);
    const again = await saveItem(tech, report.inspectionReportId, tread.itemId, { status: 'Warning', notes: 'Inner edge worn', measurement: 4 });
    expect(again.statusCode).toBe(200);
    const rows = await t.db.selectFrom('inspectionItems').selectAll().where('inspectionReportId', '=', report.inspectionReportId).execute();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.itemId === tread.itemId)).toMatchObject({ status: 'Warning', notes: 'Inner edge worn', measurement: 4 });
  });

  it("is one per visit: started on a second device, it answers the first device's report, and results from both join it", async () => {
    const { report, items } = await startReport();
    const again = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.inspectionReports,
      ...as(lead),
      body: {
        inspectionReportId: report.scheduledVisitId,
        scheduledVisitId: report.scheduledVisitId,
        vehicleId: report.vehicleId,
        technicianId: null,
        groups: report.groups,
        startedAt: clock.now().toISOString(),
      },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<InspectionReport>()).toMatchObject({ inspectionReportId: report.inspectionReportId, inspectionReportHashId: null, technicianId: techId });
    expect((await saveItem(lead, report.inspectionReportId, items[0]!.itemId, { status: 'Passed', notes: null, measurement: 6 })).statusCode).toBe(201);
    const other = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.inspectionReports,
      ...as(tech),
      body: {
        inspectionReportId: randomUUID(),
        scheduledVisitId: report.scheduledVisitId,
        vehicleId: null,
        technicianId: null,
        groups: report.groups,
        startedAt: clock.now().toISOString(),
      },
    });
    expect(other.statusCode).toBe(400);
  });

  it('refuses a result it cannot keep, with words the technician acts on, and stores nothing', async () => {
    const { report, items } = await startReport();
    const tread = items.find((i) => i.measurement === 'treadDepth32nds')!;
    const wipers = items.find((i) => i.measurement === 'none')!;
    const cases: [string, unknown, string, string][] = [
      [tread.itemId, { status: 'Passed', notes: null, measurement: 40 }, 'measurement', 'Enter a value from 0 to 32'],
      [wipers.itemId, { status: 'Passed', notes: null, measurement: 3 }, 'measurement', 'This item takes no measurement'],
    ];
    for (const [itemId, body, field, words] of cases) {
      const answer = await saveItem(tech, report.inspectionReportId, itemId, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([words]);
    }
    expect((await saveItem(tech, report.inspectionReportId, randomUUID(), { status: 'Passed', notes: null, measurement: null })).statusCode).toBe(404);
    expect(await t.db.selectFrom('inspectionItems').select('itemId').where('inspectionReportId', '=', report.inspectionReportId).execute()).toEqual([]);
  });

  it('is completed only once each item that failed or needs attention says what was found', async () => {
    const { report, items } = await startReport();
    const battery = items.find((i) => i.name === 'Battery')!;
    const wipers = items.find((i) => i.name === 'Wiper blades')!;
    await saveItem(tech, report.inspectionReportId, battery.itemId, { status: 'Failed', notes: null, measurement: null });
    await saveItem(tech, report.inspectionReportId, wipers.itemId, { status: 'Warning', notes: null, measurement: null });
    const complete = () =>
      apiCall(t.app, {
        method: 'PATCH',
        path: path(apiPaths.inspectionReport, { inspectionReportId: report.inspectionReportId }),
        ...as(tech),
        body: [{ op: 'replace', path: '/completedAt', value: clock.now().toISOString() }],
      });
    const refused = await complete();
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.completedAt).toEqual([
      'Say what was found for Battery, Wiper blades: a note, a measurement or a photo',
    ]);
    await saveItem(tech, report.inspectionReportId, battery.itemId, { status: 'Failed', notes: 'Fails the load test', measurement: null });
    await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.inspectionPhotos,
      ...as(tech),
      body: {
        inspectionPhotoId: randomUUID(),
        inspectionReportId: report.inspectionReportId,
        itemId: wipers.itemId,
        contentType: 'image/jpeg',
        byteSize: 10,
        width: 4,
        height: 3,
        takenAt: clock.now().toISOString(),
      },
    });
    expect((await complete()).statusCode).toBe(200);
  });

  it("takes a photo's bytes in pieces, goes on where a broken upload stopped, and never stores a piece twice", async () => {
    const { report, items } = await startReport();
    const bytes = randomBytes(150_000);
    const photo = {
      inspectionPhotoId: randomUUID(),
      inspectionReportId: report.inspectionReportId,
      itemId: items[0]!.itemId,
      contentType: 'image/jpeg',
      byteSize: bytes.length,
      width: 1600,
      height: 1200,
      takenAt: clock.now().toISOString(),
    };
    expect((await apiCall(t.app, { method: 'POST', path: apiPaths.inspectionPhotos, ...as(tech), body: photo })).statusCode).toBe(201);
    expect((await uploadChunk(photo.inspectionPhotoId, bytes.subarray(0, 64_000), 0, bytes.length)).json()).toEqual({ received: 64_000, complete: false });
    // The same piece again (its answer was lost): refused with where to go on, not stored twice.
    const twice = await uploadChunk(photo.inspectionPhotoId, bytes.subarray(0, 64_000), 0, bytes.length);
    expect(twice.statusCode).toBe(409);
    expect(twice.headers['upload-offset']).toBe('64000');
    const rest = await uploadChunk(photo.inspectionPhotoId, bytes.subarray(64_000), 64_000, bytes.length);
    expect(rest.json()).toEqual({ received: bytes.length, complete: true });
    const stored = await t.db
      .selectFrom('inspectionPhotos')
      .select('uploadedAt')
      .where('inspectionPhotoId', '=', photo.inspectionPhotoId)
      .executeTakeFirstOrThrow();
    expect(stored.uploadedAt).toBe(clock.now().toISOString());
    const content = await t.app.inject({
      method: 'GET',
      url: withApiVersion(path(apiPaths.inspectionPhotoContent, { inspectionPhotoId: photo.inspectionPhotoId })),
      headers: { authorization: `Bearer ${user}`, [activeStoreHeader]: String(stores[101]) },
    });
    expect(content.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(content.rawPayload, bytes)).toBe(0);
    expect((await uploadChunk(photo.inspectionPhotoId, bytes.subarray(0, 10), 0, bytes.length + 1)).statusCode).toBe(400);
    expect((await uploadChunk(photo.inspectionPhotoId, bytes.subarray(0, 20), bytes.length - 10, bytes.length)).statusCode).toBe(400);
  });

  it('takes pieces of at least 32 KiB but the last, and as many photos as its quota: 10 an item, 40 an inspection', async () => {
    const { report, items } = await startReport();
    const add = (itemId: string, byteSize = 200_000) =>
      apiCall(t.app, {
        method: 'POST',
        path: apiPaths.inspectionPhotos,
        ...as(tech),
        body: {
          inspectionPhotoId: randomUUID(),
          inspectionReportId: report.inspectionReportId,
          itemId,
          contentType: 'image/jpeg',
          byteSize,
          width: 1600,
          height: 1200,
          takenAt: clock.now().toISOString(),
        },
      });
    const first = await add(items[0]!.itemId);
    const { inspectionPhotoId } = first.json<{ inspectionPhotoId: string }>();
    const tiny = await uploadChunk(inspectionPhotoId, randomBytes(1000), 0, 200_000);
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json<{ detail: string }>().detail).toContain('pieces of at least 32 KiB');

    for (let i = 1; i < 10; i++) expect((await add(items[0]!.itemId)).statusCode).toBe(201);
    const eleventh = await add(items[0]!.itemId);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json<{ detail: string }>().detail).toBe('This item already has 10 photos, the most one item takes.');
    for (let i = 0; i < 30; i++) expect((await add(items[1 + Math.floor(i / 10)]!.itemId)).statusCode).toBe(201);
    expect((await add(items[5]!.itemId)).json<{ detail: string }>().detail).toBe('This inspection already has 40 photos, the most one inspection takes.');
    const count = await t.db.selectFrom('inspectionPhotos').select('inspectionPhotoId').where('inspectionReportId', '=', report.inspectionReportId).execute();
    expect(count).toHaveLength(40);
  });
});

describe("the customer's inspection report", () => {
  it("is public once complete: Failed first, then Warning, then Passed, with photos and the store's contact, nothing of staff", async () => {
    const { report, items } = await startReport();
    const [a, b, c] = items;
    await saveItem(tech, report.inspectionReportId, a!.itemId, { status: 'Passed', notes: null, measurement: 8 });
    await saveItem(tech, report.inspectionReportId, b!.itemId, { status: 'Warning', notes: null, measurement: 3 });
    await saveItem(tech, report.inspectionReportId, c!.itemId, { status: 'Failed', notes: null, measurement: 2 });
    const url = withApiVersion(path(apiPaths.publicInspectionReport, { inspectionReportHashId: report.inspectionReportHashId }));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await apiCall(t.app, {
      method: 'PATCH',
      path: path(apiPaths.inspectionReport, { inspectionReportId: report.inspectionReportId }),
      ...as(tech),
      body: [{ op: 'replace', path: '/completedAt', value: clock.now().toISOString() }],
    });
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    const shown = answer.json<PublicInspectionReport>();
    expect(shown.lines.map((l) => [l.itemId, l.status])).toEqual([
      [c!.itemId, 'Failed'],
      [b!.itemId, 'Warning'],
      [a!.itemId, 'Passed'],
    ]);
    expect(shown.store.phoneNumber).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    expect(JSON.stringify(shown)).not.toMatch(/demo\.test|Theo|technician|customerId|scheduledVisitId/i);
    const wrong = await t.app.inject({
      method: 'GET',
      url: withApiVersion(path(apiPaths.publicInspectionReport, { inspectionReportHashId: 'NoSuchReportNoSuchRe' })),
    });
    expect(wrong.json<{ detail: string }>().detail).toContain('no inspection report at this address');
  });

  it("takes the customer's approvals and declines of what failed or needs attention, signed with their name", async () => {
    const { report, items } = await startReport();
    const [a, b, c] = items;
    await saveItem(tech, report.inspectionReportId, a!.itemId, { status: 'Passed', notes: null, measurement: 8 });
    await saveItem(tech, report.inspectionReportId, b!.itemId, { status: 'Warning', notes: null, measurement: 3 });
    await saveItem(tech, report.inspectionReportId, c!.itemId, { status: 'Failed', notes: null, measurement: 2 });
    await apiCall(t.app, {
      method: 'PATCH',
      path: path(apiPaths.inspectionReport, { inspectionReportId: report.inspectionReportId }),
      ...as(tech),
      body: [{ op: 'replace', path: '/completedAt', value: clock.now().toISOString() }],
    });
    const url = withApiVersion(path(apiPaths.publicInspectionDecisions, { inspectionReportHashId: report.inspectionReportHashId }));
    const onPassed = await t.app.inject({ method: 'POST', url, payload: { name: 'Dana Whitfield', decisions: [{ itemId: a!.itemId, decision: 'Approved' }] } });
    expect(onPassed.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url, payload: { name: ' ', decisions: [{ itemId: c!.itemId, decision: 'Approved' }] } });
    expect(unsigned.json<{ errors: Record<string, string[]> }>().errors.name).toEqual(['Type your name to sign your answers']);
    const answered = await t.app.inject({
      method: 'POST',
      url,
      payload: {
        name: 'Dana Whitfield',
        decisions: [
          { itemId: c!.itemId, decision: 'Approved' },
          { itemId: b!.itemId, decision: 'Declined' },
        ],
      },
    });
    expect(answered.statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('inspectionItems')
      .select(['itemId', 'customerDecision'])
      .where('inspectionReportId', '=', report.inspectionReportId)
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.itemId, r.customerDecision]))).toEqual({
      [a!.itemId]: null,
      [b!.itemId]: 'Declined',
      [c!.itemId]: 'Approved',
    });
    const signed = await t.db
      .selectFrom('inspectionReports')
      .select(['approvedByName', 'approvedAt'])
      .where('inspectionReportId', '=', report.inspectionReportId)
      .executeTakeFirstOrThrow();
    expect(signed).toEqual({ approvedByName: 'Dana Whitfield', approvedAt: clock.now().toISOString() });
  });

  it('keeps a signed answer final: anyone with the link answering again is refused, and every signing and reopening is kept', async () => {
    const { report, items } = await startReport();
    const [warn, fail] = items;
    await saveItem(tech, report.inspectionReportId, warn!.itemId, { status: 'Warning', notes: 'Streaking', measurement: null });
    await saveItem(tech, report.inspectionReportId, fail!.itemId, { status: 'Failed', notes: 'Cracked', measurement: null });
    await apiCall(t.app, {
      method: 'PATCH',
      path: path(apiPaths.inspectionReport, { inspectionReportId: report.inspectionReportId }),
      ...as(tech),
      body: [{ op: 'replace', path: '/completedAt', value: clock.now().toISOString() }],
    });
    const url = withApiVersion(path(apiPaths.publicInspectionDecisions, { inspectionReportHashId: report.inspectionReportHashId }));
    const sign = (name: string, decisions: { itemId: string; decision: string }[]) => t.app.inject({ method: 'POST', url, payload: { name, decisions } });
    const itemsNow = async () =>
      Object.fromEntries(
        (
          await t.db
            .selectFrom('inspectionItems')
            .select(['itemId', 'customerDecision', 'decidedByName'])
            .where('inspectionReportId', '=', report.inspectionReportId)
            .execute()
        ).map((r) => [r.itemId, [r.customerDecision, r.decidedByName]]),
      );

    expect((await sign('Dana Whitfield', [{ itemId: fail!.itemId, decision: 'Declined' }])).statusCode).toBe(200);
    const overwrite = await sign('Someone Else', [
      { itemId: fail!.itemId, decision: 'Approved' },
      { itemId: warn!.itemId, decision: 'Approved' },
    ]);
    expect(overwrite.statusCode).toBe(409);
    expect(overwrite.json<{ detail: string }>().detail).toMatch(/was declined by Dana Whitfield on .*call the store to change it/);
    expect(await itemsNow()).toMatchObject({ [fail!.itemId]: ['Declined', 'Dana Whitfield'], [warn!.itemId]: [null, null] });
    // What is still open may be answered, by another signature: both are kept.
    expect((await sign('Sam Whitfield', [{ itemId: warn!.itemId, decision: 'Approved' }])).statusCode).toBe(200);

    // The customer called: the counter reopens the declined item, and it is answered again.
    const reopened = await apiCall(t.app, {
      method: 'POST',
      path: path(apiPaths.reopenInspectionDecision, { inspectionReportId: report.inspectionReportId, itemId: fail!.itemId }),
      ...as(user),
    });
    expect(reopened.statusCode).toBe(200);
    const byTech = await apiCall(t.app, {
      method: 'POST',
      path: path(apiPaths.reopenInspectionDecision, { inspectionReportId: report.inspectionReportId, itemId: warn!.itemId }),
      ...as(tech),
    });
    expect(byTech.statusCode).toBe(403);
    expect((await sign('Dana Whitfield', [{ itemId: fail!.itemId, decision: 'Approved' }])).statusCode).toBe(200);

    const stored = await t.db
      .selectFrom('inspectionReports')
      .select(['approvedByName', 'decisionLog'])
      .where('inspectionReportId', '=', report.inspectionReportId)
      .executeTakeFirstOrThrow();
    expect(stored.approvedByName).toBe('Dana Whitfield');
    expect(
      stored.decisionLog.map((e) =>
        e.kind === 'signed' ? `${e.name} signed ${e.decisions.map((d) => d.decision).join(',')}` : `${e.name} reopened, was ${e.was}`,
      ),
    ).toEqual(['Dana Whitfield signed Declined', 'Sam Whitfield signed Approved', 'Uma User reopened, was Declined', 'Dana Whitfield signed Approved']);
    expect(await itemsNow()).toMatchObject({ [fail!.itemId]: ['Approved', 'Dana Whitfield'], [warn!.itemId]: ['Approved', 'Sam Whitfield'] });
  });

  it("is sent by link with the store's InspectionReport words once complete, where the store sends report links", async () => {
    const { report, visit } = await startReport();
    const send = () =>
      apiCall(t.app, { method: 'POST', path: path(apiPaths.sendInspectionReport, { inspectionReportId: report.inspectionReportId }), ...as(user) });
    expect((await send()).json<{ detail: string }>().detail).toContain('Complete the inspection before sending it');
    await apiCall(t.app, {
      method: 'PATCH',
      path: path(apiPaths.inspectionReport, { inspectionReportId: report.inspectionReportId }),
      ...as(tech),
      body: [{ op: 'replace', path: '/completedAt', value: clock.now().toISOString() }],
    });
    const { customerId } = await t.db
      .selectFrom('scheduledVisits')
      .select('customerId')
      .where('scheduledVisitId', '=', visit.scheduledVisitId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('customers')
      .set({ preferredContactMethod: 'Email', email: 'report.reader@example.com' })
      .where('customerId', '=', customerId!)
      .execute();
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<InspectionReport>().sentAt).toBe(clock.now().toISOString());
    const [message] = await t.db
      .selectFrom('storeMessages')
      .select(['templateType', 'content', 'email'])
      .where('visitId', '=', visit.scheduledVisitId)
      .where('templateType', '=', 'InspectionReport')
      .execute();
    expect(message).toMatchObject({ email: 'report.reader@example.com' });
    expect(message!.content).toContain(`/inspection-reports/${report.inspectionReportHashId}`);
    expect((await send()).json<{ detail: string }>().detail).toContain('The report was sent 1 minutes ago');
    clock.advance(11 * 60_000);

    await t.db.updateTable('storeLocations').set({ inspectionReportLinkEnabled: false }).where('id', '=', stores[101]!).execute();
    try {
      expect((await send()).json<{ detail: string }>().detail).toContain('does not send report links');
    } finally {
      await t.db.updateTable('storeLocations').set({ inspectionReportLinkEnabled: true }).where('id', '=', stores[101]!).execute();
    }
  });
});

describe('a visit through the bay', () => {
  it("refuses work on a car not checked in, then records work started at the device's time, complete and ready; check-out is the counter's", async () => {
    const visit = await openVisit(3);
    await t.db
      .updateTable('scheduledVisits')
      .set({ checkInDate: null, workStartDate: null, workCompleteDate: null, readyForPickupDate: null })
      .where('scheduledVisitId', '=', visit.scheduledVisitId)
      .execute();
    const step = (milestone: string, token: string, body: unknown = {}) =>
      apiCall(t.app, { method: 'POST', path: path(apiPaths.visitMilestone, { scheduledVisitId: visit.scheduledVisitId, milestone }), ...as(token), body });
    const twentyMinutesAgo = new Date(clock.now().getTime() - 1_200_000).toISOString();
    const tenMinutesAgo = new Date(clock.now().getTime() - 600_000).toISOString();
    for (const milestone of ['work-start', 'work-complete', 'ready-for-pickup']) {
      const refused = await step(milestone, tech, { at: tenMinutesAgo });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(notCheckedIn);
    }
    await t.db.updateTable('scheduledVisits').set({ checkInDate: twentyMinutesAgo }).where('scheduledVisitId', '=', visit.scheduledVisitId).execute();
    const started = await step('work-start', tech, { at: tenMinutesAgo });
    expect(started.json()).toMatchObject({ checkInDate: twentyMinutesAgo, workStartDate: tenMinutesAgo });
    expect((await step('work-start', tech, {})).json()).toMatchObject({ workStartDate: tenMinutesAgo });
    const future = new Date(clock.now().getTime() + 3_600_000).toISOString();
    expect((await step('work-complete', tech, { at: future })).json()).toMatchObject({ workCompleteDate: clock.now().toISOString() });
    expect((await step('ready-for-pickup', tech)).statusCode).toBe(200);
    expect((await step('check-out', tech)).statusCode).toBe(403);
    expect((await step('check-out', user)).json()).toMatchObject({ checkOutDate: clock.now().toISOString() });
    expect((await step('lunch-break', tech)).statusCode).toBe(400);
  });

  it("lets a technician take a job nobody has and give back their own, and only the lead move another's", async () => {
    const service = await t.db
      .selectFrom('scheduledServices')
      .select(['scheduledServiceId', 'scheduledVisitId'])
      .where('storeId', '=', stores[101]!)
      .where('deleted', '=', false)
      .orderBy('scheduledServiceId')
      .executeTakeFirstOrThrow();
    const at = path(apiPaths.scheduledService, service);
    const assign = (token: string, value: string | null) =>
      apiCall(t.app, { method: 'PATCH', path: at, ...as(token), body: [{ op: 'replace', path: '/selectedTechnician', value }] });
    const leadId = (await t.db.selectFrom('users').select('userId').where('email', '=', 'lead@demo.test').executeTakeFirstOrThrow()).userId;
    await t.db
      .updateTable('scheduledServices')
      .set({ selectedTechnician: null, resourceId: null })
      .where('scheduledServiceId', '=', service.scheduledServiceId)
      .execute();
    expect((await assign(tech, techId)).json()).toMatchObject({ selectedTechnician: techId });
    expect((await assign(lead, leadId)).json()).toMatchObject({ selectedTechnician: leadId });
    const refused = await assign(tech, techId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.selectedTechnician![0]).toContain('the lead technician moves the others');
    const otherColumn = await t.db
      .selectFrom('schedulerResources')
      .select('schedulerResourceId')
      .where('storeId', '=', stores[101]!)
      .where('assignedTechnicianId', 'is not', null)
      .where('assignedTechnicianId', '!=', techId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('scheduledServices')
      .set({ selectedTechnician: null, resourceId: otherColumn.schedulerResourceId })
      .where('scheduledServiceId', '=', service.scheduledServiceId)
      .execute();
    const taken = await assign(tech, techId);
    expect(taken.json<{ errors: Record<string, string[]> }>().errors.selectedTechnician).toEqual([
      "This job is on another technician's column; the lead technician moves it.",
    ]);
    const durationByTech = await apiCall(t.app, { method: 'PATCH', path: at, ...as(tech), body: [{ op: 'replace', path: '/durationInMinutes', value: 60 }] });
    expect(durationByTech.statusCode).toBe(400);
  });
});

describe('traction orders and the public work order', () => {
  it('list, find by invoice prefix and link to a visit at a store with a service key; a store without one answers 403', async () => {
    const list = (store: number, query = '') => apiCall(t.app, { method: 'GET', path: `${apiPaths.tractionOrders}${query}`, token: user, store });
    const orders = (await list(stores[101]!)).json<{ items: { tractionOrderId: string; invoiceNumber: string }[] }>().items;
    expect(orders.length).toBeGreaterThan(0);
    const found = (await list(stores[101]!, `?search="${orders[0]!.invoiceNumber.slice(0, 9)}"`)).json<{ items: { invoiceNumber: string }[] }>().items;
    expect(found.every((o) => o.invoiceNumber.startsWith(orders[0]!.invoiceNumber.slice(0, 9)))).toBe(true);
    const visit = await openVisit(5);
    const linked = await apiCall(t.app, {
      method: 'PATCH',
      path: path(apiPaths.tractionOrder, { tractionOrderId: orders[0]!.tractionOrderId }),
      token: user,
      store: stores[101],
      body: [{ op: 'replace', path: '/relatedVisitId', value: visit.scheduledVisitId }],
    });
    expect(linked.statusCode).toBe(200);
    const { tractionInvoiceNumber } = await t.db
      .selectFrom('scheduledVisits')
      .select('tractionInvoiceNumber')
      .where('scheduledVisitId', '=', visit.scheduledVisitId)
      .executeTakeFirstOrThrow();
    expect(tractionInvoiceNumber).toBe(orders[0]!.invoiceNumber);
    const elsewhere = await openVisit(7);
    await apiCall(t.app, {
      method: 'PATCH',
      path: path(apiPaths.tractionOrder, { tractionOrderId: orders[0]!.tractionOrderId }),
      token: user,
      store: stores[101],
      body: [{ op: 'replace', path: '/relatedVisitId', value: elsewhere.scheduledVisitId }],
    });
    const left = await t.db
      .selectFrom('scheduledVisits')
      .select('tractionInvoiceNumber')
      .where('scheduledVisitId', '=', visit.scheduledVisitId)
      .executeTakeFirstOrThrow();
    expect(left.tractionInvoiceNumber).toBeNull();
    const admin103 = await accessTokenFor(t.app, 'platform@demo.test');
    const refused = await apiCall(t.app, { method: 'GET', path: apiPaths.tractionOrders, token: admin103, store: stores[103] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toContain('no service key');
    expect((await apiCall(t.app, { method: 'GET', path: apiPaths.tractionOrders, token: tech, store: stores[101] })).statusCode).toBe(403);
  });

  it("shows a visit's work order by its public id: status, services and times, nothing of other customers", async () => {
    const visit = await openVisit(6);
    const answer = await t.app.inject({
      method: 'GET',
      url: withApiVersion(path(apiPaths.publicWorkOrder, { scheduledVisitHashId: visit.scheduledVisitHashId })),
    });
    expect(answer.statusCode).toBe(200);
    const order = answer.json<PublicWorkOrder>();
    expect(order.services.length).toBeGreaterThan(0);
    expect(['Not Arrived', 'Checked In', 'Service Started', 'Service Finished', 'Ready For Pickup', 'Unconfirmed']).toContain(order.status);
    expect(JSON.stringify(order)).not.toMatch(/@|customerId|firstName/);
    expect(
      (await t.app.inject({ method: 'GET', url: withApiVersion(path(apiPaths.publicWorkOrder, { scheduledVisitHashId: 'NoSuchVisitNoSuchVi' })) })).statusCode,
    ).toBe(404);
  });
});
