import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { InspectionItem, InspectionPhoto, InspectionReport } from '../../contract/entities.ts';
import { fillPath } from '../../contract/fill-path.ts';
import { publicPagePaths } from '../../contract/routes.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { approvedTotalInCents } from '../../domain/inspections/inspection-fixes.ts';
import { inspectionProgress, needsDecision } from '../../domain/inspections/inspections.ts';
import { formatCents } from '../../app/money.ts';
import { InspectionFixDialog } from './inspection-fix-dialog.tsx';
import { useAction } from '../../app/use-action.ts';
import { syncClient } from '../../sync/sync-client.ts';

async function readInspection(storeId: number, scheduledVisitId: string, vehicleId: string | null) {
  const db = replicaOf(storeId);
  const reports = await db
    .rows<InspectionReport>('inspectionReports')
    .filter((r) => r.scheduledVisitId === scheduledVisitId || (vehicleId !== null && r.vehicleId === vehicleId))
    .toArray();
  const ids = reports.map((r) => r.inspectionReportId);
  const [items, photos] = await Promise.all([
    db.rows<InspectionItem>('inspectionItems').where('inspectionReportId').anyOf(ids).toArray(),
    db.rows<InspectionPhoto>('inspectionPhotos').where('inspectionReportId').anyOf(ids).toArray(),
  ]);
  const report = reports.find((r) => r.scheduledVisitId === scheduledVisitId) ?? null;
  const own = report ? items.filter((i) => i.inspectionReportId === report.inspectionReportId) : [];
  const names = new Map(reports.flatMap((r) => r.groups.flatMap((g) => g.items.map((i) => [`${r.inspectionReportId}/${i.itemId}`, i.name] as const))));
  // Work the customer declined at an earlier visit of this vehicle: for the counter to offer again.
  const declinedBefore = items
    .filter((i) => i.customerDecision === 'Declined' && i.inspectionReportId !== report?.inspectionReportId)
    .map((i) => ({ name: names.get(`${i.inspectionReportId}/${i.itemId}`) ?? 'An item', at: i.decidedAt }));
  return {
    report,
    progress: report ? inspectionProgress(report.groups, own) : null,
    photosPending: report ? photos.filter((p) => p.inspectionReportId === report.inspectionReportId && !p.uploadedAt).length : 0,
    decided: own.filter((i) => i.customerDecision).map((i) => ({ item: i, name: names.get(`${i.inspectionReportId}/${i.itemId}`) ?? 'An item' })),
    findings: own.filter((i) => needsDecision(i.status)).map((i) => ({ item: i, name: names.get(`${i.inspectionReportId}/${i.itemId}`) ?? 'An item' })),
    approvedInCents: approvedTotalInCents(own),
    itemName: (itemId: string) => (report ? names.get(`${report.inspectionReportId}/${itemId}`) : undefined) ?? 'an item',
    declinedBefore,
  };
}

/** One item the customer answered, final until the counter reopens it (they changed their mind on the phone). */
function CustomerDecision({ item, name, formatDate }: { item: InspectionItem; name: string; formatDate: (iso: string) => string }) {
  const { problem, busy, run } = useAction('The answer could not be reopened.');
  const approved = item.customerDecision === 'Approved';
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text size="sm" c={approved ? 'green.8' : 'dimmed'} style={{ minWidth: 0 }}>
        {name}: {approved ? 'approved' : 'declined'}
        {item.decidedByName ? ` by ${item.decidedByName}` : ''}
        {item.decidedAt ? `, ${formatDate(item.decidedAt)}` : ''}
      </Text>
      <Button
        size="compact-xs"
        variant="subtle"
        loading={busy}
        aria-label={`Reopen the customer's answer on ${name}`}
        onClick={() => void run(() => syncClient().reopenInspectionDecision(item.inspectionReportId, item.itemId))}
      >
        Reopen
      </Button>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Group>
  );
}

/**
 * A visit's inspection as the counter follows it: how far the technician is, photos still on their way from
 * the bay, whether the customer was sent it and what they approved or declined (live, as they answer), and
 * work the customer declined at an earlier visit of the same vehicle.
 */
export function InspectionSummary({
  storeId,
  scheduledVisitId,
  customerId,
  vehicleId,
  timeZone,
  mayPrice,
  formatDate,
}: {
  storeId: number;
  scheduledVisitId: string;
  customerId: string | null;
  vehicleId: string | null;
  timeZone: string;
  /** The front counter prices findings; the bay sees none of their prices. */
  mayPrice: boolean;
  formatDate: (iso: string) => string;
}) {
  const data = useLiveQuery(() => readInspection(storeId, scheduledVisitId, vehicleId), [storeId, scheduledVisitId, vehicleId]);
  const [pricing, setPricing] = useState<string | null>(null);
  if (!data || (!data.report && data.declinedBefore.length === 0)) return null;
  const { report } = data;
  const priceOf = data.findings.find((f) => f.item.itemId === pricing);
  return (
    <Stack gap={4} aria-label="Inspection" role="group">
      <Text size="sm" fw={600}>
        Inspection
      </Text>
      {report ? (
        <>
          <Group gap="xs">
            <Badge variant="light" color={report.completedAt ? 'green' : 'blue'}>
              {report.completedAt ? 'Complete' : 'In progress'}
            </Badge>
            {data.progress && (
              <Text size="sm">
                {data.progress.done} of {data.progress.total} checked
              </Text>
            )}
            {data.photosPending > 0 && (
              <Badge color="orange" variant="light">
                {data.photosPending} photos pending
              </Badge>
            )}
          </Group>
          {report.sentAt && <Text size="sm">Sent to the customer {formatDate(report.sentAt)}</Text>}
          {report.completedAt && report.inspectionReportHashId && (
            <Anchor size="sm" href={fillPath(publicPagePaths.inspectionReport, { id: report.inspectionReportHashId })} target="_blank" rel="noopener">
              The customer's report
            </Anchor>
          )}
          {mayPrice && data.findings.length > 0 && (
            <Stack gap={2} role="group" aria-label="Findings and their prices">
              {data.findings.map(({ item, name }) => (
                <Group key={item.itemId} gap="xs" wrap="nowrap" justify="space-between">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <Badge size="sm" variant="light" color={item.status === 'Failed' ? 'red' : 'yellow'}>
                      {item.status === 'Failed' ? 'Failed' : 'Attention'}
                    </Badge>
                    <Text size="sm" truncate>
                      {name}
                    </Text>
                  </Group>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" c={item.fix ? undefined : 'dimmed'}>
                      {item.fix ? formatCents(item.fix.priced.totalInCents) : 'No price'}
                    </Text>
                    {!item.customerDecision && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        aria-label={`${item.fix ? 'Change the price of' : 'Price'} ${name}`}
                        onClick={() => setPricing(item.itemId)}
                      >
                        {item.fix ? 'Change' : 'Price'}
                      </Button>
                    )}
                  </Group>
                </Group>
              ))}
              {data.approvedInCents > 0 && (
                <Text size="sm" fw={600}>
                  Approved by the customer: {formatCents(data.approvedInCents)}
                </Text>
              )}
            </Stack>
          )}
          {priceOf && (
            <InspectionFixDialog
              storeId={storeId}
              timeZone={timeZone}
              item={priceOf.item}
              itemName={priceOf.name}
              customerId={customerId}
              vehicleId={vehicleId}
              onClose={() => setPricing(null)}
            />
          )}
          {data.decided.map(({ item, name }) => (
            <CustomerDecision key={item.itemId} item={item} name={name} formatDate={formatDate} />
          ))}
          {report.decisionLog.length > 0 && (
            <Stack gap={0} role="group" aria-label="Customer's answers, in order">
              {report.decisionLog.map((entry, i) => (
                <Text key={i} size="xs" c="dimmed">
                  {entry.kind === 'signed'
                    ? `${formatDate(entry.at)}: signed by ${entry.name} (${entry.decisions.map((d) => `${data.itemName(d.itemId)} ${d.decision === 'Approved' ? 'approved' : 'declined'}`).join(', ')})`
                    : `${formatDate(entry.at)}: ${entry.name} reopened ${data.itemName(entry.itemId)} (was ${entry.was === 'Approved' ? 'approved' : 'declined'})`}
                </Text>
              ))}
            </Stack>
          )}
        </>
      ) : null}
      {data.declinedBefore.length > 0 && (
        <Text size="sm" c="orange.8">
          Declined at an earlier visit: {data.declinedBefore.map((d) => d.name).join(', ')}
        </Text>
      )}
    </Stack>
  );
}
