import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../src/contract/routes.ts';
import { fillPath } from '../src/contract/fill-path.ts';
import { apiCall } from '../tests/support/api.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { jobForTheTechnician } from './support/bay-job.ts';
import { firstSyncDone } from './support/idb.ts';
import { e2eEnvironment } from './support/server.ts';
import { shellReady, signIn } from './support/session.ts';

const env = e2eEnvironment();
const db = () => env.server.database.db;
let store: number;
let techId: string;
let counter: string;

beforeAll(async () => {
  store = (await db().selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
  techId = (await db().selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow()).userId;
  counter = await mintAccessToken(db(), 'user@demo.test', env.server.publicUrl);
});

describe("a promise at risk on the technician's job card", () => {
  it('shows the hour of work left that cannot end by the promise, and clears when the counter promises a time the floor can keep', async () => {
    const plate = `RSK${randomUUID().slice(0, 4).toUpperCase()}`;
    const now = new Date();
    // An hour of work promised in 30 minutes: whatever the hour at the store, it cannot be kept.
    const scheduledVisitId = await jobForTheTechnician(env, plate, now, new Date(now.getTime() + 30 * 60_000).toISOString());
    const { context, page } = await signIn(env.browser, env.server.publicUrl, 'tech@demo.test', 'demo1234', { viewport: { width: 390, height: 844 } });
    await context.clock.setFixedTime(now);
    try {
      await shellReady(page, 'Theo Technician');
      await firstSyncDone(page, techId, store);
      await page.goto(`${env.server.publicUrl}/technician-appointments`);
      const card = page.getByRole('article', { name: new RegExp(plate) });
      await card.waitFor({ timeout: 15_000 });
      await card.getByText('At risk', { exact: true }).waitFor({ timeout: 15_000 });
      await card.getByText(/not checked in yet, 1 h of work left/).waitFor();

      // The counter moves the promise a week out, with why: the card hears it and the badge goes.
      const moved = await apiCall(env.server.app, {
        method: 'POST',
        path: fillPath(apiPaths.visitPromises, { scheduledVisitId }),
        token: counter,
        store,
        body: { pickUpTime: new Date(now.getTime() + 7 * 86_400_000).toISOString(), reason: 'Parts come next week' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await card.getByText('At risk', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});
