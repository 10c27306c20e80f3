import type { InspectionTemplateGroup } from '../../contract/entities.ts';

/** What an item of an inspection measures, if anything, and in what unit. */
export const measurementLabels = {
  none: 'Pass / attention / fail only',
  treadDepth32nds: 'Tread depth (32nds of an inch)',
  pressurePsi: 'Pressure (psi)',
  brakePadMm: 'Brake pad (mm)',
} as const;

/** The template a store starts from, until its admin changes it: the usual multi-point inspection. */
export function defaultInspectionGroups(newId: () => string): InspectionTemplateGroup[] {
  const group = (name: string, items: [string, keyof typeof measurementLabels][]) => ({
    groupId: newId(),
    name,
    items: items.map(([itemName, measurement]) => ({ itemId: newId(), name: itemName, measurement })),
  });
  return [
    group('Tires', [
      ['Left front tread', 'treadDepth32nds'],
      ['Right front tread', 'treadDepth32nds'],
      ['Left rear tread', 'treadDepth32nds'],
      ['Right rear tread', 'treadDepth32nds'],
      ['Left front pressure', 'pressurePsi'],
      ['Right front pressure', 'pressurePsi'],
      ['Left rear pressure', 'pressurePsi'],
      ['Right rear pressure', 'pressurePsi'],
    ]),
    group('Brakes', [
      ['Front pads', 'brakePadMm'],
      ['Rear pads', 'brakePadMm'],
      ['Rotors', 'none'],
    ]),
    group('Under the hood', [
      ['Engine oil', 'none'],
      ['Coolant', 'none'],
      ['Brake fluid', 'none'],
      ['Battery', 'none'],
    ]),
    group('Lights and wipers', [
      ['Headlights', 'none'],
      ['Brake lights', 'none'],
      ['Wiper blades', 'none'],
    ]),
    group('Steering and suspension', [
      ['Shocks and struts', 'none'],
      ['Alignment (uneven tire wear)', 'none'],
    ]),
  ];
}

/** What is wrong with a template, in words a person can act on: names present and unique within their group. */
export function inspectionTemplateProblems(groups: InspectionTemplateGroup[]): Record<string, string[]> {
  const problems: string[] = [];
  if (groups.length === 0) problems.push('Add at least one group of items');
  const groupNames = new Set<string>();
  for (const g of groups) {
    const name = g.name.trim();
    if (!name) problems.push('Every group needs a name');
    else if (groupNames.has(name.toLowerCase())) problems.push(`Two groups are called ${name}`);
    groupNames.add(name.toLowerCase());
    if (g.items.length === 0 && name) problems.push(`${name} has no items`);
    const itemNames = new Set<string>();
    for (const item of g.items) {
      const itemName = item.name.trim();
      if (!itemName) problems.push(`Every item of ${name || 'a group'} needs a name`);
      else if (itemNames.has(itemName.toLowerCase())) problems.push(`${name} has two items called ${itemName}`);
      itemNames.add(itemName.toLowerCase());
    }
  }
  return problems.length > 0 ? { groups: [...new Set(problems)] } : {};
}
