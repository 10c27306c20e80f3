import { describe, expect, it } from 'vitest';
import type { InspectionItemStatus } from '../../src/contract/enum-values.ts';
import {
  flagText,
  treadItemHint,
  vehicleTireHistory,
  type HistoryItem,
  type HistoryReport,
  type HistoryTire,
  type HistoryVisit,
  type VehicleRecords,
} from '../../src/domain/tires/vehicle-tire-history.ts';

/** The store's date the history is read on, unless a test says otherwise: a Wednesday of ISO week 48 of 2026. */
const today = '2026-11-25';
const car = 'car';

const visit = (scheduledVisitId: string, done: string | null, more: Partial<HistoryVisit> = {}): HistoryVisit => ({
  scheduledVisitId,
  vehicleId: car,
  cancelDate: null,
  workCompleteDate: done,
  readyForPickupDate: null,
  checkOutDate: null,
  ...more,
});

const tire = (scheduledVisitId: string, position: number, description: string, dotCode: string | null = null): HistoryTire => ({
  visitTireId: `${scheduledVisitId}-${position}`,
  scheduledVisitId,
  tireId: null,
  description,
  position,
  dotCode,
});

/** A report of the usual template's tread items (and a battery), each read as given. */
const treadItems = ['Left front tread', 'Right front tread', 'Left rear tread', 'Right rear tread'];
function report(
  scheduledVisitId: string,
  at: string,
  results: Record<string, { status?: InspectionItemStatus; depth?: number; decision?: 'Approved' | 'Declined'; notes?: string }>,
  completed = true,
): { report: HistoryReport; items: HistoryItem[] } {
  const id = `report-${scheduledVisitId}`;
  const itemId = (name: string) => `${id}/${name}`;
  return {
    report: {
      inspectionReportId: id,
      scheduledVisitId,
      vehicleId: car,
      startedAt: at,
      completedAt: completed ? at : null,
      groups: [
        { groupId: 'tires', name: 'Tires', items: treadItems.map((name) => ({ itemId: itemId(name), name, measurement: 'treadDepth32nds' as const })) },
        { groupId: 'hood', name: 'Under the hood', items: [{ itemId: itemId('Battery'), name: 'Battery', measurement: 'none' as const }] },
      ],
    },
    items: Object.entries(results).map(([name, r]) => ({
      inspectionReportId: id,
      itemId: itemId(name),
      status: r.status ?? 'Passed',
      notes: r.notes ?? null,
      measurement: r.depth ?? null,
      customerDecision: r.decision ?? null,
      decidedAt: r.decision ? at : null,
    })),
  };
}

function records(parts: { visits?: HistoryVisit[]; tires?: HistoryTire[]; reports?: ReturnType<typeof report>[] }): VehicleRecords {
  return {
    vehicleId: car,
    visits: parts.visits ?? [],
    tires: parts.tires ?? [],
    reports: (parts.reports ?? []).map((r) => r.report),
    items: (parts.reports ?? []).flatMap((r) => r.items),
  };
}

const set = (visitId: string, description: string, dot: string | null, count = 4) =>
  Array.from({ length: count }, (_, p) => tire(visitId, p, description, dot));
const onIt = (history: ReturnType<typeof vehicleTireHistory>) => history.tires.map((t) => [t.position, t.description, t.scheduledVisitId]);

describe("a vehicle's tires through its installs", () => {
  it('has nothing to show for a vehicle with no tires or inspections, and says rotations are not recorded', () => {
    const history = vehicleTireHistory(records({ visits: [visit('v1', '2026-01-10T15:00:00Z')] }), today);
    expect(history).toEqual({ tires: [], replaced: [], tread: [], findings: [], flags: [], rotationsRecorded: false, empty: true });
  });

  it('puts a set of four on the vehicle by place, with its DOT code, age and the visit that fitted it', () => {
    const history = vehicleTireHistory(
      records({ visits: [visit('v1', '2024-03-12T16:00:00Z')], tires: set('v1', 'Michelin Defender2 225/65R17', 'DOT 4B3N59K7R0124') }),
      today,
    );
    expect(history.tires).toHaveLength(4);
    expect(history.tires[0]).toEqual({
      visitTireId: 'v1-0',
      position: 0,
      description: 'Michelin Defender2 225/65R17',
      tireId: null,
      dot: { text: 'DOT 4B3 N5 9K7R 0124', note: 'Made in week 1 of 2024', tone: 'ok' },
      ageYears: 2,
      old: false,
      scheduledVisitId: 'v1',
      fittedAt: '2024-03-12T16:00:00Z',
    });
    expect(history.flags).toEqual([]);
    expect(history.empty).toBe(false);
  });

  it.each([
    [
      'a later pair replaces the first two places and the other two stay',
      [visit('v1', '2022-04-01T15:00:00Z'), visit('v2', '2025-05-01T15:00:00Z')],
      [...set('v1', 'Old set', null), ...set('v2', 'New pair', null, 2)],
      [
        [0, 'New pair', 'v2'],
        [1, 'New pair', 'v2'],
        [2, 'Old set', 'v1'],
        [3, 'Old set', 'v1'],
      ],
      [
        [0, 'Old set', '2025-05-01T15:00:00Z'],
        [1, 'Old set', '2025-05-01T15:00:00Z'],
      ],
    ],
    [
      'a later set of four replaces every place',
      [visit('v1', '2020-04-01T15:00:00Z'), visit('v2', '2025-05-01T15:00:00Z')],
      [...set('v1', 'Old set', null), ...set('v2', 'New set', null)],
      [
        [0, 'New set', 'v2'],
        [1, 'New set', 'v2'],
        [2, 'New set', 'v2'],
        [3, 'New set', 'v2'],
      ],
      [0, 1, 2, 3].map((p) => [p, 'Old set', '2025-05-01T15:00:00Z']),
    ],
    [
      'installs count in the order their work was done, not the order they are listed',
      [visit('v2', '2025-05-01T15:00:00Z'), visit('v1', '2022-04-01T15:00:00Z')],
      [...set('v2', 'New pair', null, 2), ...set('v1', 'Old pair', null, 2)],
      [
        [0, 'New pair', 'v2'],
        [1, 'New pair', 'v2'],
      ],
      [
        [0, 'Old pair', '2025-05-01T15:00:00Z'],
        [1, 'Old pair', '2025-05-01T15:00:00Z'],
      ],
    ],
    [
      "a booked visit's tires are still to fit, a canceled visit fits none, another vehicle's visit is not this one's",
      [
        visit('v1', '2022-04-01T15:00:00Z'),
        visit('booked', null),
        visit('canceled', '2025-01-01T15:00:00Z', { cancelDate: '2025-01-01T16:00:00Z' }),
        visit('other', '2025-02-01T15:00:00Z', { vehicleId: 'another car' }),
      ],
      [...set('v1', 'On it', null, 2), ...set('booked', 'Booked', null, 2), ...set('canceled', 'Canceled', null, 2), ...set('other', 'Other car', null, 2)],
      [
        [0, 'On it', 'v1'],
        [1, 'On it', 'v1'],
      ],
      [],
    ],
    [
      'a visit ready for pickup or picked up without a work-complete time has fitted its tires',
      [
        visit('ready', null, { readyForPickupDate: '2023-06-01T17:00:00Z' }),
        visit('picked up', null, { checkOutDate: '2024-06-01T18:00:00Z', readyForPickupDate: null }),
      ],
      [tire('ready', 0, 'Ready'), tire('picked up', 1, 'Picked up')],
      [
        [0, 'Ready', 'ready'],
        [1, 'Picked up', 'picked up'],
      ],
      [],
    ],
  ])('%s', (_, visits, tires, expected, replaced) => {
    const history = vehicleTireHistory(records({ visits, tires }), today);
    expect(onIt(history)).toEqual(expected);
    expect(history.replaced.map((t) => [t.position, t.description, t.replacedAt])).toEqual(replaced);
  });
});

describe("a tire's age by its DOT code", () => {
  // Week 48 of 2020 began on Monday November 23, 2020.
  it.each([
    ['exactly 6 years after its week of making', 'DOT U2LLLMLR4820', '2026-11-23', 6, true],
    ['a day short of 6 years', 'DOT U2LLLMLR4820', '2026-11-22', 5, false],
    ['well past 6 years', 'DOT XJ4B2105', today, 21, true],
    ['2 years', 'DOT 4B3N59K7R0124', today, 2, false],
  ])('%s (%s on %s): %i years, flagged %s', (_, dotCode, on, years, old) => {
    const history = vehicleTireHistory(records({ visits: [visit('v1', '2021-01-10T15:00:00Z')], tires: [tire('v1', 2, 'Tire', dotCode)] }), on);
    expect([history.tires[0]!.ageYears, history.tires[0]!.old]).toEqual([years, old]);
    expect(history.flags).toEqual(old ? [{ kind: 'oldTire', position: 2, years, dotText: history.tires[0]!.dot!.text }] : []);
  });

  it.each([
    ['no DOT code read', null, null],
    ['a code saved before the rule that does not read (a week not come yet)', 'DOT 1HJ2A7LMX4926', 'misread'],
  ])('has no age and no flag with %s', (_, dotCode, tone) => {
    const history = vehicleTireHistory(records({ visits: [visit('v1', '2021-01-10T15:00:00Z')], tires: [tire('v1', 0, 'Tire', dotCode)] }), today);
    expect(history.tires[0]).toMatchObject({ ageYears: null, old: false });
    expect(history.tires[0]!.dot?.tone ?? null).toBe(tone);
    expect(history.flags).toEqual([]);
  });
});

describe('tread per wheel across inspections', () => {
  it('keeps each wheel apart, oldest reading first, in the template order, skipping items without a depth', () => {
    const history = vehicleTireHistory(
      records({
        visits: [visit('v1', '2025-03-01T17:00:00Z'), visit('v2', '2026-03-01T17:00:00Z')],
        reports: [
          report('v2', '2026-03-01T16:00:00Z', { 'Right front tread': { depth: 6 }, 'Left front tread': { depth: 7 }, Battery: {} }),
          report('v1', '2025-03-01T16:00:00Z', { 'Left front tread': { depth: 9 }, 'Right front tread': { depth: 8 }, 'Left rear tread': {} }),
        ],
      }),
      today,
    );
    expect(history.tread.map((p) => [p.name, p.readings.map((r) => [r.at.slice(0, 10), r.depth32nds]), p.worn])).toEqual([
      [
        'Left front tread',
        [
          ['2025-03-01', 9],
          ['2026-03-01', 7],
        ],
        false,
      ],
      [
        'Right front tread',
        [
          ['2025-03-01', 8],
          ['2026-03-01', 6],
        ],
        false,
      ],
    ]);
  });

  it.each([
    [4, true],
    [5, false],
    [2, true],
  ])('flags a latest reading of %i/32″: %s', (depth, worn) => {
    const history = vehicleTireHistory(
      records({
        visits: [visit('v1', null)],
        reports: [
          report('v0', '2025-01-01T16:00:00Z', { 'Left rear tread': { depth: 3 } }),
          report('v1', '2026-11-25T16:00:00Z', { 'Left rear tread': { depth } }, false),
        ],
      }),
      today,
    );
    expect(history.tread[0]!.latest.depth32nds).toBe(depth);
    expect(history.tread[0]!.worn).toBe(worn);
    expect(history.flags).toEqual(worn ? [{ kind: 'wornTread', name: 'Left rear tread', depth32nds: depth, at: '2026-11-25T16:00:00Z' }] : []);
  });

  it('does not flag worn tread read before tires were fitted, and says the reading came before them', () => {
    const history = vehicleTireHistory(
      records({
        visits: [visit('v1', '2026-06-01T18:00:00Z')],
        tires: set('v1', 'New set', 'DOT 4B3N59K7R0124'),
        reports: [report('v1', '2026-06-01T15:00:00Z', { 'Left front tread': { depth: 2, status: 'Failed', decision: 'Approved' } })],
      }),
      today,
    );
    expect(history.tread[0]).toMatchObject({ worn: false, beforeLaterInstall: true });
    expect(history.flags).toEqual([]);
  });
});

describe('past findings and what was decided', () => {
  it('lists the failed and warning items of completed inspections, latest first, with the answer or none', () => {
    const history = vehicleTireHistory(
      records({
        visits: [visit('v1', '2025-03-01T17:00:00Z'), visit('v2', '2026-03-01T17:00:00Z'), visit('v3', null)],
        reports: [
          report('v1', '2025-03-01T16:00:00Z', {
            Battery: { status: 'Failed', notes: 'Fails the load test', decision: 'Declined' },
            'Left front tread': { status: 'Passed', depth: 8 },
          }),
          report('v2', '2026-03-01T16:00:00Z', {
            'Left front tread': { status: 'Warning', depth: 4, decision: 'Approved' },
            Battery: { status: 'Failed', notes: 'Still weak' },
          }),
          // Still being filled in: not a finding the customer was told of yet.
          report('v3', '2026-11-25T15:00:00Z', { Battery: { status: 'Failed', notes: 'Dead' } }, false),
        ],
      }),
      today,
    );
    expect(history.findings.map((f) => [f.at.slice(0, 10), f.itemName, f.status, f.measurement, f.decision])).toEqual([
      ['2026-03-01', 'Battery', 'Failed', null, 'Not answered'],
      ['2026-03-01', 'Left front tread', 'Warning', 4, 'Approved'],
      ['2025-03-01', 'Battery', 'Failed', null, 'Declined'],
    ]);
    expect(history.findings[2]).toMatchObject({ groupName: 'Under the hood', notes: 'Fails the load test', measurementKind: 'none' });
  });

  it("finds a report by its visit when the report names no vehicle, and leaves another vehicle's report out", () => {
    const mine = report('v1', '2025-03-01T16:00:00Z', { 'Left front tread': { depth: 6 } });
    const theirs = report('x1', '2025-03-01T16:00:00Z', { 'Left front tread': { depth: 3 } });
    const history = vehicleTireHistory(
      records({
        visits: [visit('v1', '2025-03-01T17:00:00Z'), visit('x1', '2025-03-01T17:00:00Z', { vehicleId: 'another car' })],
        reports: [
          { ...mine, report: { ...mine.report, vehicleId: null } },
          { ...theirs, report: { ...theirs.report, vehicleId: 'another car' } },
        ],
      }),
      today,
    );
    expect(history.tread.map((p) => p.readings.map((r) => r.depth32nds))).toEqual([[6]]);
  });
});

describe('flags in words', () => {
  it.each([
    [
      { kind: 'oldTire', position: 1, years: 7, dotText: 'DOT U2 LL LMLR 4819' } as const,
      'Tire 2 is 7 years old by its DOT code (DOT U2 LL LMLR 4819): replace it',
    ],
    [{ kind: 'wornTread', name: 'Left rear tread', depth32nds: 4, at: '2026-11-25T16:00:00Z' } as const, 'Left rear tread: 4/32″ on Nov 25, at or below 4/32″'],
  ])('%j reads %j', (flag, words) => {
    expect(flagText(flag, () => 'Nov 25')).toBe(words);
  });
});

describe("the bay's inspection hint beside a tread item", () => {
  const date = (iso: string) => iso.slice(0, 10);
  const hint = (parts: Parameters<typeof records>[0], itemName = 'Left front tread') =>
    treadItemHint(vehicleTireHistory(records(parts), today), itemName, 'report-now', date);
  const now = (results: Parameters<typeof report>[2]) => report('now', '2026-11-25T15:00:00Z', results, false);

  it.each([
    [
      "a worn reading last time on this wheel, and none in this inspection's own reading",
      {
        visits: [visit('v1', '2026-03-01T17:00:00Z')],
        reports: [report('v1', '2026-03-01T16:00:00Z', { 'Left front tread': { depth: 4 } }), now({ 'Left front tread': { depth: 9 } })],
      },
      { text: 'Read 4/32″ on 2026-03-01: measure it again', warnNote: null },
    ],
    ['a worn reading on another wheel', { reports: [report('v1', '2026-03-01T16:00:00Z', { 'Right rear tread': { depth: 3 } })] }, null],
    [
      'a good reading last time, a worn one only in this inspection',
      { reports: [report('v1', '2026-03-01T16:00:00Z', { 'Left front tread': { depth: 6 } }), now({ 'Left front tread': { depth: 3 } })] },
      null,
    ],
    [
      'a worn reading before tires were fitted',
      {
        visits: [visit('v1', '2026-03-01T17:00:00Z')],
        tires: set('v1', 'New set', 'DOT 4B3N59K7R0124'),
        reports: [report('v1', '2026-03-01T16:00:00Z', { 'Left front tread': { depth: 2 } })],
      },
      null,
    ],
    [
      'one old tire on the vehicle',
      { visits: [visit('v1', '2021-03-01T17:00:00Z')], tires: [tire('v1', 0, 'Old', 'DOT U2LLLMLR0118'), tire('v1', 1, 'New', 'DOT 4B3N59K7R0124')] },
      {
        text: 'Tire 1 on this vehicle is 8 years old by its DOT code (DOT U2 LL LMLR 0118): warn if it is on this wheel',
        warnNote: 'Tire 8 years old by its DOT code (DOT U2 LL LMLR 0118)',
      },
    ],
    [
      'two old tires, and worn tread last time',
      {
        visits: [visit('v1', '2021-03-01T17:00:00Z')],
        tires: [tire('v1', 0, 'Old', 'DOT U2LLLMLR0118'), tire('v1', 2, 'Old too', 'DOT U2LLLMLR4820')],
        reports: [report('v2', '2026-03-01T16:00:00Z', { 'Left front tread': { depth: 3 } })],
      },
      {
        text: 'Read 3/32″ on 2026-03-01: measure it again. Tires 1, 3 on this vehicle are 6 years old or more by their DOT codes: warn on the wheels they are on',
        warnNote: 'Tire 6 years old or more by its DOT code',
      },
    ],
    ['nothing in the history', {}, null],
  ])('%s', (_, parts, expected) => {
    expect(hint(parts)).toEqual(expected);
  });
});
