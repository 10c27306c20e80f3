import { describe, expect, it } from 'vitest';
import { parseODataQuery, type ODataResource } from '../../server/http/odata.ts';

const resource: ODataResource = {
  fields: { storeNumber: 'storeNumber', name: 'name', isRead: 'isRead', visitDate: 'visitDate' },
  expandable: ['specialStoreHours'],
  maxTop: 100,
};
const parse = (query: Record<string, string>) => parseODataQuery(query, resource);

describe('the OData subset parser', () => {
  it.each([
    ['storeNumber eq 101', { kind: 'compare', field: 'storeNumber', op: 'eq', value: 101 }],
    ["name ne 'O''Brien'", { kind: 'compare', field: 'name', op: 'ne', value: "O'Brien" }],
    ['IsRead eq false', { kind: 'compare', field: 'isRead', op: 'eq', value: false }],
    ['visitDate ge 2026-11-14T00:00:00Z', { kind: 'compare', field: 'visitDate', op: 'ge', value: '2026-11-14T00:00:00.000Z' }],
    ['name eq null', { kind: 'compare', field: 'name', op: 'eq', value: null }],
  ])('reads the comparison %s', (filter, expected) => {
    expect(parse({ $filter: filter }).filter).toEqual(expected);
  });

  it('binds and tighter than or, and parentheses override it', () => {
    const plain = parse({ $filter: 'storeNumber eq 1 or storeNumber eq 2 and isRead eq true' }).filter;
    expect(plain).toMatchObject({ op: 'or', right: { op: 'and' } });
    const grouped = parse({ $filter: '(storeNumber eq 1 or storeNumber eq 2) and isRead eq true' }).filter;
    expect(grouped).toMatchObject({ op: 'and', left: { op: 'or' } });
  });

  it('reads orderby, top, skip, count and expand, matching names in any letter case', () => {
    expect(parse({ $orderby: 'VisitDate desc, storeNumber', $top: '10', $skip: '20', $count: 'true', $expand: 'SpecialStoreHours' })).toEqual({
      filter: null,
      orderBy: [
        { field: 'visitDate', direction: 'desc' },
        { field: 'storeNumber', direction: 'asc' },
      ],
      top: 10,
      skip: 20,
      count: true,
      expand: ['specialStoreHours'],
    });
  });

  it('leaves ordinary query parameters to the route', () => {
    expect(parse({ 'api-version': '1.0', search: 'smith' }).filter).toBeNull();
  });

  it.each([
    [{ $filter: 'storeNumber eq' }, 'ends where a value was expected'],
    [{ $filter: 'storeNumber eq 1 xor name eq 2' }, 'unexpected "xor"'],
    [{ $filter: '(storeNumber eq 1' }, 'parenthesis that is not closed'],
    [{ $filter: 'storeNumber eq banana' }, 'value "banana" is not supported'],
    [{ $filter: 'visitDate eq 2026-13-45T99:00' }, 'neither a number nor a date'],
    [{ $filter: "startswith(name, 'A')" }, 'function "startswith" is not supported'],
    [{ $top: '101' }, '$top may be at most 100'],
    [{ $skip: '1.5' }, '$skip must be a whole number'],
    [{ $count: 'yes' }, '$count must be true or false'],
    [{ $search: 'x' }, '$search is not supported'],
  ])('refuses %j with a message that says why', (query, fragment) => {
    expect(() => parse(query as Record<string, string>)).toThrow(fragment);
  });
});
