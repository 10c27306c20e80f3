import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number | null;
  output: string;
}

/**
 * `npm run backup` or `npm run restore` as an operator runs it: the script in a process of its own, with only the
 * settings given (and PATH, where pg_dump and pg_restore are found).
 */
export function runBackupCommand(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${command}.ts`, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** The same, failing the test with the command's own words unless it succeeded. */
export async function mustRun(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<string> {
  const result = await runBackupCommand(command, args, env);
  if (result.code !== 0) throw new Error(`npm run ${command} exited with ${result.code}:\n${result.output}`);
  return result.output;
}
