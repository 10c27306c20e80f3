import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  output: () => string;
  /** Sends SIGTERM, as a service manager stops it, and resolves with its exit code once it has exited. */
  stop(): Promise<number | null>;
  /** Kills it at once (SIGKILL), as a crash or a pulled plug would: no shutdown, nothing finished. */
  kill(): Promise<void>;
}

/** The production build of the server (npm run build:server). */
const buildDir = path.resolve('dist-server');
export const compiledServer = path.join(buildDir, 'server/main.js');

/**
 * Throws unless the compiled server is there and newer than each source it was built from: a test must not
 * pass or fail on yesterday's code.
 */
export function assertServerBuilt(): void {
  const built = fs.existsSync(compiledServer) ? fs.statSync(compiledServer).mtimeMs : null;
  const stale =
    built === null
      ? null
      : fs
          .readdirSync(buildDir, { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.js'))
          .map((file) => file.replace(/\.js$/, '.ts'))
          .find((source) => fs.existsSync(source) && fs.statSync(source).mtimeMs > built);
  if (built === null || stale) {
    throw new Error(`The compiled server is ${built === null ? 'missing' : `older than ${stale}`}: run "npm run build:server" first (npm test builds it).`);
  }
}

/**
 * The server as a separate OS process, as production runs it; resolves once it listens. From its TypeScript
 * sources through tsx, or with `compiled` from dist-server/ as `npm run start:prod` runs it.
 */
export function startServerProcess(env: Record<string, string>, port: number, options: { compiled?: boolean } = {}): Promise<ServerProcess> {
  if (options.compiled) assertServerBuilt();
  const entry = options.compiled ? ['--enable-source-maps', compiledServer] : ['--import', 'tsx', 'server/main.ts'];
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, entry, {
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const ended = (signal: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 60 s:\n${log}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Press Ctrl+C to stop.')) {
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${port}`,
          output: () => log,
          stop: () => ended('SIGTERM'),
          kill: async () => {
            await ended('SIGKILL');
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });
}
