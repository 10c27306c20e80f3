/**
 * Where a server's CPU time goes, from a V8 CPU profile (node --cpu-prof): time per request by stage (token
 * check, scope, OData, zod, Kysely, pg, Fastify, JSON, Node's sockets, GC), the functions with the most self time,
 * and our own functions by the time spent in them and what they call (synchronously). bench/api-load.ts --profile
 * uses it on a window of the profile (one load); by hand:
 *   node --import tsx bench/profile-summary.ts <file.cpuprofile> [requests served]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The file of a frame as we name it: a package, a path of ours, a part of Node, or the frame's own name. */
function moduleOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return `(${functionName.replace(/^\(|\)$/g, '') || 'native'})`;
  const packaged = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (packaged) return packaged[1]!;
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:').replace(/^(node:[^/]+)\/.*$/, '$1');
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  return file.startsWith(root) ? path.relative(root, file) : file;
}

/** The stages time is told by; the first that claims a frame (walking from the sampled frame to its callers) gets its time. */
const stages: { name: string; claims: (module: string, frame: CallFrame) => boolean }[] = [
  // A system call: on a busy machine the samples also land here while the thread waits to run again.
  {
    name: 'socket writes (writev: HTTP answers, queries to PostgreSQL)',
    claims: (_m, f) => !f.url && /^(writev|writeBuffer|writeUtf8String|writeLatin1String|writeAsciiString)$/.test(f.functionName),
  },
  { name: 'pg type parsers (server/db/connect.ts: timestamps through Date)', claims: (m) => m === 'server/db/connect.ts' },
  { name: 'JSON.stringify / JSON.parse', claims: (_m, f) => !f.url && /^(stringify|parse|JSONStringify|JsonStringify)$/.test(f.functionName) },
  { name: 'token check (jose: JWT, RS256)', claims: (m) => m === 'jose' },
  { name: 'zod', claims: (m) => m === 'zod' },
  { name: 'OData (server/http/odata.ts)', claims: (m) => m === 'server/http/odata.ts' },
  {
    name: 'auth & scope (auth.ts, scope.ts, roles, visibility)',
    claims: (m) => /^(server\/auth\/|server\/sync\/scope\.ts|src\/domain\/(roles|visibility)\.ts)/.test(m),
  },
  { name: 'JSON patch (fast-json-patch)', claims: (m) => m === 'fast-json-patch' },
  { name: 'Kysely (build, compile, camelCase)', claims: (m) => m === 'kysely' },
  { name: 'pg (driver, protocol, type parsers)', claims: (m) => /^(pg|pg-protocol|pg-pool|pg-types|pg-connection-string|postgres-.*|pgpass)$/.test(m) },
  { name: 'Redis (hub backplane)', claims: (m) => m.startsWith('@redis/') || m === 'redis' || m === 'ioredis' },
  { name: 'hub (server/hub)', claims: (m) => m.startsWith('server/hub/') || m === 'ws' },
  { name: 'helmet (security headers, rebuilt on each request)', claims: (m) => m === 'helmet' || m === '@fastify/helmet' },
  {
    name: 'Fastify (routing, hooks, reply, plugins)',
    claims: (m) =>
      /^(fastify|find-my-way|avvio|light-my-request|@fastify\/.*|fast-json-stringify|fast-querystring|fast-uri|pino|secure-json-parse|toad-cache|process-warning|helmet)$/.test(
        m,
      ),
  },
  { name: 'write path (server/sync, server/db)', claims: (m) => m.startsWith('server/sync/') || m.startsWith('server/db/') },
  { name: 'routes & rules (server/modules, src/)', claims: (m) => m.startsWith('server/') || m.startsWith('src/') },
  { name: 'tsx (loader)', claims: (m) => m === 'tsx' || m === 'esbuild' },
  { name: 'GC', claims: (m) => m === '(garbage collector)' },
  { name: 'other packages', claims: (m) => !m.startsWith('node:') && !m.startsWith('(') },
];
/** A package function's line (ours run through tsx, whose lines do not match the sources: the name says enough). */
const lineOf = (module: string, frame: CallFrame) =>
  frame.url && !module.startsWith('server/') && !module.startsWith('src/') ? `:${frame.lineNumber + 1}` : '';
const nodeStage = 'Node: HTTP, sockets, streams, timers, crypto';
const vmStage = 'V8 / native (program)';

export interface ProfileSummary {
  /** Milliseconds of the window, and of it the CPU was busy (not idle). */
  windowMs: number;
  busyMs: number;
  requests: number;
  stages: { name: string; ms: number }[];
  selfByFunction: { name: string; ms: number }[];
  /** Our functions (server/, src/), by the time with them on the stack. */
  inclusiveOurs: { name: string; ms: number }[];
  byModule: { name: string; ms: number }[];
}

/** Sums a profile's samples (those within [from, to] µs of the monotonic clock, when given). */
export function summarize(profile: CpuProfile, requests: number, window?: { from: number; to: number }): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map<number, string>();
  const stackOf = (id: number): ProfileNode[] => {
    const stack: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!);
    return stack;
  };
  const classify = (id: number): string => {
    const known = stageOf.get(id);
    if (known) return known;
    const stack = stackOf(id);
    let stage = vmStage;
    const leaf = stack[0]!.callFrame;
    if (leaf.functionName === '(idle)') stage = '(idle)';
    else {
      const found = stack
        .map((n) => ({ m: moduleOf(n.callFrame), f: n.callFrame }))
        .map(({ m, f }) => stages.find((s) => s.claims(m, f))?.name)
        .find((s) => s !== undefined);
      if (found) stage = found;
      else if (stack.some((n) => n.callFrame.url.startsWith('node:'))) stage = nodeStage;
    }
    stageOf.set(id, stage);
    return stage;
  };

  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  const stageTime = new Map<string, number>();
  const selfTime = new Map<string, number>();
  const moduleTime = new Map<string, number>();
  const oursTime = new Map<string, number>();
  let t = profile.startTime;
  let windowUs = 0;
  let busyUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    // A sample stands for the time until the next one.
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (window && (t < window.from || t > window.to)) continue;
    windowUs += us;
    const id = profile.samples[i]!;
    const stage = classify(id);
    if (stage === '(idle)') continue;
    busyUs += us;
    add(stageTime, stage, us);
    const frame = byId.get(id)!.callFrame;
    const module = moduleOf(frame);
    add(moduleTime, module, us);
    add(selfTime, `${frame.functionName || '(anonymous)'} ${module}${lineOf(module, frame)}`, us);
    const seen = new Set<string>();
    for (const n of stackOf(id)) {
      const m = moduleOf(n.callFrame);
      if (!m.startsWith('server/') && !m.startsWith('src/')) continue;
      const name = `${n.callFrame.functionName || '(anonymous)'} ${m}`;
      if (!seen.has(name)) {
        seen.add(name);
        add(oursTime, name, us);
      }
    }
  }
  const sorted = (map: Map<string, number>) => [...map].map(([name, us]) => ({ name, ms: us / 1000 })).sort((a, b) => b.ms - a.ms);
  return {
    windowMs: windowUs / 1000,
    busyMs: busyUs / 1000,
    requests,
    stages: sorted(stageTime),
    selfByFunction: sorted(selfTime),
    inclusiveOurs: sorted(oursTime),
    byModule: sorted(moduleTime),
  };
}

/** The summary as text: per request (µs) when the number of requests is known. */
export function formatSummary(title: string, s: ProfileSummary, top = 15): string {
  const perCall = (ms: number) => (s.requests > 0 ? `${((ms * 1000) / s.requests).toFixed(0).padStart(6)} µs/call` : '');
  const pct = (ms: number) => `${((100 * ms) / Math.max(s.busyMs, 1e-9)).toFixed(1).padStart(5)} %`;
  const rows = (list: { name: string; ms: number }[], n: number) => list.slice(0, n).map((r) => `  ${perCall(r.ms)} ${pct(r.ms)}  ${r.name}`);
  return [
    `${title}: ${s.requests.toLocaleString()} requests; main thread busy (not idle) ${s.busyMs.toFixed(0)} ms of ${s.windowMs.toFixed(0)} ms (${((100 * s.busyMs) / Math.max(s.windowMs, 1e-9)).toFixed(0)} %)${s.requests > 0 ? `, ${((s.busyMs * 1000) / s.requests).toFixed(0)} µs per call` : ''}`,
    ' by stage (a sample goes to the first stage on its stack, from the running function to its callers):',
    ...rows(s.stages, 30),
    ' by package or file (self time):',
    ...rows(s.byModule, top),
    ' functions by self time:',
    ...rows(s.selfByFunction, top),
    ' our functions (server/, src/) by time on the stack (synchronous parts only):',
    ...rows(s.inclusiveOurs, top),
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, requests] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node --import tsx bench/profile-summary.ts <file.cpuprofile> [requests served]');
    process.exit(2);
  }
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  console.log(formatSummary(path.basename(file), summarize(profile, Number(requests ?? 0))));
}
