import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { InspectionItem, InspectionPhoto, InspectionReport } from '../../contract/entities.ts';
import { publicPagePaths } from '../../contract/routes.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { inspectionProgress } from '../../domain/inspections.ts';

async function readInspection(storeId: number, scheduledVisitId: string, vehicleId: string | null) {
  const db = replicaOf(storeId);
  const reports = await db.rows<InspectionReport>('inspectionReports')
    .filter((r) => r.scheduledVisitId === scheduledVisitId || (vehicleId !== null && r.vehicleId === vehicleId)).toArray();
  const ids = reports.map((r) => r.inspectionReportId);
  const [items, photos] = await Promise.all([
    db.rows<InspectionItem>('inspectionItems').where('inspectionReportId').anyOf(ids).toArray(),
    db.rows<InspectionPhoto>('inspectionPhotos').where('inspectionReportId').anyOf(ids).toArray(),
  ]);
  const report = reports.find((r) => r.scheduledVisitId === scheduledVisitId) ?? null;
  const own = report ? items.filter((i) => i.inspectionReportId === report.inspectionReportId) : [];
  const names = new Map(reports.flatMap((r) => r.groups.flatMap((g) => g.items.map((i) => [`${r.inspectionReportId}/${i.itemId}`, i.name] as const))));
  // Work the customer declined at an earlier visit of this vehicle: for the counter to offer again.
  const declinedBefore = items.filter((i) => i.customerDecision === 'Declined' && i.inspectionReportId !== report?.inspectionReportId)
    .map((i) => ({ name: names.get(`${i.inspectionReportId}/${i.itemId}`) ?? 'An item', at: i.decidedAt }));
  return {
    report,
    progress: report ? inspectionProgress(report.groups, own) : null,
    photosPending: report ? photos.filter((p) => p.inspectionReportId === report.inspectionReportId && !p.uploadedAt).length : 0,
    approved: own.filter((i) => i.customerDecision === 'Approved').map((i) => names.get(`${i.inspectionReportId}/${i.itemId}`) ?? 'An item'),
    declined: own.filter((i) => i.customerDecision === 'Declined').map((i) => names.get(`${i.inspectionReportId}/${i.itemId}`) ?? 'An item'),
    declinedBefore,
  };
}

/**
 * A visit's inspection as the counter follows it: how far the technician is, photos still on their way from
 * the bay, whether the customer was sent it and what they approved or declined (live, as they answer), and
 * work the customer declined at an earlier visit of the same vehicle.
 */
export function InspectionSummary({ storeId, scheduledVisitId, vehicleId, formatDate }: { storeId: number; scheduledVisitId: string; vehicleId: string | null; formatDate: (iso: string) => string }) {
  const data = useLiveQuery(() => readInspection(storeId, scheduledVisitId, vehicleId), [storeId, scheduledVisitId, vehicleId]);
  if (!data || (!data.report && data.declinedBefore.length === 0)) return null;
  const { report } = data;
  return (
    <Stack gap={4} aria-label="Inspection" role="group">
      <Text size="sm" fw={600}>Inspection</Text>
      {report ? (
        <>
          <Group gap="xs">
            <Badge variant="light" color={report.completedAt ? 'green' : 'blue'}>{report.completedAt ? 'Complete' : 'In progress'}</Badge>
            {data.progress && <Text size="sm">{data.progress.done} of {data.progress.total} checked</Text>}
            {data.photosPending > 0 && <Badge color="orange" variant="light">{data.photosPending} photos pending</Badge>}
          </Group>
          {report.sentAt && <Text size="sm">Sent to the customer {formatDate(report.sentAt)}</Text>}
          {report.completedAt && report.inspectionReportHashId && (
            <Anchor size="sm" href={publicPagePaths.inspectionReport.replace(':id', report.inspectionReportHashId)} target="_blank" rel="noopener">The customer's report</Anchor>
          )}
          {data.approved.length > 0 && <Text size="sm" c="green.8">Customer approved: {data.approved.join(', ')}</Text>}
          {data.declined.length > 0 && <Text size="sm" c="dimmed">Customer declined: {data.declined.join(', ')}</Text>}
          {report.approvedByName && <Text size="xs" c="dimmed">Signed {report.approvedByName}{report.approvedAt ? `, ${formatDate(report.approvedAt)}` : ''}</Text>}
        </>
      ) : null}
      {data.declinedBefore.length > 0 && (
        <Text size="sm" c="orange.8">Declined at an earlier visit: {data.declinedBefore.map((d) => d.name).join(', ')}</Text>
      )}
    </Stack>
  );
}
