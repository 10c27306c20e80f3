import { describe, expect, it } from 'vitest';
import { ShiftedClock } from '../../server/clock.ts';
import { counterReady } from '../../src/features/counter/counter-readiness.ts';
import { syncTestEnvironment } from '../support/sync-harness.ts';

// The machine's clock: the day's seeded demo serves it, and nothing here depends on the hour.
const env = syncTestEnvironment(new ShiftedClock());

describe("the tire counter on a device's first sync", () => {
  it("says it is still loading while tires have come and the rest of the catalogue and the store's stock have not, and opens once the sync is complete", async () => {
    const d = env.device(200);
    // A page at a time, as a slow link brings them, until the first tires are on the device.
    for (let page = 0; page < 200 && (await d.db.collection('catalogueTires').count()) === 0; page++) {
      d.network.failAfter = 1;
      await d.engine.pull().catch(() => undefined);
    }
    const tires = await d.db.collection('catalogueTires').count();
    expect(tires).toBeGreaterThan(0);
    expect(tires).toBeLessThan(
      Number(
        (
          await env.server.database.db
            .selectFrom('tires')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    expect(await counterReady(d.db)).toBe(false);

    d.network.failAfter = Number.POSITIVE_INFINITY;
    await d.engine.pull();
    expect(await counterReady(d.db)).toBe(true);
    const stock = await env.server.database.db
      .selectFrom('inventorySummaries')
      .select('tireId')
      .where('storeId', '=', env.store)
      .where('deleted', '=', false)
      .execute();
    expect(await d.db.collection('inventorySummaries').count()).toBe(stock.length);
  });
});
