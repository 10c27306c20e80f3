// npm test: type-check, lint, build (the PWA and the server), then every vitest project (unit, server, pg, e2e).
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

function run(name, command, args) {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  const ok = result.status === 0;
  const seconds = (Date.now() - started) / 1000;
  stepSeconds.push({ name, seconds });
  console.log(`=== ${name}: ${ok ? 'ok' : `failed (exit ${result.status ?? result.signal})`} in ${seconds.toFixed(1)} s`);
  return ok;
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

// Type-check, lint and the two builds count as one check each. Each is one process on one core: they run two at
// a time (the machines have two), their output printed whole when each ends.
function runBeside(name, command, args) {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')} (beside another)`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const seconds = (Date.now() - started) / 1000;
      stepSeconds.push({ name: `${name} (beside another)`, seconds });
      process.stdout.write(Buffer.concat(output));
      console.log(`=== ${name}: ${ok ? 'ok' : `failed (exit ${code ?? signal})`} in ${seconds.toFixed(1)} s`);
      resolve(ok);
    });
  });
}
const check = (name, ok) => results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
const [typecheckOk, lintOk] = await Promise.all([
  runBeside('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']),
  // The formatter's check (Biome, under a second) and ESLint: npm run lint, as a person runs it.
  runBeside('lint', 'npm', ['run', '--silent', 'lint']),
]);
check('typecheck', typecheckOk);
check('lint', lintOk);
// The server as production runs it (npm run start:prod): the tests that start a compiled process need it.
const [buildOk, serverBuildOk] = await Promise.all([
  runBeside('build', 'npx', ['vite', 'build', '--logLevel', 'warn']),
  runBeside('build server', 'npx', ['tsc', '-p', 'tsconfig.server.json']),
]);
check('build', buildOk);
check('build server', serverBuildOk);

const projects = ['unit', 'server', 'security', 'sync', 'zone Pacific/Kiritimati', 'zone America/Adak', 'pg'];
const browserReady = ensureChromium() && buildOk;
if (browserReady) ensureNginx();
if (browserReady) projects.push('e2e');
else results.push({ name: 'e2e', passed: 0, failed: 1 }, { name: 'e2e idle', passed: 0, failed: 1 });

const reportOf = (project) => path.join(os.tmpdir(), `alltrac-vitest-${project.replace(/\W+/g, '-')}-${process.pid}.json`);
const vitestArgs = (project) => ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${reportOf(project)}`];

// The end-to-end tests that mostly wait on a clock run beside everything else, their output kept until the end.
const idle = browserReady
  ? (() => {
      const log = path.join(os.tmpdir(), `alltrac-vitest-e2e-idle-${process.pid}.log`);
      const out = fs.openSync(log, 'w');
      const child = spawn('npx', vitestArgs('e2e idle'), { stdio: ['ignore', out, out], env });
      console.log('\n=== vitest e2e idle: started beside the other runners');
      const started = Date.now();
      return {
        log,
        done: new Promise((resolve) =>
          child.on('close', (code) => {
            fs.closeSync(out);
            stepSeconds.push({ name: 'vitest e2e idle (beside the others)', seconds: (Date.now() - started) / 1000 });
            resolve(code === 0);
          }),
        ),
      };
    })()
  : null;

function formatSeconds(seconds) {
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s` : `${seconds.toFixed(1)} s`;
}

function collect(project, exitedOk) {
  const report = reportOf(project);
  let passed = 0;
  let failed;
  let skipped = 0;
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    // A run that failed without a failing test (a file that did not load, an unhandled error) still counts
    // as one failure: vitest then exits non-zero while its report may say success.
    failed = json.numFailedTests + ((json.success === false || !exitedOk) && json.numFailedTests === 0 ? 1 : 0);
    skipped = json.numPendingTests + json.numTodoTests;
    for (const file of json.testResults ?? []) {
      if (file.endTime > file.startTime)
        fileSeconds.push({ name: `${project}: ${path.relative(process.cwd(), file.name)}`, seconds: (file.endTime - file.startTime) / 1000 });
    }
    fs.rmSync(report, { force: true });
  } catch {
    failed = 1; // the runner died before writing its report
  }
  results.push({ name: project, passed, failed, skipped });
}

for (const project of projects) collect(project, run(`vitest ${project}`, 'npx', vitestArgs(project)));

if (idle) {
  const ok = await idle.done;
  console.log(`\n=== vitest e2e idle (run beside the others): ${ok ? 'ok' : 'failed'}`);
  process.stdout.write(fs.readFileSync(idle.log, 'utf8'));
  fs.rmSync(idle.log, { force: true });
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
