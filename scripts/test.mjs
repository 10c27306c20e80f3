// npm test: build (the PWA and the server), type-check and lint, every vitest project, then the end-to-end tests.
// Ends with one plain line summing every runner: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const results = [];
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };

const runStarted = Date.now();
/** Each step's wall time, and each test file's, for the run's closing lines on where its time went. */
const stepSeconds = [];
const fileSeconds = [];

/**
 * Runs a step in the foreground, its output live. Never spawnSync: the idle end-to-end tests run beside it, and a
 * blocked event loop reads none of their output, so their processes stall on a full pipe.
 */
function run(name, command, args) {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    spawn(command, args, { stdio: 'inherit', env }).on('close', (code, signal) => {
      const ok = code === 0;
      const seconds = (Date.now() - started) / 1000;
      stepSeconds.push({ name, seconds });
      console.log(`=== ${name}: ${ok ? 'ok' : `failed (exit ${code ?? signal})`} in ${seconds.toFixed(1)} s`);
      resolve(ok);
    });
  });
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return true;
  if (process.platform === 'linux' && process.getuid?.() === 0) {
    console.log(`Chromium is missing at ${chromium}: installing Debian's chromium package…`);
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (install && install.status === 0 && fs.existsSync(chromium)) return true;
  }
  console.error(
    `Chromium is not installed at ${chromium} and could not be installed here. Install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH), then run npm test again.`,
  );
  return false;
}

// The scale-out end-to-end test balances with Debian's nginx, run on its own config and prefix (never the system
// service); without nginx it balances with a Node proxy instead and says so, so a failed install fails nothing.
function ensureNginx() {
  if (fs.existsSync(nginx) || process.platform !== 'linux' || process.getuid?.() !== 0) return;
  console.log(`nginx is missing at ${nginx}: installing Debian's nginx package…`);
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  if (update.status === 0)
    spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Runs a step in the background, its output printed whole when it ends (so two at once never interleave). */
function runQuietly(name, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      console.log(`\n=== ${name}: ${code === 0 ? 'ok' : `failed (exit ${code ?? signal})`} in ${formatSeconds(seconds)}`);
      process.stdout.write(Buffer.concat(output));
      resolve({ ok: code === 0, seconds });
    });
  });
}

// The two builds count as one check each; each is one process on one core, so they run side by side.
async function runBeside(name, command, args) {
  const { ok, seconds } = await runQuietly(name, command, args);
  stepSeconds.push({ name: `${name} (beside another)`, seconds });
  return ok;
}
const check = (name, ok) => results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });

// The seed's fingerprint, taken once as the run starts and handed to every vitest process (vitest.config.ts), so
// the projects, the idle end-to-end tests beside them included, share one seeded database.
const fingerprint = spawnSync('node', ['--import', 'tsx', '-e', "import('./tests/support/seed-cache.ts').then((m) => console.log(m.seedFingerprint()))"], {
  encoding: 'utf8',
});
if (fingerprint.status === 0) env.ALLTRAC_SEED_FINGERPRINT = fingerprint.stdout.trim();

// The builds first: the end-to-end tests need the PWA, and the tests that start a compiled process the server.
const [buildOk, serverBuildOk] = await Promise.all([
  runBeside('build', 'npx', ['vite', 'build', '--logLevel', 'warn']),
  // The server as production runs it (npm run start:prod): the tests that start a compiled process need it.
  runBeside('build server', 'npx', ['tsc', '-p', 'tsconfig.server.json']),
]);
check('build', buildOk);
check('build server', serverBuildOk);

const browserReady = ensureChromium() && buildOk;
if (browserReady) ensureNginx();
if (!browserReady) results.push({ name: 'e2e', passed: 0, failed: 1 }, { name: 'e2e idle', passed: 0, failed: 1 });

const reportOf = (project) => path.join(os.tmpdir(), `alltrac-vitest-${project.replace(/\W+/g, '-')}-${process.pid}.json`);
const vitestArgs = (project) => ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${reportOf(project)}`];

function formatSeconds(seconds) {
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s` : `${seconds.toFixed(1)} s`;
}

/** A vitest report's counts, and each file's time for the closing lines; a runner that died counts as one failure. */
function readReport(project, report, exitedOk) {
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    for (const file of json.testResults ?? []) {
      if (file.endTime > file.startTime)
        fileSeconds.push({ name: `${project}: ${path.relative(process.cwd(), file.name)}`, seconds: (file.endTime - file.startTime) / 1000 });
    }
    fs.rmSync(report, { force: true });
    // A run that failed without a failing test (a file that did not load, an unhandled error) still counts
    // as one failure: vitest then exits non-zero while its report may say success.
    const failed = json.numFailedTests + ((json.success === false || !exitedOk) && json.numFailedTests === 0 ? 1 : 0);
    return { passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 }; // the runner died before writing its report
  }
}
const collect = (project, exitedOk) => results.push({ name: project, ...readReport(project, reportOf(project), exitedOk) });

// Type-check and lint are one process on one core each: two at a time.
const [typecheckOk, lintOk] = await Promise.all([
  runBeside('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']),
  // The formatter's check (Biome, under a second) and ESLint: npm run lint, as a person runs it.
  runBeside('lint', 'npm', ['run', '--silent', 'lint']),
]);
check('typecheck', typecheckOk);
check('lint', lintOk);

// The end-to-end tests that mostly wait on a clock run beside everything else, their output kept until the end.
const idle = browserReady ? runQuietly('vitest e2e idle (run beside the others)', 'npx', vitestArgs('e2e idle')) : null;
// One project at a time, each with a worker per core: vitest's default leaves one core idle (cores minus one).
// Tried on 2026-11-29: the end-to-end files beside these projects made both three times slower (the server project
// 685 s against 239, a browser journey 287 s against 108), so the browsers wait for the core they would share.
const cores = os.availableParallelism();
for (const project of ['unit', 'server', 'security', 'sync', 'zone Pacific/Kiritimati', 'zone America/Adak', 'pg'])
  collect(project, await run(`vitest ${project}`, 'npx', [...vitestArgs(project), `--maxWorkers=${cores}`]));

// The end-to-end files one at a time, after the rest: beside the other projects, or two at a time, each ran about three
// times slower on two cores (tried on 2026-11-29), so neither finished sooner.
if (browserReady) collect('e2e', await run('vitest e2e', 'npx', vitestArgs('e2e')));
if (idle) {
  const { ok, seconds } = await idle;
  stepSeconds.push({ name: 'vitest e2e idle (beside the others)', seconds });
  collect('e2e idle', ok);
}

console.log('\nWhere the time went:');
for (const step of stepSeconds) console.log(`  ${step.name.padEnd(40)} ${formatSeconds(step.seconds)}`);
console.log(`  ${'the whole run'.padEnd(40)} ${formatSeconds((Date.now() - runStarted) / 1000)}`);
console.log('The ten slowest test files:');
for (const file of fileSeconds.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) console.log(`  ${formatSeconds(file.seconds).padStart(8)}  ${file.name}`);

console.log('\nSummary:');
for (const r of results) console.log(`  ${r.name.padEnd(24)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
const total = results.reduce((acc, r) => ({ passed: acc.passed + r.passed, failed: acc.failed + r.failed, skipped: acc.skipped + (r.skipped ?? 0) }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
