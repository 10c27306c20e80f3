/**
 * The small OData subset the API speaks on list calls: $filter with eq ne gt ge lt le, and, or and
 * parentheses; $orderby with asc/desc; $top; $skip; $count; $expand. Anything else is refused with a 400
 * that says what is not supported. Field names are checked against the resource's own list, so a query can
 * never name a column the resource does not expose.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { ProblemError } from './problem.ts';

export type Literal = string | number | boolean | null;
export type Filter = { kind: 'compare'; field: string; op: CompareOp; value: Literal } | { kind: 'logical'; op: 'and' | 'or'; left: Filter; right: Filter };
export type CompareOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

export interface ODataQuery {
  filter: Filter | null;
  orderBy: { field: string; direction: 'asc' | 'desc' }[];
  top: number | null;
  skip: number;
  count: boolean;
  expand: string[];
}

export interface ODataResource {
  /** OData field name (as the client writes it, any case) → column as Kysely names it (camelCase). */
  fields: Record<string, string>;
  /** The contract schema of the fields: a value compared with a field must be one of its values. */
  schema?: z.ZodObject;
  expandable?: readonly string[];
  maxTop?: number;
}

/** The caller's $orderby, or the list's own order when the caller gave none. */
export function withDefaultOrder(query: ODataQuery, field: string, direction: 'asc' | 'desc' = 'asc'): ODataQuery {
  return query.orderBy.length > 0 ? query : { ...query, orderBy: [{ field, direction }] };
}

/** A $filter longer or deeper than any real screen sends is refused before it is parsed further. */
export const filterLimits = { length: 2000, depth: 16 } as const;
/** The largest page of a list that names no smaller one (and its page without $top). */
const defaultMaxTop = 500;
const int32 = 2_147_483_647;

const compareOps = new Set<CompareOp>(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const sqlOps: Record<CompareOp, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };

function bad(detail: string): never {
  throw new ProblemError('badRequest', detail);
}

type Token = { t: 'ident' | 'string' | 'number' | 'lparen' | 'rparen' | 'comma'; v: string };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (c === ' ') {
      i++;
      continue;
    }
    if (c === '(') {
      tokens.push({ t: 'lparen', v: c });
      i++;
      continue;
    }
    if (c === ')') {
      tokens.push({ t: 'rparen', v: c });
      i++;
      continue;
    }
    if (c === ',') {
      tokens.push({ t: 'comma', v: c });
      i++;
      continue;
    }
    if (c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= input.length) bad('$filter has a string without its closing quote.');
        if (input[i] === "'") {
          if (input[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += input[i++];
      }
      tokens.push({ t: 'string', v: value });
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_./]*|^-?\d[\dT:.\-+Z]*/.exec(input.slice(i));
    if (!word) bad(`$filter has an unexpected character "${c}" at position ${i + 1}.`);
    const v = word[0];
    tokens.push({ t: /^-?\d/.test(v) ? 'number' : 'ident', v });
    i += v.length;
  }
  return tokens;
}

function parseFilter(input: string, resource: ODataResource): Filter {
  if (input.length > filterLimits.length) bad(`$filter may be at most ${filterLimits.length} characters long.`);
  const tokens = tokenize(input);
  let pos = 0;
  let depth = 0;
  const peek = () => tokens[pos];
  const next = () => tokens[pos++];

  const literal = (): Literal => {
    const tok = next();
    if (!tok) bad('$filter ends where a value was expected.');
    if (tok.t === 'string') return tok.v;
    if (tok.t === 'number') {
      if (/^-?\d+(\.\d+)?$/.test(tok.v)) return Number(tok.v);
      if (!Number.isNaN(Date.parse(tok.v))) return new Date(tok.v).toISOString();
      bad(`$filter value "${tok.v}" is neither a number nor a date.`);
    }
    if (tok.t === 'ident' && (tok.v === 'true' || tok.v === 'false')) return tok.v === 'true';
    if (tok.t === 'ident' && tok.v === 'null') return null;
    bad(`$filter value "${tok.v}" is not supported; use a number, a 'quoted string', a date, true, false or null.`);
  };

  const comparison = (): Filter => {
    const tok = next();
    if (tok?.t === 'lparen') {
      if (++depth > filterLimits.depth) bad(`$filter may nest parentheses at most ${filterLimits.depth} deep.`);
      const inner = orExpr();
      if (next()?.t !== 'rparen') bad('$filter has a parenthesis that is not closed.');
      depth--;
      return inner;
    }
    if (!tok || tok.t !== 'ident') bad('$filter expects a field name.');
    if (peek()?.t === 'lparen') bad(`$filter function "${tok.v}" is not supported; use eq, ne, gt, ge, lt, le, and, or and parentheses.`);
    const field = resolveField(tok.v, resource, '$filter');
    const opTok = next();
    if (!opTok || opTok.t !== 'ident' || !compareOps.has(opTok.v as CompareOp)) {
      bad(`$filter operator "${opTok?.v ?? ''}" is not supported; use eq, ne, gt, ge, lt or le.`);
    }
    return { kind: 'compare', field, op: opTok.v as CompareOp, value: checkedValue(field, literal(), resource) };
  };

  const andExpr = (): Filter => {
    let left = comparison();
    while (peek()?.t === 'ident' && peek()!.v === 'and') {
      next();
      left = { kind: 'logical', op: 'and', left, right: comparison() };
    }
    return left;
  };
  const orExpr = (): Filter => {
    let left = andExpr();
    while (peek()?.t === 'ident' && peek()!.v === 'or') {
      next();
      left = { kind: 'logical', op: 'or', left, right: andExpr() };
    }
    return left;
  };

  const result = orExpr();
  if (pos < tokens.length) bad(`$filter has unexpected "${tokens[pos]!.v}"; only eq, ne, gt, ge, lt, le, and, or and parentheses are supported.`);
  return result;
}

/** A value compared with a field must be one the field can hold: said in words, never left to the database. */
function checkedValue(field: string, value: Literal, resource: ODataResource): Literal {
  if (value === null) return value;
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) > int32) bad(`$filter compares ${field} with ${value}, which is out of range.`);
  const type = resource.schema?.shape[field] as z.ZodType | undefined;
  const checked = type?.safeParse(value);
  if (checked && !checked.success)
    bad(`$filter compares ${field} with ${JSON.stringify(value)}: ${checked.error.issues[0]?.message ?? 'not a value it can hold'}.`);
  return value;
}

function resolveField(name: string, resource: ODataResource, option: string): string {
  const key = Object.keys(resource.fields).find((f) => f.toLowerCase() === name.toLowerCase());
  if (!key) bad(`${option} names an unknown field "${name}"; known fields: ${Object.keys(resource.fields).join(', ')}.`);
  return key;
}

function nonNegativeInt(option: string, value: string): number {
  if (!/^\d+$/.test(value)) bad(`${option} must be a whole number of zero or more.`);
  return Number(value);
}

const supportedOptions = new Set(['$filter', '$orderby', '$top', '$skip', '$count', '$expand']);

/** Reads the OData options of a query string object; other parameters are left to the route. */
export function parseODataQuery(query: Record<string, unknown>, resource: ODataResource): ODataQuery {
  for (const key of Object.keys(query)) {
    if (key.startsWith('$') && !supportedOptions.has(key.toLowerCase())) {
      bad(`The query option ${key} is not supported; use $filter, $orderby, $top, $skip, $count or $expand.`);
    }
  }
  const get = (name: string): string | undefined => {
    const key = Object.keys(query).find((k) => k.toLowerCase() === name);
    const value = key === undefined ? undefined : query[key];
    if (Array.isArray(value)) bad(`${name} is given more than once.`);
    return value === undefined ? undefined : String(value);
  };

  const filterText = get('$filter');
  const orderText = get('$orderby');
  const topText = get('$top');
  const skipText = get('$skip');
  const countText = get('$count');
  const expandText = get('$expand');

  const orderBy = orderText
    ? orderText.split(',').map((part) => {
        const [name, dir = 'asc', ...rest] = part.trim().split(/\s+/);
        if (!name || rest.length || (dir !== 'asc' && dir !== 'desc')) bad(`$orderby "${part.trim()}" must be a field name followed by asc or desc.`);
        return { field: resolveField(name, resource, '$orderby'), direction: dir as 'asc' | 'desc' };
      })
    : [];

  const maxTop = resource.maxTop ?? defaultMaxTop;
  const top = topText === undefined ? null : nonNegativeInt('$top', topText);
  if (top !== null && top > maxTop) bad(`$top may be at most ${maxTop}.`);

  if (countText !== undefined && countText !== 'true' && countText !== 'false') bad('$count must be true or false.');

  const expand = expandText ? expandText.split(',').map((e) => e.trim()) : [];
  for (const name of expand) {
    if (!resource.expandable?.some((x) => x.toLowerCase() === name.toLowerCase())) {
      bad(`$expand "${name}" is not supported here${resource.expandable?.length ? `; use ${resource.expandable.join(', ')}` : ''}.`);
    }
  }

  return {
    filter: filterText ? parseFilter(filterText, resource) : null,
    orderBy,
    top,
    skip: skipText === undefined ? 0 : nonNegativeInt('$skip', skipText),
    count: countText === 'true',
    expand: expand.map((name) => resource.expandable!.find((x) => x.toLowerCase() === name.toLowerCase())!),
  };
}

/** The filter as a SQL condition over the resource's columns, with every value bound as a parameter. */
export function filterToSql(filter: Filter, resource: ODataResource): RawBuilder<SqlBool> {
  if (filter.kind === 'logical') {
    const op = filter.op === 'and' ? sql`and` : sql`or`;
    return sql<SqlBool>`(${filterToSql(filter.left, resource)} ${op} ${filterToSql(filter.right, resource)})`;
  }
  const column = sql.ref(resource.fields[filter.field]!);
  if (filter.value === null) {
    if (filter.op === 'eq') return sql<SqlBool>`${column} is null`;
    if (filter.op === 'ne') return sql<SqlBool>`${column} is not null`;
    bad(`$filter can compare ${filter.field} with null only by eq or ne.`);
  }
  return sql<SqlBool>`${column} ${sql.raw(sqlOps[filter.op])} ${filter.value}`;
}

export function orderByToSql(order: ODataQuery['orderBy'], resource: ODataResource): Expression<unknown>[] {
  return order.map((o) => sql`${sql.ref(resource.fields[o.field]!)} ${sql.raw(o.direction)}`);
}

/** A list's answer: a page of items, the count before paging when asked, and the next page's $skip when there is one. */
export interface ListPage<O> {
  items: O[];
  count?: number;
  /** Turned into `nextLink` (this call with $skip at the next page) before the answer is sent: nextPageLinks. */
  nextSkip?: number;
}

/**
 * Runs a list call: the filter, the count (before paging) when asked, the order (with a tiebreak so pages
 * are stable) and the page. Every list is a page (DESIGN.md): without $top, the list's largest page. Answers
 * `{ items }`, plus `count` when $count=true, plus the way to the next page when there are more rows.
 */
export async function runODataList<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ODataQuery,
  resource: ODataResource,
  tiebreak: string,
): Promise<ListPage<O>> {
  const filtered = query.filter ? base.where(filterToSql(query.filter, resource)) : base;
  const count = query.count
    ? Number(((await filtered.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()) as { n: number }).n)
    : undefined;
  let page = filtered;
  for (const order of orderByToSql(query.orderBy, resource)) page = page.orderBy(order);
  page = page.orderBy(sql.ref(tiebreak));
  if (query.skip) page = page.offset(query.skip);
  const top = query.top ?? resource.maxTop ?? defaultMaxTop;
  // One row more than the page tells whether another page follows, without counting the whole list.
  const rows = await page.limit(top + 1).execute();
  const items = rows.slice(0, top);
  return {
    items,
    ...(count === undefined ? {} : { count }),
    ...(rows.length > top ? { nextSkip: query.skip + top } : {}),
  };
}

/**
 * Answers of list calls carry `nextLink`, the same call with `$skip` at the next page (OData's way), where
 * runODataList found one: added here, where the request's address is known.
 */
export function nextPageLinks(api: FastifyInstance): void {
  api.addHook('preSerialization', async (request, _reply, payload) => {
    if (typeof payload !== 'object' || payload === null || !('nextSkip' in payload)) return payload;
    const { nextSkip, ...rest } = payload as { nextSkip: number };
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('$skip', String(nextSkip));
    // `$` needs no escaping in a query: the link reads as the options a person wrote.
    return { ...rest, nextLink: `${url.pathname}${url.search.replace(/%24/g, '$')}` };
  });
}
