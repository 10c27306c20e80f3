import type { InspectionItem, InspectionTemplateGroup } from '../../contract/entities.ts';
import type { InspectionItemStatus } from '../../contract/enum-values.ts';
import { fillPath } from '../../contract/fill-path.ts';
import { apiPaths } from '../../contract/routes.ts';

/**
 * What one inspection takes in photos: enough for every item that needs showing, a bound on what one link (and
 * one device) can put in the database.
 */
export const photoQuota = { perItem: 10, perReport: 40, bytesPerReport: 100 * 1024 * 1024 } as const;

type Measurement = InspectionTemplateGroup['items'][number]['measurement'];

/** How an item's measurement reads, with its unit: 5/32", 35 psi, 4 mm. */
export function measurementText(kind: Measurement, value: number | null): string {
  if (value === null || kind === 'none') return '';
  if (kind === 'treadDepth32nds') return `${value}/32″`;
  if (kind === 'pressurePsi') return `${value} psi`;
  return `${value} mm`;
}

/** The range a measurement of each kind may take, to catch a slip of the finger. */
export const measurementBounds: Record<Exclude<Measurement, 'none'>, { min: number; max: number; step: number }> = {
  treadDepth32nds: { min: 0, max: 32, step: 1 },
  pressurePsi: { min: 0, max: 150, step: 1 },
  brakePadMm: { min: 0, max: 30, step: 0.5 },
};

/**
 * The status a measurement suggests, where the trade agrees on one: tread at 2/32″ or less is at the legal
 * limit (Failed) and 4/32″ or less is worn (Warning); brake pads at 3 mm or less are Failed, 5 mm or less
 * Warning. Pressure depends on the vehicle's placard: no suggestion. The technician decides in the end.
 */
export function suggestedStatus(kind: Measurement, value: number | null): InspectionItemStatus | null {
  if (value === null) return null;
  if (kind === 'treadDepth32nds') return value <= 2 ? 'Failed' : value <= 4 ? 'Warning' : 'Passed';
  if (kind === 'brakePadMm') return value <= 3 ? 'Failed' : value <= 5 ? 'Warning' : 'Passed';
  return null;
}

/** What is wrong with an item's result, by field, in words the technician acts on. */
export function inspectionItemProblems(kind: Measurement, item: Pick<InspectionItem, 'status' | 'measurement' | 'notes'>): Record<string, string[]> {
  if (item.measurement === null) return {};
  if (kind === 'none') return { measurement: ['This item takes no measurement'] };
  const { min, max } = measurementBounds[kind];
  return item.measurement < min || item.measurement > max ? { measurement: [`Enter a value from ${min} to ${max}`] } : {};
}

/**
 * Why an inspection cannot be completed yet: each item that failed or needs attention says what was found (a
 * note, a measurement or a photo), so the customer reads why. Empty when it can be completed.
 */
export function completionProblems(
  groups: readonly InspectionTemplateGroup[],
  results: readonly InspectionItem[],
  photographed: ReadonlySet<string>,
): string[] {
  const byItem = new Map(results.map((r) => [r.itemId, r]));
  // In the template's order, as the technician goes through it.
  const unexplained = groups
    .flatMap((g) => g.items)
    .filter((item) => {
      const r = byItem.get(item.itemId);
      return r && needsDecision(r.status) && !r.notes?.trim() && r.measurement === null && !photographed.has(r.itemId);
    })
    .map((item) => item.name);
  return unexplained.length === 0 ? [] : [`Say what was found for ${unexplained.join(', ')}: a note, a measurement or a photo`];
}

/** The order the customer reads a report in: what failed, then what needs attention, then what passed. */
const statusOrder: Record<InspectionItemStatus, number> = { Failed: 0, Warning: 1, Passed: 2, NotInspected: 3 };

export interface ReportLine {
  groupName: string;
  itemId: string;
  name: string;
  measurement: Measurement;
  result: Pick<InspectionItem, 'status' | 'notes' | 'measurement' | 'customerDecision' | 'decidedAt' | 'decidedByName' | 'fix'>;
}

/**
 * A report's lines: every item of its template with its result (NotInspected when none was recorded), Failed
 * first, then Warning, then Passed, then not inspected; within a status in the template's order.
 */
export function reportLines(groups: readonly InspectionTemplateGroup[], results: readonly InspectionItem[]): ReportLine[] {
  const byItem = new Map(results.map((r) => [r.itemId, r]));
  const lines = groups.flatMap((g) =>
    g.items.map((item) => {
      const result = byItem.get(item.itemId);
      return {
        groupName: g.name,
        itemId: item.itemId,
        name: item.name,
        measurement: item.measurement,
        result: result ?? {
          status: 'NotInspected' as const,
          notes: null,
          measurement: null,
          customerDecision: null,
          decidedAt: null,
          decidedByName: null,
          fix: null,
        },
      };
    }),
  );
  return lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => statusOrder[a.line.result.status] - statusOrder[b.line.result.status] || a.index - b.index)
    .map(({ line }) => line);
}

/** What an inspection has left: the names of its template's items with no result yet, in the template's order, of how many. */
export interface InspectionLeft {
  left: string[];
  total: number;
}

/** The items of an inspection not inspected yet (no result, or NotInspected), of all the template's items. */
export function inspectionLeft(groups: readonly InspectionTemplateGroup[], results: readonly Pick<InspectionItem, 'itemId' | 'status'>[]): InspectionLeft {
  const judged = new Set(results.filter((r) => r.status !== 'NotInspected').map((r) => r.itemId));
  const items = groups.flatMap((g) => g.items);
  return { left: items.filter((item) => !judged.has(item.itemId)).map((item) => item.name), total: items.length };
}

/** How far an inspection has come: items with a result, of all the template's items. */
export function inspectionProgress(
  groups: readonly InspectionTemplateGroup[],
  results: readonly Pick<InspectionItem, 'itemId' | 'status'>[],
): { done: number; total: number } {
  const { left, total } = inspectionLeft(groups, results);
  return { done: total - left.length, total };
}

/**
 * What is left, in words a technician reads before completing: "8 of 20 items are not inspected: Horn, Wipers,
 * Brake lights and 5 more"; null when nothing is.
 */
export function leftText({ left, total }: InspectionLeft): string | null {
  if (left.length === 0) return null;
  const rest = left.length > 3 ? ` and ${left.length - 3} more` : '';
  return `${left.length} of ${total} items ${left.length === 1 ? 'is' : 'are'} not inspected: ${left.slice(0, 3).join(', ')}${rest}`;
}

/**
 * The question asked before completing an inspection that has items left (the customer's report shows them as not
 * inspected), or before completing the work while the inspection is still open; null when there is nothing to ask.
 */
export function completeQuestion(what: 'inspection' | 'work', report: { completedAt: string | null } | null, left: InspectionLeft): string | null {
  const words = leftText(left);
  if (what === 'inspection') return words ? `${words}. The customer's report shows them as not inspected.` : null;
  if (!report || report.completedAt) return null;
  return words
    ? `The inspection is still in progress. ${words}.`
    : 'The inspection is still in progress: every item has a result, but it is not marked complete.';
}

/** Items the customer is asked about: what failed or needs attention. */
export const needsDecision = (status: InspectionItemStatus) => status === 'Failed' || status === 'Warning';

/** How soon a report sent to the customer may be sent again: a second tap, or a queue of taps offline, sends once. */
export const resendAfterMs = 10 * 60_000;

/** The call that sends a report to its customer: the outbox entry a screen follows to say where the send stands. */
export const reportSendPath = (inspectionReportId: string) => fillPath(apiPaths.sendInspectionReport, { inspectionReportId });

/** Why a report cannot be sent to the customer now, in the words both the device and the server refuse it with; null when it can. */
export function reportSendProblem(report: { completedAt: string | null; sentAt: string | null }, now: Date): string | null {
  if (!report.completedAt) return 'Complete the inspection before sending it: the customer sees only a finished report.';
  const since = report.sentAt ? now.getTime() - Date.parse(report.sentAt) : Infinity;
  if (since < resendAfterMs)
    return `The report was sent ${Math.max(1, Math.round(since / 60_000))} minutes ago: wait before sending it again, or call the customer.`;
  return null;
}

/** Why one more photo does not fit its inspection's quota, in words the technician acts on; null when it fits. */
export function photoQuotaProblem(taken: readonly { itemId: string; byteSize: number }[], next: { itemId: string; byteSize: number }): string | null {
  if (taken.filter((p) => p.itemId === next.itemId).length >= photoQuota.perItem)
    return `This item already has ${photoQuota.perItem} photos, the most one item takes.`;
  if (taken.length >= photoQuota.perReport) return `This inspection already has ${photoQuota.perReport} photos, the most one inspection takes.`;
  const bytes = taken.reduce((sum, p) => sum + p.byteSize, 0) + next.byteSize;
  if (bytes > photoQuota.bytesPerReport)
    return `This inspection's photos would take ${Math.round(bytes / 1048576)} MB, over the ${photoQuota.bytesPerReport / 1048576} MB one inspection takes.`;
  return null;
}
