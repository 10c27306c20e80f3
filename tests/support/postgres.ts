import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the tests may use (every machine of this project runs one on 127.0.0.1:5432). */
export const adminUrl = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function probe(): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why PostgreSQL tests cannot run here, or null when they can. Said once, clearly, when they are skipped. */
export const postgresUnavailable = await probe();
if (postgresUnavailable) {
  // A machine meant to have PostgreSQL (CI sets REQUIRE_SERVICES) fails here instead of passing with its tests skipped.
  if (process.env.REQUIRE_SERVICES)
    throw new Error(`PostgreSQL is required here (REQUIRE_SERVICES) but cannot be reached at ${adminUrl}: ${postgresUnavailable}`);
  console.warn(
    `PostgreSQL tests skipped: cannot connect to ${adminUrl} (${postgresUnavailable}). Set PG_TEST_URL to a server where the tests may create databases.`,
  );
}

/** Creates a throwaway database; the returned drop() removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `alltrac_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
