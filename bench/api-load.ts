/**
 * npm run bench:api (PostgreSQL): the API under load from autocannon on 127.0.0.1, bounded (BENCH_CONNECTIONS
 * connections, 10; BENCH_SECONDS seconds a call, 10, in BENCH_ROUNDS turns, 2, taken in turn with its baseline,
 * after BENCH_WARMUP seconds of warm-up, 2), with one server process (no Redis) and with two on one database and
 * Redis (the connections spread over both); about 3.5 minutes. Each call is measured against a bare baseline in
 * the same run: a Fastify route (bench/api-bare-server.ts, its own process, one per server process) that sends the
 * very SQL the real route sent, captured statement by statement with its parameters (BENCH_SHOW_SQL=1 prints
 * them), through `pg` and answers its rows: the limit for that call. The calls (user@demo.test, the front counter
 * of store #101):
 * - the scheduler's visits list, `GET /api/alltrac/scheduled-visits?$top=50`;
 * - a customer, `GET /api/alltrac/customers/{id}`, over 50 customers in turn;
 * - a change to a customer, `PATCH` of its notes with a JSON patch and a new Idempotency-Key each time.
 * Any answer other than 2xx is an error: the run stops with it. A missed target is a measurement, not an error.
 *
 * npm run bench:api -- --profile: the same loads against one server process under `node --cpu-prof`, and where
 * its CPU time went per call (bench/profile-summary.ts). The profile is written to a temporary folder and removed.
 * PG_TEST_URL and REDIS_TEST_URL name the servers (defaults 127.0.0.1); it makes and drops its own database.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openPostgres } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { activeStoreHeader, apiPaths, occurredAtHeader, withApiVersion } from '../src/contract/routes.ts';
import { freePort } from '../tests/support/ports.ts';
import { createTestDatabase } from '../tests/support/postgres.ts';
import { redisUnavailable, redisUrl } from '../tests/support/redis.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import type { BareSpec, CapturedCall, CapturedStatement } from './api-bare-server.ts';
import { formatSummary, summarize, type CpuProfile } from './profile-summary.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Real and bare take turns this many times (seconds / rounds each turn): a change in the machine's load meets both. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const profiling = process.argv.includes('--profile');
const customerCount = 50;
const marker = 'capture0marker0f3c9e1a';
const keyPrefix = 'bench-';
const log = (message: string) => console.log(`[bench] ${message}`);

/** Microseconds of the monotonic clock V8's CPU profiles use too. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

interface Stoppable {
  stop(): Promise<unknown>;
}
const running: Stoppable[] = [];

/**
 * A Node process of ours (the bare server, or the server under the profiler: startServerProcess cannot pass Node
 * flags, and --cpu-prof is not allowed in NODE_OPTIONS); resolves once its output says `ready`.
 */
function startProcess(args: string[], env: Record<string, string>, port: number, ready: string): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not start in 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${port}`,
          output: () => output,
          stop: () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            return exited;
          },
          kill: async () => {
            child.kill('SIGKILL');
            await exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}
const startBareServer = (env: Record<string, string>, port: number) =>
  startProcess(['--import', 'tsx', 'bench/api-bare-server.ts'], env, port, 'bare server listening');

/** Stops a process started here, and forgets it. */
async function stop(process_: Stoppable): Promise<void> {
  running.splice(running.indexOf(process_), 1);
  await process_.stop();
}

/** A request as autocannon sends it, made anew for each request. */
interface Call {
  method: 'GET' | 'PATCH';
  path: () => string;
  headers: () => Record<string, string>;
  body?: (id: string) => string;
  /** The request's own id (Idempotency-Key and new value), when it has one. */
  id?: boolean;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  from: number;
  to: number;
}

/** Runs autocannon against `urls` (connections spread over them) for `duration` seconds, after a warm-up when asked. */
async function load(title: string, urls: string[], call: Call, duration = seconds, warm = true): Promise<Measured> {
  const run = async (duration: number) => {
    const result = await autocannon({
      // autocannon spreads the connections over a list of URLs; its types name one.
      url: urls as unknown as string,
      connections,
      duration,
      requests: [
        {
          setupRequest: (request) => {
            const id = call.id ? randomUUID() : '';
            return {
              ...request,
              method: call.method,
              path: call.path(),
              headers: { ...request.headers, ...call.headers(), ...(call.id ? { 'idempotency-key': `${keyPrefix}${id}` } : {}) },
              ...(call.body ? { body: call.body(id) } : {}),
            };
          },
        },
      ],
    });
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed > 0) {
      const probe = await fetch(`${urls[0]}${call.path()}`, {
        method: call.method,
        headers: { ...call.headers(), ...(call.id ? { 'idempotency-key': `${keyPrefix}${randomUUID()}` } : {}) },
        ...(call.body ? { body: call.body(randomUUID()) } : {}),
      }).then(
        async (r) => `${r.status} ${(await r.text()).slice(0, 500)}`,
        (error: unknown) => String(error),
      );
      throw new Error(
        `${title}: ${result.non2xx} answers not 2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests.total} requests (status codes ${JSON.stringify(result.statusCodeStats)}). One more such request answers: ${probe}`,
      );
    }
    return result;
  };
  if (warm && warmup > 0) await run(warmup);
  const from = nowUs();
  const result = await run(duration);
  const measured = {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    from,
    to: nowUs(),
  };
  log(`${title}: ${measured.rps.toFixed(0)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms`);
  return measured;
}

/** Turns of `rounds`, together: requests per second over all, p50 and p99 averaged weighted by requests. */
function combined(turns: Measured[]): Measured {
  const total = turns.reduce((n, t) => n + t.total, 0);
  const mean = (pick: (t: Measured) => number) => turns.reduce((sum, t) => sum + pick(t) * t.total, 0) / total;
  const rps = total / turns.reduce((sum, t) => sum + t.total / t.rps, 0);
  return {
    rps,
    p50: Math.round(mean((t) => t.p50) * 10) / 10,
    p99: Math.round(mean((t) => t.p99) * 10) / 10,
    total,
    from: turns[0]!.from,
    to: turns.at(-1)!.to,
  };
}

// Every statement a request sends, with its parameters, recorded at pg's Client.query while a capture runs.
interface Recorded {
  text: string;
  values: unknown[];
  client: object;
  size: number;
}
interface CaptureState {
  statements: Recorded[];
  open: boolean;
}
const capturing = new AsyncLocalStorage<CaptureState>();
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function query(this: object, ...args: unknown[]) {
  const result = clientQuery.apply(this, args);
  const capture = capturing.getStore();
  if (capture?.open && typeof args[0] === 'string') {
    const entry: Recorded = { text: args[0], values: (args[1] as unknown[] | undefined) ?? [], client: this, size: 0 };
    capture.statements.push(entry);
    void (result as Promise<{ rows?: Record<string, unknown>[] }>).then(
      (r) => {
        entry.size = (r.rows?.length ?? 0) * Object.keys(r.rows?.[0] ?? {}).length;
      },
      () => undefined,
    );
  }
  return result;
} as typeof pg.Client.prototype.query;

const replayable = (value: unknown): boolean =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) || (Array.isArray(value) && value.every(replayable));

/**
 * The statements a request sends to the database, as the bare server replays them. `request` sends the header
 * `captureHeader` with the id it is given: the app's first hook makes that request's work the capture's (Fastify's
 * inject does not carry the caller's async context into the request), so the jobs' polls stay out of it.
 */
async function capture(
  shape: CapturedCall['shape'],
  request: (captureId: string) => Promise<{ statusCode: number; body: string }>,
  callMarker?: string,
): Promise<CapturedCall> {
  const state = { statements: [] as Recorded[], open: true };
  const captureId = randomUUID();
  captures.set(captureId, state);
  const answer = await request(captureId);
  state.open = false;
  captures.delete(captureId);
  if (answer.statusCode >= 300) throw new Error(`capturing a call answered ${answer.statusCode}: ${answer.body.slice(0, 500)}`);
  if (state.statements.length === 0) throw new Error('capturing a call recorded no SQL');
  const inTransaction = new Set<object>();
  const statements: CapturedStatement[] = state.statements.map((s) => {
    if (/^\s*(begin|start transaction)\b/i.test(s.text)) inTransaction.add(s.client);
    const tx = inTransaction.has(s.client);
    if (/^\s*(commit|rollback)\b/i.test(s.text)) inTransaction.delete(s.client);
    const bad = s.values.find((v) => !replayable(v));
    if (bad !== undefined) throw new Error(`a parameter the bare server cannot replay (${String(bad)}) in: ${s.text}`);
    return { text: s.text, values: s.values, tx };
  });
  const biggest = Math.max(...state.statements.map((s) => s.size));
  return { statements, answer: state.statements.findIndex((s) => s.size === biggest), shape, ...(callMarker ? { marker: callMarker } : {}) };
}
const captureHeader = 'x-bench-capture';
const captures = new Map<string, CaptureState>();

const database = await createTestDatabase();
const handle = await openPostgres(database.url);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-bench-api-'));
try {
  log('migrating and seeding the demo company…');
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  const db = handle.db;
  const portA = await freePort();
  // Behind a balancer the processes answer for one public address: the tokens' issuer and audience.
  const publicUrl = `http://127.0.0.1:${portA}`;
  const store = await db.selectFrom('storeLocations').select(['id', 'companyId']).where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  const token = await mintAccessToken(db, 'user@demo.test', publicUrl);
  const customerIds = (
    await db
      .selectFrom('customers')
      .select('customerId')
      .where('companyId', '=', store.companyId)
      .where('deleted', '=', false)
      .where('mergedIntoCustomerId', 'is', null)
      .orderBy('customerId')
      .limit(customerCount + 1)
      .execute()
  ).map((c) => c.customerId);
  if (customerIds.length <= customerCount) throw new Error(`the demo company has only ${customerIds.length} customers`);

  const visitsPath = withApiVersion(`${apiPaths.scheduledVisits}?$top=50`);
  const customerPath = (id: string) => withApiVersion(apiPaths.customer.replace(':customerId', id));
  const patchBody = (id: string) => JSON.stringify([{ op: 'replace', path: '/notes', value: `Bench ${id}` }]);
  const headers = { authorization: `Bearer ${token}`, [activeStoreHeader]: String(store.id) };

  log('capturing the SQL each call sends…');
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: publicUrl }), db, logger: false });
  app.addHook('onRequest', (request, _reply, done) => {
    const state = captures.get(String(request.headers[captureHeader]));
    if (state) capturing.enterWith(state);
    done();
  });
  await app.ready();
  const inject = (method: 'GET' | 'PATCH', url: string, id?: string, captureId = '') =>
    app.inject({
      method,
      url,
      headers: {
        ...headers,
        [captureHeader]: captureId,
        ...(id !== undefined
          ? { 'content-type': 'application/json', 'idempotency-key': `${keyPrefix}${id}`, [occurredAtHeader]: new Date().toISOString() }
          : {}),
      },
      ...(id !== undefined ? { payload: patchBody(id) } : {}),
    });
  // Once each first, on a customer not in the set: whatever a process does once is not a call's work.
  const spare = customerIds.pop()!;
  for (const [method, url, id] of [
    ['GET', visitsPath],
    ['GET', customerPath(spare)],
    ['PATCH', customerPath(spare), randomUUID()],
  ] as const) {
    const answer = await inject(method, url, id);
    if (answer.statusCode !== 200) throw new Error(`${method} ${url} answered ${answer.statusCode}: ${answer.body}`);
  }
  const visits = await capture('list', (c) => inject('GET', visitsPath, undefined, c));
  visits.take = (await inject('GET', visitsPath)).json<{ items: unknown[] }>().items.length;
  const spec: BareSpec = { keyPrefix, visits, customers: {} };
  for (const [i, id] of customerIds.entries()) {
    // Changed once first: a customer's first change also normalizes its phone, which later ones do not.
    const first = await inject('PATCH', customerPath(id), randomUUID());
    if (first.statusCode !== 200) throw new Error(`PATCH of customer ${id} answered ${first.statusCode}: ${first.body}`);
    // Each its own marker (an Idempotency-Key is used once); equally long, so none is part of another.
    const own = `${marker}${String(i).padStart(4, '0')}`;
    spec.customers[id] = {
      get: await capture('row', (c) => inject('GET', customerPath(id), undefined, c)),
      patch: await capture('row', (c) => inject('PATCH', customerPath(id), own, c), own),
    };
  }
  await app.close();
  const specFile = path.join(scratch, 'bare-spec.json');
  fs.writeFileSync(specFile, JSON.stringify(spec));
  const counts = (calls: CapturedCall[]) => [...new Set(calls.map((c) => c.statements.length))].join('–');
  const statementCounts = {
    visits: counts([spec.visits]),
    get: counts(Object.values(spec.customers).map((c) => c.get)),
    patch: counts(Object.values(spec.customers).map((c) => c.patch)),
  };
  log(
    `statements a call sends: visits list ${statementCounts.visits}, customer GET ${statementCounts.get}, customer PATCH ${statementCounts.patch} (begin and commit included)`,
  );
  if (process.env.BENCH_SHOW_SQL) {
    for (const [name, call] of [
      ['visits list', spec.visits],
      ['customer GET', spec.customers[customerIds[0]!]!.get],
      ['customer PATCH', spec.customers[customerIds[0]!]!.patch],
    ] as const) {
      console.log(
        `\n${name}:\n${call.statements.map((s, i) => `  ${i === call.answer ? '*' : ' '}${s.tx ? 'tx ' : '   '}${s.text.replace(/\s+/g, ' ')}`).join('\n')}`,
      );
    }
  }

  let turn = 0;
  const nextCustomer = () => customerIds[turn++ % customerIds.length]!;
  const realCalls = {
    visits: { method: 'GET', path: () => visitsPath, headers: () => headers } satisfies Call,
    get: { method: 'GET', path: () => customerPath(nextCustomer()), headers: () => headers } satisfies Call,
    patch: {
      method: 'PATCH',
      path: () => customerPath(nextCustomer()),
      id: true,
      body: patchBody,
      headers: () => ({ ...headers, 'content-type': 'application/json', [occurredAtHeader]: new Date().toISOString() }),
    } satisfies Call,
  };
  const bareCalls = {
    visits: { method: 'GET', path: () => '/bare/visits', headers: () => ({}) } satisfies Call,
    get: { method: 'GET', path: () => `/bare/customers/${nextCustomer()}`, headers: () => ({}) } satisfies Call,
    patch: {
      method: 'PATCH',
      path: () => `/bare/customers/${nextCustomer()}`,
      id: true,
      body: patchBody,
      headers: () => ({ 'content-type': 'application/json' }),
    } satisfies Call,
  };
  const healthz: Call = { method: 'GET', path: () => '/healthz', headers: () => ({}) };
  const names = { visits: 'visits list ($top=50)', get: 'customer GET', patch: 'customer PATCH' } as const;

  /** The real and the bare answer the same rows. */
  const checkSameRows = async (real: string, bare: string) => {
    const json = async (response: Response) => {
      if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const realList = await json(await fetch(`${real}${visitsPath}`, { headers }));
    const bareList = await json(await fetch(`${bare}/bare/visits`));
    const ids = (items: unknown, key: string) => (items as Record<string, unknown>[]).map((row) => row[key]);
    if (JSON.stringify(ids(realList.items, 'scheduledVisitId')) !== JSON.stringify(ids(bareList.items, 'scheduled_visit_id')))
      throw new Error(
        `the bare visits list answers other rows than the real one: ${JSON.stringify(realList).slice(0, 300)} / ${JSON.stringify(bareList).slice(0, 300)}`,
      );
    const id = customerIds[0]!;
    const realRow = await json(await fetch(`${real}${customerPath(id)}`, { headers }));
    const bareRow = await json(await fetch(`${bare}/bare/customers/${id}`));
    if (realRow.customerId !== id || bareRow.customer_id !== id) throw new Error('the bare customer GET answers another row than the real one');
  };

  const dbEnv = { NODE_ENV: 'test', DATABASE_URL: database.url, PUBLIC_URL: publicUrl };
  const portB = await freePort();
  const bareEnv = { DATABASE_URL: database.url, BARE_SPEC: specFile };

  if (!profiling) {
    const table: string[][] = [];
    const phase = async (processes: 1 | 2) => {
      const label = processes === 1 ? 'one process' : 'two processes';
      const env = processes === 2 ? { ...dbEnv, REDIS_URL: redisUrl } : dbEnv;
      const real = await Promise.all([portA, portB].slice(0, processes).map((port) => startServerProcess(env, port)));
      const bare = await Promise.all(real.map(async () => startBareServer(bareEnv, await freePort())));
      running.push(...real, ...bare);
      await checkSameRows(real[0]!.url, bare[0]!.url);
      log(`${label}${processes === 2 ? ' (Redis backplane), the connections spread over both' : ''}:`);
      const health = await load(
        `/healthz, ${label}`,
        real.map((p) => p.url),
        healthz,
      );
      table.push([`/healthz, ${label} (reference: no database)`, `${health.rps.toFixed(0)} req/s`, '', '', '']);
      for (const key of ['visits', 'get', 'patch'] as const) {
        const realTurns: Measured[] = [];
        const bareTurns: Measured[] = [];
        for (let turn = 0; turn < rounds; turn++) {
          realTurns.push(
            await load(
              `${names[key]}, ${label}, real (${turn + 1}/${rounds})`,
              real.map((p) => p.url),
              realCalls[key],
              seconds / rounds,
              turn === 0,
            ),
          );
          bareTurns.push(
            await load(
              `${names[key]}, ${label}, bare (${turn + 1}/${rounds})`,
              bare.map((p) => p.url),
              bareCalls[key],
              seconds / rounds,
              turn === 0,
            ),
          );
        }
        const [r, b] = [combined(realTurns), combined(bareTurns)];
        table.push([`${names[key]}, ${label}: req/s`, `${r.rps.toFixed(0)} req/s`, `${b.rps.toFixed(0)} req/s`, (r.rps / b.rps).toFixed(2), 'ratio ≥ 0.5']);
        table.push([`  latency p50 / p99`, `${r.p50} / ${r.p99} ms`, `${b.p50} / ${b.p99} ms`, '', '']);
      }
      for (const p of [...real, ...bare]) await stop(p);
    };
    await phase(1);
    if (redisUnavailable) log(`two processes skipped: Redis is not reachable at ${redisUrl} (${redisUnavailable})`);
    else await phase(2);

    const header = ['metric', 'value', 'baseline (bare route)', 'ratio', 'target'];
    const widths = header.map((_, i) => Math.max(...[header, ...table].map((r) => r[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    console.log(
      [
        '',
        `API load, PostgreSQL, ${os.cpus().length} cores (load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(
            ' ',
          )} at the end): autocannon ${connections} connections, ${seconds} s a call (real and bare taking ${rounds} turns, after ${warmup} s of warm-up; latencies averaged over the turns); user@demo.test at store #101`,
        `SQL statements a call sends (real and bare alike): visits list ${statementCounts.visits}, customer GET ${statementCounts.get}, customer PATCH ${statementCounts.patch}`,
        line(header),
        `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
        ...table.map(line),
        '',
      ].join('\n'),
    );
  } else {
    const profileDir = path.join(scratch, 'profile');
    const server = await startProcess(
      ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx', 'server/main.ts'],
      dbEnv,
      portA,
      'Press Ctrl+C to stop.',
    );
    running.push(server);
    const windows: { key: keyof typeof names; from: number; to: number; total: number }[] = [];
    for (const key of ['visits', 'get', 'patch'] as const) {
      const r = await load(`${names[key]}, profiled`, [server.url], realCalls[key]);
      windows.push({ key, from: r.from, to: r.to, total: r.total });
    }
    await stop(server);
    const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`the server wrote no CPU profile in ${profileDir}`);
    const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
    console.log('');
    // The measured run only (its warm-up ended before `from`): autocannon's own start and stop at its edges.
    for (const w of windows)
      console.log(formatSummary(`${names[w.key]}, one process under --cpu-prof`, summarize(profile, w.total, { from: w.from, to: w.to })));
  }
} finally {
  for (const p of [...running]) await stop(p).catch(() => undefined);
  await handle.close();
  await database.drop();
  fs.rmSync(scratch, { recursive: true, force: true });
}
