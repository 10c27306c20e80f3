import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  url: string;
  output: () => string;
  stop(): Promise<void>;
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
    const ended = (signal: NodeJS.Signals) => new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill(signal);
    });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`server did not start in 60 s:\n${log}`)); }, 60_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Press Ctrl+C to stop.')) {
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${port}`,
          output: () => log,
          stop: () => ended('SIGTERM'),
          kill: () => ended('SIGKILL'),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}:\n${log}`)); });
  });
}
