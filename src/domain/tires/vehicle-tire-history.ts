import type { InspectionItem, InspectionReport, ScheduledVisit } from '../../contract/entities.ts';
import type { VisitTire } from '../../contract/visit-tires.ts';
import { needsDecision } from '../inspections/inspections.ts';
import { dotAge, parseDot, showDot, type ShownDot } from './tire-dot.ts';

/**
 * A vehicle's tires and tread in one place (issue 49), read from what the replica already holds: the tires its
 * visits fitted (visit tires, with the DOT codes the bay read), and the tread depths and findings of its
 * inspections. No collection of its own: the history is worked out wherever it is shown, offline too.
 *
 * What the data records, and so what this can say:
 * - A visit tire's `position` is its place in the set as booked (front sizes before rear), not a wheel: a tire
 *   is "Tire 1" to "Tire 8", as the bay's card names it. A later visit's tire at a place replaces the one there.
 * - A tire is on the vehicle once its visit's work is done (work complete, ready for pickup or picked up); a
 *   canceled visit fits nothing, and a visit not done yet is still to fit its tires.
 * - Rotations are not recorded anywhere (no verb, no field): the history shows none, and says so.
 * - Tread is measured per wheel by the inspection items that take a tread depth (the template's "Left front
 *   tread" …), so tread is kept per item name, across every inspection of the vehicle.
 */

/** A tire at or below this depth (32nds of an inch) is flagged as worn: the trade's "replace soon" line. */
export const wornTreadDepth32nds = 4;

export type HistoryVisit = Pick<ScheduledVisit, 'scheduledVisitId' | 'vehicleId' | 'cancelDate' | 'workCompleteDate' | 'readyForPickupDate' | 'checkOutDate'>;
export type HistoryReport = Pick<InspectionReport, 'inspectionReportId' | 'scheduledVisitId' | 'vehicleId' | 'groups' | 'startedAt' | 'completedAt'>;
export type HistoryItem = Pick<InspectionItem, 'inspectionReportId' | 'itemId' | 'status' | 'notes' | 'measurement' | 'customerDecision' | 'decidedAt'>;
export type HistoryTire = Pick<VisitTire, 'visitTireId' | 'scheduledVisitId' | 'tireId' | 'description' | 'position' | 'dotCode'>;

export interface VehicleRecords {
  vehicleId: string;
  /** Visits of the store; those of other vehicles are left out here. */
  visits: readonly HistoryVisit[];
  tires: readonly HistoryTire[];
  reports: readonly HistoryReport[];
  items: readonly HistoryItem[];
}

/** A tire as fitted: what it is, its DOT code as shown (null when none was read) and its age, and the visit that fitted it. */
export interface FittedTire {
  visitTireId: string;
  /** Its place in the set as booked, from 0. */
  position: number;
  description: string;
  tireId: string | null;
  dot: ShownDot | null;
  /** Whole years since its week of making; null when its code is missing or misread. */
  ageYears: number | null;
  /** Over the age a store fits (oldTireYears) by its DOT code. */
  old: boolean;
  scheduledVisitId: string;
  /** When its visit's work was done (ISO). */
  fittedAt: string;
}

/** A tire taken off by a later install at its place. */
export interface ReplacedTire extends FittedTire {
  replacedAt: string;
}

export interface TreadReading {
  inspectionReportId: string;
  scheduledVisitId: string;
  /** When the inspection was completed, else when it was started (ISO). */
  at: string;
  depth32nds: number;
}

/** Tread of one wheel (an inspection item that measures tread), oldest reading first. */
export interface TreadPosition {
  name: string;
  readings: TreadReading[];
  latest: TreadReading;
  /** The latest reading is at or below wornTreadDepth32nds and no tires were fitted since it. */
  worn: boolean;
  /** Tires were fitted after the latest reading: it may describe a tire no longer on. */
  beforeLaterInstall: boolean;
}

export interface PastFinding {
  inspectionReportId: string;
  scheduledVisitId: string;
  at: string;
  groupName: string;
  itemName: string;
  status: 'Failed' | 'Warning';
  notes: string | null;
  measurement: number | null;
  measurementKind: HistoryReport['groups'][number]['items'][number]['measurement'];
  decision: 'Approved' | 'Declined' | 'Not answered';
  decidedAt: string | null;
}

export type HistoryFlag =
  | { kind: 'oldTire'; position: number; years: number; dotText: string }
  | { kind: 'wornTread'; name: string; depth32nds: number; at: string };

export interface VehicleTireHistory {
  /** On the vehicle now, by place in the set. */
  tires: FittedTire[];
  /** Taken off by later installs, latest first. */
  replaced: ReplacedTire[];
  tread: TreadPosition[];
  /** Failed and Warning items of completed inspections, latest first, with what the customer decided. */
  findings: PastFinding[];
  flags: HistoryFlag[];
  /** Rotations are not in the data: always false, so a screen says so rather than showing none as if none were done. */
  rotationsRecorded: false;
  empty: boolean;
}

/** When a visit's work was done, so its tires are on: the first of work complete, ready for pickup and picked up; null before, or canceled. */
export function fittedAt(visit: HistoryVisit): string | null {
  if (visit.cancelDate) return null;
  return visit.workCompleteDate ?? visit.readyForPickupDate ?? visit.checkOutDate ?? null;
}

function fitted(tire: HistoryTire, at: string, today: string): FittedTire {
  const parsed = tire.dotCode ? parseDot(tire.dotCode, today) : null;
  const age = parsed?.ok ? dotAge(parsed.dot, today) : null;
  return {
    visitTireId: tire.visitTireId,
    position: tire.position,
    description: tire.description,
    tireId: tire.tireId,
    dot: tire.dotCode ? showDot(tire.dotCode, today) : null,
    ageYears: age?.years ?? null,
    old: age?.old ?? false,
    scheduledVisitId: tire.scheduledVisitId,
    fittedAt: at,
  };
}

/** The tires on the vehicle through its installs, in the order they were done: each install's tire takes its place. */
function tiresThroughInstalls(records: VehicleRecords, done: Map<string, string>, today: string) {
  const installs = records.tires
    .filter((t) => done.has(t.scheduledVisitId))
    .map((t) => ({ tire: t, at: done.get(t.scheduledVisitId)! }))
    .sort((a, b) => a.at.localeCompare(b.at) || a.tire.position - b.tire.position);
  const on = new Map<number, FittedTire>();
  const replaced: ReplacedTire[] = [];
  for (const { tire, at } of installs) {
    const before = on.get(tire.position);
    if (before) replaced.push({ ...before, replacedAt: at });
    on.set(tire.position, fitted(tire, at, today));
  }
  return {
    tires: [...on.values()].sort((a, b) => a.position - b.position),
    replaced: replaced.sort((a, b) => b.replacedAt.localeCompare(a.replacedAt) || a.position - b.position),
    lastInstall: installs.at(-1)?.at ?? null,
  };
}

const reportAt = (report: HistoryReport) => report.completedAt ?? report.startedAt;

/** Each report's template items by id, with their group's name. */
function templateItems(report: HistoryReport) {
  return new Map(report.groups.flatMap((g) => g.items.map((item) => [item.itemId, { ...item, groupName: g.name }] as const)));
}

/** Tread per wheel across inspections, named as the template names the item, in the order the latest template lists them. */
function treadOverTime(reports: readonly HistoryReport[], itemsOf: Map<string, HistoryItem[]>, lastInstall: string | null): TreadPosition[] {
  const byName = new Map<string, { name: string; order: number; readings: TreadReading[] }>();
  // Latest report first, so the order of names is the latest template's.
  const latestFirst = [...reports].sort((a, b) => reportAt(b).localeCompare(reportAt(a)));
  for (const [rank, report] of latestFirst.entries()) {
    const template = templateItems(report);
    const listed = report.groups.flatMap((g) => g.items.map((i) => i.itemId));
    for (const item of itemsOf.get(report.inspectionReportId) ?? []) {
      const kind = template.get(item.itemId);
      if (kind?.measurement !== 'treadDepth32nds' || item.measurement === null) continue;
      const key = kind.name.trim().toLowerCase();
      let position = byName.get(key);
      if (!position) {
        position = { name: kind.name.trim(), order: rank * 10_000 + listed.indexOf(item.itemId), readings: [] };
        byName.set(key, position);
      }
      position.readings.push({
        inspectionReportId: report.inspectionReportId,
        scheduledVisitId: report.scheduledVisitId,
        at: reportAt(report),
        depth32nds: item.measurement,
      });
    }
  }
  return [...byName.values()]
    .sort((a, b) => a.order - b.order)
    .map(({ name, readings }) => {
      const sorted = readings.sort((a, b) => a.at.localeCompare(b.at));
      const latest = sorted.at(-1)!;
      const beforeLaterInstall = lastInstall !== null && lastInstall > latest.at;
      return { name, readings: sorted, latest, beforeLaterInstall, worn: !beforeLaterInstall && latest.depth32nds <= wornTreadDepth32nds };
    });
}

function pastFindings(reports: readonly HistoryReport[], itemsOf: Map<string, HistoryItem[]>): PastFinding[] {
  return reports
    .filter((r) => r.completedAt !== null)
    .flatMap((report) => {
      const template = templateItems(report);
      return (itemsOf.get(report.inspectionReportId) ?? []).flatMap((item): PastFinding[] => {
        const kind = template.get(item.itemId);
        if (!kind || !needsDecision(item.status)) return [];
        return [
          {
            inspectionReportId: report.inspectionReportId,
            scheduledVisitId: report.scheduledVisitId,
            at: reportAt(report),
            groupName: kind.groupName,
            itemName: kind.name,
            status: item.status as 'Failed' | 'Warning',
            notes: item.notes,
            measurement: item.measurement,
            measurementKind: kind.measurement,
            decision: item.customerDecision ?? 'Not answered',
            decidedAt: item.decidedAt,
          },
        ];
      });
    })
    .sort((a, b) => b.at.localeCompare(a.at) || (a.status === b.status ? 0 : a.status === 'Failed' ? -1 : 1));
}

/**
 * The vehicle's tires and tread on `today` (the store's date, YYYY-MM-DD: DOT ages are judged on it): the tires on
 * it through its installs, tread per wheel over time, past findings with the customer's answers, and the flags:
 * a tire `oldTireYears` or more old by its DOT code, a wheel's latest tread at 4/32″ or less.
 */
export function vehicleTireHistory(records: VehicleRecords, today: string): VehicleTireHistory {
  const visits = records.visits.filter((v) => v.vehicleId === records.vehicleId);
  const ofVehicle = new Set(visits.map((v) => v.scheduledVisitId));
  const done = new Map(visits.flatMap((v) => (fittedAt(v) ? [[v.scheduledVisitId, fittedAt(v)!] as const] : [])));
  const { tires, replaced, lastInstall } = tiresThroughInstalls(records, done, today);
  const reports = records.reports.filter((r) => r.vehicleId === records.vehicleId || ofVehicle.has(r.scheduledVisitId));
  const itemsOf = new Map<string, HistoryItem[]>();
  for (const item of records.items) (itemsOf.get(item.inspectionReportId) ?? itemsOf.set(item.inspectionReportId, []).get(item.inspectionReportId)!).push(item);
  const tread = treadOverTime(reports, itemsOf, lastInstall);
  const findings = pastFindings(reports, itemsOf);
  const flags: HistoryFlag[] = [
    ...tires.filter((t) => t.old).map((t): HistoryFlag => ({ kind: 'oldTire', position: t.position, years: t.ageYears!, dotText: t.dot!.text })),
    ...tread.filter((p) => p.worn).map((p): HistoryFlag => ({ kind: 'wornTread', name: p.name, depth32nds: p.latest.depth32nds, at: p.latest.at })),
  ];
  return {
    tires,
    replaced,
    tread,
    findings,
    flags,
    rotationsRecorded: false,
    empty: tires.length === 0 && tread.length === 0 && findings.length === 0,
  };
}

/** A flag in words a technician or the counter acts on. */
export function flagText(flag: HistoryFlag, date: (iso: string) => string): string {
  if (flag.kind === 'oldTire') return `Tire ${flag.position + 1} is ${flag.years} years old by its DOT code (${flag.dotText}): replace it`;
  return `${flag.name}: ${flag.depth32nds}/32″ on ${date(flag.at)}, at or below ${wornTreadDepth32nds}/32″`;
}

/** What the bay's inspection says beside a tread item from the vehicle's history, and the note a Warning it suggests would carry. */
export interface TreadItemHint {
  text: string;
  /** The finding suggested for an old tire (the technician confirms it): its note; null when the hint only informs. */
  warnNote: string | null;
}

/**
 * The hint beside a tread item of the inspection `inspectionReportId` (the one being filled in): that wheel's last
 * reading before this inspection when it was worn (and no tires were fitted since), and any tire on the vehicle old
 * by its DOT code. Which wheel an old tire is on is not recorded, so each tread item offers the Warning and the
 * technician, at the wheel, confirms it where it applies. Null when the history has nothing to say.
 */
export function treadItemHint(history: VehicleTireHistory, itemName: string, inspectionReportId: string, date: (iso: string) => string): TreadItemHint | null {
  const lastFitted = history.tires.reduce<string | null>((last, t) => (last === null || t.fittedAt > last ? t.fittedAt : last), null);
  const wheel = history.tread.find((p) => p.name.toLowerCase() === itemName.trim().toLowerCase());
  const before = wheel?.readings.filter((r) => r.inspectionReportId !== inspectionReportId).at(-1);
  const worn = before && before.depth32nds <= wornTreadDepth32nds && (lastFitted === null || before.at > lastFitted) ? before : null;
  const old = history.tires.filter((t) => t.old);
  const oldest = old.reduce<FittedTire | null>((max, t) => (max === null || t.ageYears! > max.ageYears! ? t : max), null);
  const parts: string[] = [];
  if (worn) parts.push(`Read ${worn.depth32nds}/32″ on ${date(worn.at)}: measure it again`);
  if (oldest && old.length === 1)
    parts.push(
      `Tire ${oldest.position + 1} on this vehicle is ${oldest.ageYears} years old by its DOT code (${oldest.dot!.text}): warn if it is on this wheel`,
    );
  else if (oldest) {
    const places = old.map((t) => t.position + 1).join(', ');
    parts.push(`Tires ${places} on this vehicle are ${oldTireAge(old)} years old or more by their DOT codes: warn on the wheels they are on`);
  }
  if (parts.length === 0) return null;
  const warnNote = oldest
    ? `Tire ${old.length === 1 ? `${oldest.ageYears} years old by its DOT code (${oldest.dot!.text})` : `${oldTireAge(old)} years old or more by its DOT code`}`
    : null;
  return { text: parts.join('. '), warnNote };
}

/** The youngest age of old tires: "6 years old or more" holds for each of them. */
const oldTireAge = (old: readonly FittedTire[]) => Math.min(...old.map((t) => t.ageYears!));
