import { spawnSync } from 'node:child_process';
/**
 * docs/api.md's list of every call, written from the routes the server registers (issue 47), so it cannot drift:
 * `node --import tsx scripts/api-doc.ts` rewrites it, tests/server/api-doc.test.ts fails when it is stale. The
 * hand-written prose above the marker line is kept as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { apiPaths } from '../src/contract/routes.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openPglite } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { twilioWebhookPaths } from '../server/messaging/twilio-webhooks.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const apiDocFile = path.join(root, 'docs', 'api.md');
export const generatedMarker = "<!-- Everything below is written by scripts/api-doc.ts from the server's routes: edit above this line. -->";

/** A route as the server registered it, with the file of ours that registered it. */
export interface ServerRoute {
  methods: string[];
  url: string;
  rateLimit: { max: number; timeWindow: string } | null;
  file: string | null;
}

/** Every route of the server as buildApp registers it, on a fresh database of its own (no build served). */
export async function serverRoutes(): Promise<ServerRoute[]> {
  const handle = await openPglite(null);
  try {
    await migrateToLatest(handle.db);
    const routes: ServerRoute[] = [];
    const config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:8080' }, root), staticDir: null };
    const app = await buildApp({ config, db: handle.db, logger: false, onRoute: (route) => routes.push(described(route)) });
    await app.ready();
    await app.close();
    return routes;
  } finally {
    await handle.close();
  }
}

function described(route: RouteOptions): ServerRoute {
  const methods = [route.method].flat().filter((m) => m !== 'HEAD');
  const rateLimit = (route.config as { rateLimit?: ServerRoute['rateLimit'] } | undefined)?.rateLimit ?? null;
  return { methods, url: route.url, rateLimit, file: registeringFile() };
}

/** The first file of ours (server/…) on the stack: the module whose app.get or app.post made the route. */
function registeringFile(): string | null {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  for (const [, file] of stack.matchAll(/\(?(?:file:\/\/)?([^\s()]+?\.ts):\d+:\d+\)?$/gm)) {
    const relative = path.relative(root, file!).split(path.sep).join('/');
    if (relative.startsWith('server/')) return relative;
  }
  return null;
}

/** Calls under /api and the hub answer 401 without sign-in unless a rate limit makes them public (a test holds them to it). */
export const needsSignIn = (route: ServerRoute) => !route.rateLimit && (route.url.startsWith('/api/') || route.url.startsWith('/hubs/'));

function who(route: ServerRoute): string {
  if (route.rateLimit) {
    const { max, timeWindow } = route.rateLimit;
    return `public, ${max} ${timeWindow === '1 minute' ? 'a minute' : `every ${timeWindow}`} per address`;
  }
  return needsSignIn(route) ? 'signed in' : 'public';
}

const namedPaths: [string, Record<string, string>][] = [
  ['apiPaths', apiPaths],
  ['twilioWebhookPaths', twilioWebhookPaths],
];

/** The contract's name of a path (`apiPaths.tireQuote`), which fillPath fills; null for a path it does not name. */
export function contractName(url: string): string | null {
  for (const [table, paths] of namedPaths) {
    const name = Object.entries(paths).find(([, p]) => p === url)?.[0];
    if (name) return `${table}.${name}`;
  }
  return null;
}

const methodOrder = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const methodRank = (m: string) => (methodOrder.includes(m) ? methodOrder.indexOf(m) : methodOrder.length);

/** The table: a row per path and who, its methods together; by path, so the order of registration never shows. */
export function routeTable(routes: ServerRoute[]): string {
  const rows = new Map<string, { methods: Set<string>; url: string; who: string; file: string | null }>();
  for (const route of routes) {
    if (route.methods.length === 0) continue;
    const row = { url: route.url, who: who(route), file: route.file };
    const key = JSON.stringify(row);
    const methods = route.methods.length > 5 ? ['any'] : route.methods;
    const existing = rows.get(key) ?? { ...row, methods: new Set<string>() };
    for (const m of methods) existing.methods.add(m);
    rows.set(key, existing);
  }
  const listed = [...rows.values()].map((row) => ({ ...row, methods: [...row.methods].sort((a, b) => methodRank(a) - methodRank(b)) }));
  // By code point, not by locale: the same order on every machine.
  const sorted = listed.sort((a, b) => (a.url === b.url ? methodRank(a.methods[0]!) - methodRank(b.methods[0]!) : a.url < b.url ? -1 : 1));
  const lines = sorted.map((row) => {
    const methods = row.methods.join(', ');
    const name = contractName(row.url);
    return `| \`${methods} ${row.url}\` | ${row.who} | ${name ? `\`${name}\`` : ''} | ${row.file ? `\`${row.file}\`` : ''} |`;
  });
  return ['| Call | Who | Contract name | Registered in |', '| --- | --- | --- | --- |', ...lines].join('\n');
}

/** Markdown as `npm run lint` wants it: Biome pads a table's columns, and one formatter decides how. */
function formatted(markdown: string): string {
  const biome = spawnSync(path.join(root, 'node_modules', '.bin', 'biome'), ['format', '--stdin-file-path=docs/api.md'], { input: markdown, encoding: 'utf8' });
  if (biome.status !== 0) throw new Error(`Biome could not format docs/api.md: ${biome.stderr}`);
  return biome.stdout;
}

/** docs/api.md as it should be: its prose above the marker, then the list of every call, formatted as lint wants. */
export function apiDoc(current: string, routes: ServerRoute[]): string {
  return formatted(unformattedApiDoc(current, routes));
}

function unformattedApiDoc(current: string, routes: ServerRoute[]): string {
  const at = current.indexOf(generatedMarker);
  const prose = (at === -1 ? current : current.slice(0, at)).trimEnd();
  return `${prose}

${generatedMarker}

## Every call

Every route the server registers, by path. **Who**: "signed in" calls answer 401 without an access token
(tests/server/api-doc.test.ts holds every one of them to it); "public" ones need none, and those with a rate limit
answer 429 past it. Roles and tenancy beyond that are in the notes above. **Contract name**: the path in the shared
contract, for \`fillPath(apiPaths.name, { … })\` (src/contract/fill-path.ts). Paths write parameters as \`:name\`.

${routeTable(routes)}
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = apiDoc(fs.readFileSync(apiDocFile, 'utf8'), await serverRoutes());
  fs.writeFileSync(apiDocFile, written);
  console.log(`Wrote ${path.relative(root, apiDocFile)}.`);
}
