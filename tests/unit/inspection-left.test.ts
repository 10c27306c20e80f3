import { describe, expect, it } from 'vitest';
import type { InspectionTemplateGroup } from '../../src/contract/entities.ts';
import type { InspectionItemStatus } from '../../src/contract/enum-values.ts';
import { completeQuestion, inspectionLeft, inspectionProgress, leftText } from '../../src/domain/inspections/inspections.ts';

const names = [
  'Headlights',
  'Brake lights',
  'Horn',
  'Wiper blades',
  'Battery',
  'Left front tread',
  'Right front tread',
  'Left rear tread',
  'Right rear tread',
  'Brake pads',
];
const groups: InspectionTemplateGroup[] = [
  { groupId: 'g1', name: 'Lights and electrics', items: names.slice(0, 5).map((name, i) => ({ itemId: `i${i}`, name, measurement: 'none' as const })) },
  { groupId: 'g2', name: 'Tires and brakes', items: names.slice(5).map((name, i) => ({ itemId: `i${i + 5}`, name, measurement: 'none' as const })) },
];
const result = (i: number, status: InspectionItemStatus = 'Passed') => ({ itemId: `i${i}`, status });

describe('what an inspection has left (issue 53 item 5)', () => {
  it.each<[string, { itemId: string; status: InspectionItemStatus }[], string[]]>([
    ["nothing inspected: every item, in the template's order", [], names],
    ['the first three judged', [result(0), result(1, 'Warning'), result(2, 'Failed')], names.slice(3)],
    ['an item marked not inspected again still counts as left', [result(0), result(1, 'NotInspected')], names.slice(1)],
    ['a result of an item the template does not name changes nothing', [result(99)], names],
    ['every item judged: nothing', names.map((_, i) => result(i)), []],
  ])('%s', (_, results, left) => {
    expect(inspectionLeft(groups, results)).toEqual({ left, total: 10 });
    expect(inspectionProgress(groups, results)).toEqual({ done: 10 - left.length, total: 10 });
  });

  it.each<[string, string[], string | null]>([
    ['nothing left', [], null],
    ['one item', ['Horn'], '1 of 10 items is not inspected: Horn'],
    ['three items, all named', ['Horn', 'Battery', 'Brake pads'], '3 of 10 items are not inspected: Horn, Battery, Brake pads'],
    ['more than three: the first three and how many more', names.slice(2), '8 of 10 items are not inspected: Horn, Wiper blades, Battery and 5 more'],
  ])('says it in words: %s', (_, left, words) => {
    expect(leftText({ left, total: 10 })).toBe(words);
  });

  it('asks before completing an inspection with items left, and not when every item has a result', () => {
    expect(completeQuestion('inspection', { completedAt: null }, { left: names.slice(8), total: 10 })).toBe(
      "2 of 10 items are not inspected: Right rear tread, Brake pads. The customer's report shows them as not inspected.",
    );
    expect(completeQuestion('inspection', { completedAt: null }, { left: [], total: 10 })).toBeNull();
  });

  it('asks before completing the work while the inspection is open, saying what is left; not once it is complete, nor without one', () => {
    expect(completeQuestion('work', { completedAt: null }, { left: names.slice(2), total: 10 })).toBe(
      'The inspection is still in progress. 8 of 10 items are not inspected: Horn, Wiper blades, Battery and 5 more.',
    );
    expect(completeQuestion('work', { completedAt: null }, { left: [], total: 10 })).toBe(
      'The inspection is still in progress: every item has a result, but it is not marked complete.',
    );
    expect(completeQuestion('work', { completedAt: '2030-06-04T15:00:00.000Z' }, { left: names, total: 10 })).toBeNull();
    expect(completeQuestion('work', null, { left: [], total: 0 })).toBeNull();
  });
});
