import { ConfigError } from '../config.ts';
import { BackupError } from './backup-file.ts';

/**
 * Runs `npm run backup` or `npm run restore`: a refusal or a failure the operator can act on is printed alone and
 * exits 1; anything else is a fault and shows its stack.
 */
export async function runCommand(main: () => Promise<string>): Promise<void> {
  try {
    process.stdout.write(`${await main()}\n`);
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

/**
 * A command's arguments: the file named (the one argument not starting with --) and its options, `--name` (true) or
 * `--name=value`; an option not in `known` is refused by name.
 */
export function commandArguments(argv: string[], known: readonly string[]): { file: string | undefined; options: Map<string, string | true> } {
  const options = new Map<string, string | true>();
  for (const argument of argv.filter((a) => a.startsWith('--'))) {
    const [name = '', ...value] = argument.split('=');
    if (!known.includes(name)) throw new BackupError(`Unknown option ${name} (known: ${known.join(', ') || 'none'}).`);
    options.set(name, value.length > 0 ? value.join('=') : true);
  }
  const files = argv.filter((a) => !a.startsWith('--'));
  if (files.length > 1) throw new BackupError(`Name one backup file, not ${files.length}: ${files.join(', ')}.`);
  return { file: files[0], options };
}
