import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { defaultInspectionGroups } from '../../src/domain/inspections/inspection-template.ts';
import { inspectionMutations } from '../../workers/inspection-mutations.ts';
import { apiCall } from '../support/api.ts';
import { createDevice, syncTestEnvironment, type Device } from '../support/sync-harness.ts';
import { mintAccessToken } from '../support/tokens.ts';

const env = syncTestEnvironment();
const db = () => env.server.database.db;
const outbox = (d: Device) => d.db.outbox.orderBy('seq').toArray();

/** A technician's synced device with a finished inspection of an open visit, on the server, whose customer prefers calls. */
async function finishedReportOfACaller(): Promise<{ bay: Device; reportId: string; customerId: string }> {
  const token = await mintAccessToken(db(), 'tech@demo.test', env.server.publicUrl);
  const bay = env.track(createDevice({ serverUrl: env.server.url, storeId: env.store, token }));
  await bay.engine.pull();
  const visit = (await bay.db
    .collection('scheduledVisits')
    .filter((v) => v.customerId !== null && v.cancelDate === null && v.checkOutDate === null && v.inspectionReportId === null)
    .first())!;
  const customerId = String(visit.customerId);
  await db().updateTable('customers').set({ preferredContactMethod: 'Phone', email: null }).where('customerId', '=', customerId).execute();
  await db().updateTable('storeLocations').set({ inspectionReportLinkEnabled: true }).where('id', '=', env.store).execute();
  const reportId = String(visit.scheduledVisitId);
  await bay.engine.mutate(
    inspectionMutations.startInspection(env.store, {
      inspectionReportId: reportId,
      scheduledVisitId: reportId,
      vehicleId: (visit.vehicleId as string | null) ?? null,
      technicianId: null,
      groups: defaultInspectionGroups(() => randomUUID()),
      startedAt: '2026-11-04T15:00:00.000Z',
    }),
  );
  await bay.engine.mutate(inspectionMutations.completeInspection(reportId, '2026-11-04T15:20:00.000Z'));
  expect(await bay.push()).toMatchObject({ sent: 2, failed: 0 });
  return { bay, reportId, customerId };
}
const serverReport = (reportId: string) =>
  db().selectFrom('inspectionReports').select(['sentAt', 'completedAt']).where('inspectionReportId', '=', reportId).executeTakeFirstOrThrow();

describe("the bay's send of a report to the customer (issue 46 item 3)", () => {
  it("reads as sent only once the server sent it; refused, it is kept with the server's reason and holds back nothing of the report", async () => {
    const { bay, reportId } = await finishedReportOfACaller();
    expect(await bay.engine.mutate(inspectionMutations.sendReport(reportId))).toBe(true);
    // Queued is not sent: the device shows no sending time before the server's answer.
    expect(await bay.db.collection('inspectionReports').get(reportId)).toMatchObject({ sentAt: null });
    // A second tap while it waits sends once.
    expect(await bay.engine.mutate(inspectionMutations.sendReport(reportId))).toBe(false);
    expect(await outbox(bay)).toHaveLength(1);

    expect(await bay.push()).toMatchObject({ sent: 0, failed: 1 });
    const [refused] = await outbox(bay);
    expect(refused).toMatchObject({ status: 'failed', serverAction: true, problem: { status: 409 } });
    expect(refused!.problem!.detail).toContain('The customer asked for calls');
    expect(refused!.problem!.detail).toContain('Ask the front counter to call the customer');
    expect(await bay.db.collection('inspectionReports').get(reportId)).toMatchObject({ sentAt: null });
    expect((await serverReport(reportId)).sentAt).toBeNull();

    // The technician reopens the inspection and completes it again: neither waits behind the refused send.
    await bay.engine.mutate(inspectionMutations.completeInspection(reportId, null));
    expect(await bay.push()).toMatchObject({ sent: 1 });
    expect((await serverReport(reportId)).completedAt).toBeNull();
    await bay.engine.mutate(inspectionMutations.completeInspection(reportId, '2026-11-04T15:40:00.000Z'));
    expect(await bay.push()).toMatchObject({ sent: 1 });
    // And a change of the report made elsewhere reaches the device while the refusal is kept.
    const techId = (await db().selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow()).userId;
    const assigned = await apiCall(env.server.app, {
      method: 'PATCH',
      path: apiPaths.inspectionReport.replace(':inspectionReportId', reportId),
      token: env.token,
      store: env.store,
      body: [{ op: 'replace', path: '/technicianId', value: techId }],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await bay.engine.pull();
    expect(await bay.db.collection('inspectionReports').get(reportId)).toMatchObject({ technicianId: techId, completedAt: '2026-11-04T15:40:00.000Z' });
    expect((await outbox(bay)).map((e) => e.status)).toEqual(['failed']);
  });

  it('goes when sent again after the counter fixed what refused it, in place of the refusal, and not twice within ten minutes', async () => {
    const { bay, reportId, customerId } = await finishedReportOfACaller();
    await bay.engine.mutate(inspectionMutations.sendReport(reportId));
    await bay.push();
    expect((await outbox(bay)).map((e) => e.status)).toEqual(['failed']);

    await db()
      .updateTable('customers')
      .set({ preferredContactMethod: 'Email', email: 'report.reader@example.com' })
      .where('customerId', '=', customerId)
      .execute();
    expect(await bay.engine.mutate(inspectionMutations.sendReport(reportId))).toBe(true);
    expect((await outbox(bay)).map((e) => e.status)).toEqual(['pending']);
    expect(await bay.push()).toMatchObject({ sent: 1, failed: 0 });
    expect(await outbox(bay)).toEqual([]);
    const { sentAt } = await serverReport(reportId);
    expect(sentAt).not.toBeNull();
    expect(await bay.db.collection('inspectionReports').get(reportId)).toMatchObject({ sentAt });

    const aMinuteLater = new Date(Date.parse(sentAt!) + 60_000);
    await expect(bay.engine.mutate(inspectionMutations.sendReport(reportId, aMinuteLater))).rejects.toThrow(
      'The report was sent 1 minutes ago: wait before sending it again, or call the customer.',
    );
  });

  it('leaves the report as it was when the refusal is dismissed', async () => {
    const { bay, reportId } = await finishedReportOfACaller();
    await bay.engine.mutate(inspectionMutations.sendReport(reportId));
    await bay.push();
    const before = await bay.db.collection('inspectionReports').get(reportId);
    const [refused] = await outbox(bay);
    await bay.engine.discard(refused!.seq!);
    expect(await outbox(bay)).toEqual([]);
    expect(await bay.db.collection('inspectionReports').get(reportId)).toEqual(before);
  });
});
