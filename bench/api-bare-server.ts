/**
 * The bare baseline of bench/api-load.ts: a Fastify app with no token check, no scope, no OData, no zod and no
 * Kysely, whose routes send the SQL the real routes sent (captured statement by statement, with their
 * parameters) through `pg` and answer the rows. What a call costs when it does nothing but its SQL: the limit the
 * real route is measured against. Started by api-load.ts as its own process (as the real server is):
 *   node --import tsx bench/api-bare-server.ts   with BARE_SPEC (a JSON file: BareSpec), DATABASE_URL, PORT.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

/** One statement as the real route sent it: its text and parameters, and whether it ran inside the write's transaction. */
export interface CapturedStatement {
  text: string;
  values: unknown[];
  /** Sent on the transaction's connection (between its begin and commit, both included). */
  tx: boolean;
}

/** The statements of one call of a real route, and which statement's rows the bare route answers. */
export interface CapturedCall {
  statements: CapturedStatement[];
  /** The statement whose rows are the answer (the one that returned the most values). */
  answer: number;
  /** `list`: { items: rows } (the first `take` rows: a page asks for one more to know there is a next); `row`: the first row. */
  shape: 'list' | 'row';
  take?: number;
  /** The string in its parameters that each request's own id replaces (its Idempotency-Key and new value). */
  marker?: string;
}

export interface BareSpec {
  /** Prefix of the Idempotency-Key header before the request's id. */
  keyPrefix: string;
  visits: CapturedCall;
  /** customer id → the statements of its GET and of its PATCH. */
  customers: Record<string, { get: CapturedCall; patch: CapturedCall }>;
}

/** The type parsers the server's pool uses (server/db/connect.ts), so both answer the same rows. */
const parsers: Record<number, (value: string) => unknown> = {
  20: Number,
  1700: Number,
  1082: (value) => value,
  1184: (value) => new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString(),
};

const spec = JSON.parse(fs.readFileSync(process.env.BARE_SPEC!, 'utf8')) as BareSpec;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL!,
  options: '-c TimeZone=UTC',
  max: 10,
  types: {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      parsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
  },
});
pool.on('error', (error) => console.error('PostgreSQL closed an idle connection:', error.message));

const withId = (value: unknown, marker: string, id: string): unknown => {
  if (typeof value === 'string') return value.includes(marker) ? value.replaceAll(marker, id) : value;
  if (Array.isArray(value)) return value.map((v) => withId(v, marker, id));
  return value;
};

/**
 * Sends the call's statements one after another, as the real route did: outside a transaction each on a
 * connection of the pool, inside it all on one connection. With `id`, the call's marker in parameters becomes it.
 */
async function replay(call: CapturedCall, id?: string): Promise<unknown> {
  let answer: Record<string, unknown>[] = [];
  let client: pg.PoolClient | null = null;
  try {
    for (const [i, statement] of call.statements.entries()) {
      const values = id === undefined || !call.marker ? statement.values : statement.values.map((v) => withId(v, call.marker!, id));
      if (statement.tx && !client) client = await pool.connect();
      const result = statement.tx ? await client!.query(statement.text, values) : await pool.query(statement.text, values);
      if (i === call.answer) answer = result.rows as Record<string, unknown>[];
      if (client && !statement.tx) {
        client.release();
        client = null;
      }
    }
    client?.release();
    client = null;
  } catch (error) {
    if (client) {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
    throw error;
  }
  return call.shape === 'list' ? { items: call.take === undefined ? answer : answer.slice(0, call.take) } : answer[0];
}

const app = Fastify({ logger: false });
app.get('/bare/visits', () => replay(spec.visits));
app.get<{ Params: { customerId: string } }>('/bare/customers/:customerId', async (request, reply) => {
  const calls = spec.customers[request.params.customerId];
  if (!calls) return reply.code(404).send({ error: 'no captured call for this customer' });
  return replay(calls.get);
});
app.patch<{ Params: { customerId: string } }>('/bare/customers/:customerId', async (request, reply) => {
  const calls = spec.customers[request.params.customerId];
  const key = request.headers['idempotency-key'];
  if (!calls || typeof key !== 'string' || !key.startsWith(spec.keyPrefix))
    return reply.code(400).send({ error: 'no captured call for this customer, or no Idempotency-Key' });
  return replay(calls.patch, key.slice(spec.keyPrefix.length));
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log(`bare server listening on ${process.env.PORT}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  });
}
