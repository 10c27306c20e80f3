import fs from 'node:fs';
import path from 'node:path';

/** The texts a server with no Twilio credentials handed to its SMS sink, in its data folder. */
export function textsInSink(dataDir: string): { to: string; body: string }[] {
  const dir = path.join(dataDir, 'sms');
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  return fs.readdirSync(dir).map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { to: string; body: string });
}
