import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { defaultInspectionGroups } from '../../src/domain/inspections/inspection-template.ts';
import { reportSendPath } from '../../src/domain/inspections/inspections.ts';
import { apiCall } from '../support/api.ts';
import { postgresTestApp, storeStaff } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';

const path = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);

describe.skipIf(postgresUnavailable !== null)('sends to a customer on PostgreSQL, with concurrent callers (issue 46)', () => {
  const t = postgresTestApp();
  const staff = storeStaff(t);
  let used = 0;
  beforeAll(async () => {
    await t.db.updateTable('storeLocations').set({ inspectionReportLinkEnabled: true }).where('id', '=', staff.store).execute();
  });

  /** A finished report of an open visit whose customer is a company reached by email. */
  async function finishedReport(): Promise<{ inspectionReportId: string; customerId: string }> {
    const visit = await t.db
      .selectFrom('scheduledVisits')
      .select(['scheduledVisitId', 'vehicleId', 'customerId'])
      .where('storeId', '=', staff.store)
      .where('cancelDate', 'is', null)
      .where('checkOutDate', 'is', null)
      .where('customerId', 'is not', null)
      .where('inspectionReportId', 'is', null)
      .where('deleted', '=', false)
      .orderBy('scheduledVisitId')
      .offset(used++)
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('customers')
      .set({ companyName: 'Harbor Fleet Services', preferredContactMethod: 'Email', email: 'fleet@example.com' })
      .where('customerId', '=', visit.customerId!)
      .execute();
    const as = { token: staff.tech, store: staff.store };
    const inspectionReportId = visit.scheduledVisitId;
    const started = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.inspectionReports,
      ...as,
      body: {
        inspectionReportId,
        scheduledVisitId: visit.scheduledVisitId,
        vehicleId: visit.vehicleId,
        technicianId: null,
        groups: defaultInspectionGroups(() => randomUUID()),
        startedAt: new Date(Date.now() - 3_600_000).toISOString(),
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    await apiCall(t.app, {
      method: 'PATCH',
      path: path(apiPaths.inspectionReport, { inspectionReportId }),
      ...as,
      body: [{ op: 'replace', path: '/completedAt', value: new Date(Date.now() - 60_000).toISOString() }],
    });
    return { inspectionReportId, customerId: visit.customerId! };
  }

  it('sends a report once when two devices send it at the same moment, refusing the other in the words the device uses, the message named for the company', async () => {
    for (let round = 0; round < 4; round++) {
      const { inspectionReportId } = await finishedReport();
      const send = (token: string) =>
        apiCall(t.app, {
          method: 'POST',
          path: reportSendPath(inspectionReportId),
          token,
          store: staff.store,
          headers: { 'Idempotency-Key': `send-${randomUUID()}` },
        });
      const answers = await Promise.all([send(staff.tech), send(staff.user)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json<{ detail: string }>().detail).toMatch(
        /^The report was sent 1 minutes ago: wait before sending it again, or call the customer\.$/,
      );
      const messages = await t.db
        .selectFrom('storeMessages')
        .select(['name', 'email'])
        .where('visitId', '=', inspectionReportId)
        .where('templateType', '=', 'InspectionReport')
        .execute();
      expect(messages).toEqual([{ name: 'Harbor Fleet Services', email: 'fleet@example.com' }]);
    }
  });

  it('names each of two texts sent to a company customer at the same moment by the one rule', async () => {
    const { customerId } = await finishedReport();
    await t.db.updateTable('customers').set({ phoneNumber: '5550107401' }).where('customerId', '=', customerId).execute();
    const text = (name: string) =>
      apiCall(t.app, {
        method: 'POST',
        path: apiPaths.smsMessages,
        token: staff.user,
        store: staff.store,
        headers: { 'Idempotency-Key': `text-${randomUUID()}` },
        body: {
          storeMessageId: randomUUID(),
          customerId,
          templateType: 'FreeForm',
          content: `For ${name}`,
          visitId: null,
          name,
          destinationPhoneNumber: '5550107401',
        },
      });
    const answers = await Promise.all([text('Robin Test'), text('Someone Else')]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const names = await t.db.selectFrom('storeMessages').select('name').where('customerId', '=', customerId).where('templateType', '=', 'FreeForm').execute();
    expect(names).toEqual([{ name: 'Harbor Fleet Services' }, { name: 'Harbor Fleet Services' }]);
  });
});
