import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { localConfig, startLocalServer } from '../support/running-server.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a restart of the server on its data folder', () => {
  it('keeps every change and does not seed the demo company a second time', async () => {
    const config = await localConfig();
    dirs.push(config.dataDir);

    const first = await startLocalServer(config, { seedFromScratch: true });
    expect(first.seeded).toBe(true);
    const customers = await first.database.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await first.database.db.updateTable('storeLocations').set({ name: 'Renamed before restart' }).where('storeNumber', '=', 101).execute();
    await first.close();

    const second = await startLocalServer(await localConfig(config.dataDir));
    try {
      expect(second.seeded).toBe(false);
      const store = await second.database.db.selectFrom('storeLocations').select('name').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
      expect(store.name).toBe('Renamed before restart');
      const after = await second.database.db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(customers.n));
      const companies = await second.database.db.selectFrom('companies').select('id').execute();
      expect(companies).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
