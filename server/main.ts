import { ConfigError, loadConfig } from './config.ts';
import { demoAccounts, demoPassword } from './seed/demo.ts';
import { demoPublicLinks } from './seed/public-links.ts';
import { startServer } from './start.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const server = await startServer(config);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
const lines = [
  '',
  `AllTrac staff app is running at ${config.publicUrl}`,
  `  server listening on ${server.url}, data in ${where}${server.seeded ? ' (demo data seeded now)' : ''}`,
];
if (config.seedDemo) {
  lines.push('', `Demo accounts (password: ${demoPassword}):`);
  for (const account of demoAccounts) lines.push(`  ${account.email.padEnd(22)} ${account.summary}`);
  lines.push('', 'Customers\' pages (no sign-in):', ...await demoPublicLinks(server.database.db, config.publicUrl, new Date()));
}
lines.push('', 'Press Ctrl+C to stop.', '');
console.log(lines.join('\n'));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping…');
    server.close().then(() => process.exit(0), (error: unknown) => { console.error(error); process.exit(1); });
  });
}
