import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { findIana, WINDOWS_TO_IANA_MAP } from 'windows-iana';
import { windowsZones } from '../../src/contract/windows-zones.ts';
import { instantToWallClock, invalidTimeZoneMessage, storeTimeZone, wallClockIsoToInstant, wallClockToInstant } from '../../src/domain/calendar/time-zone.ts';

describe('store time zones', () => {
  it.each([
    ['Eastern Standard Time', 'America/New_York'],
    ['Central Standard Time', 'America/Chicago'],
    ['Pacific Standard Time', 'America/Los_Angeles'],
  ])('map the Windows zone %s to %s', (windows, iana) => {
    expect(storeTimeZone(windows)).toBe(iana);
  });

  it('map every Windows zone to the zone windows-iana lists first, from the map alone', () => {
    const names = new Set(WINDOWS_TO_IANA_MAP.map((zone) => zone.windowsName as string));
    expect(
      windowsZones()
        .map(([name]) => name)
        .sort(),
    ).toEqual([...names].sort());
    for (const name of names) expect(storeTimeZone(name)).toBe(findIana(name)[0]);
  });

  it('fall back to the system zone and report the spec message for an unknown zone', () => {
    const reports: string[] = [];
    expect(storeTimeZone('Atlantis Standard Time', (m) => reports.push(m))).toBe(Temporal.Now.timeZoneId());
    expect(storeTimeZone(null, (m) => reports.push(m))).toBe(Temporal.Now.timeZoneId());
    expect(reports).toEqual([invalidTimeZoneMessage, invalidTimeZoneMessage]);
  });

  it('place a wall-clock time on the right instant across a daylight-saving change', () => {
    expect(wallClockToInstant(Temporal.PlainDate.from('2026-11-01'), 9, 0, 'America/New_York')).toBe('2026-11-01T14:00:00Z');
    expect(wallClockToInstant(Temporal.PlainDate.from('2026-10-31'), 9, 0, 'America/New_York')).toBe('2026-10-31T13:00:00Z');
  });
});

describe('wall clocks', () => {
  it.each([
    ['2026-11-23T14:00:00.000Z', 'America/New_York', '2026-11-23T09:00:00'],
    ['2026-03-08T13:00:00.000Z', 'America/New_York', '2026-03-08T09:00:00'],
    ['2026-11-01T06:30:00.000Z', 'America/New_York', '2026-11-01T01:30:00'],
    ['2026-11-23T23:59:59.000Z', 'Asia/Tokyo', '2026-11-24T08:59:59'],
    ['2026-11-23T00:00:00.000Z', 'UTC', '2026-11-23T00:00:00'],
  ])('read %s in %s as %s, and back', (iso, zone, wall) => {
    expect(instantToWallClock(iso, zone)).toBe(wall);
    if (iso !== '2026-11-01T06:30:00.000Z') expect(wallClockIsoToInstant(wall, zone)).toBe(iso);
  });
});
