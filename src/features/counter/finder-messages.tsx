import { Select, Text } from '@mantine/core';
import { filtersInUse, type FinderFilters, type FinderQuery } from '../../domain/tires/tire-finder.ts';
import { tireServiceTypes, type TireServiceType } from '../../domain/tires/tire-service-type.ts';

/**
 * The list's empty state, saying why: the size cannot be one (the hint under the box says what is wrong), the
 * filters in use leave none (named, so the counter knows which to clear), or the catalogue has none; never "with
 * these filters" when no filter is set.
 */
export function NothingFound({ typed, query, filters }: { typed: string; query: FinderQuery | undefined; filters: FinderFilters }) {
  if (query?.kind === 'size' && query.problem !== null)
    return (
      <Text c="dimmed" size="sm">
        No tire found: fix the size above.
      </Text>
    );
  const inUse = filtersInUse(filters);
  if (inUse.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No tire in the catalogue matches “{typed}”.
      </Text>
    );
  return (
    <Text c="dimmed" size="sm">
      No tire in the catalogue matches “{typed}” with these filters: {inUse.join(', ')}. Clear one to see more.
    </Text>
  );
}

/** The service type filter: passenger, light truck, commercial, trailer or temporary spare (issue 46 item 7). */
export function ServiceTypeFilter({ value, onChange }: { value: TireServiceType | null; onChange: (next: TireServiceType | null) => void }) {
  return (
    <Select
      label="Service type"
      size="sm"
      w={170}
      clearable
      placeholder="Any"
      data={tireServiceTypes.map((t) => ({ value: t.value, label: t.label }))}
      value={value}
      onChange={(v) => onChange((v as TireServiceType | null) ?? null)}
    />
  );
}
