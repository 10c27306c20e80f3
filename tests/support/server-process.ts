import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  url: string;
  output: () => string;
  /** Sends SIGTERM, as a service manager stops it, and resolves with its exit code once it has exited. */
  stop(): Promise<number | null>;
  /** Kills it at once (SIGKILL), as a crash or a pulled plug would: no shutdown, nothing finished. */
  kill(): Promise<void>;
}

/** `node server/main.ts` as a separate OS process, as production runs it; resolves once it listens. */
export function startServerProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const ended = (signal: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    };
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`server did not start in 60 s:\n${log}`)); }, 60_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Press Ctrl+C to stop.')) {
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${port}`,
          output: () => log,
          stop: () => ended('SIGTERM'),
          kill: async () => { await ended('SIGKILL'); },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}:\n${log}`)); });
  });
}
