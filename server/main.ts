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
  lines.push('', "Customers' pages (no sign-in):", ...(await demoPublicLinks(server.database.db, config.publicUrl, new Date())));
}
lines.push('', 'Press Ctrl+C to stop.', '');
console.log(lines.join('\n'));

let stopping = false;
// A service manager sends SIGTERM, a person Ctrl+C: either way requests in flight finish (for a bounded time,
// server/http/shutdown.ts), live connections are told to reconnect to another process, then Redis and the
// database are closed.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping (no new connections; finishing requests in flight)…`);
    server.close().then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
