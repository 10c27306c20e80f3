import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../src/app/relative-time.ts';

const now = Date.parse('2026-11-21T12:00:00Z');
describe('relative times', () => {
  it.each([
    ['2026-11-21T11:59:45Z', 'just now'],
    ['2026-11-21T11:55:00Z', '5 minutes ago'],
    ['2026-11-21T09:00:00Z', '3 hours ago'],
    ['2026-11-18T12:00:00Z', '3 days ago'],
    ['2026-11-21T14:00:00Z', 'in 2 hours'],
  ])('read %s as "%s"', (iso, words) => {
    expect(relativeTime(iso, now)).toBe(words);
  });
});
