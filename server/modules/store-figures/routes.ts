import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../../src/contract/routes.ts';
import { maxComparedStores, storeFiguresQuerySchema, type ComparedStore, type StoreComparison } from '../../../src/contract/store-figures.ts';
import { hasRole, storeAdmins } from '../../../src/domain/people/roles.ts';
import { storeHeadline } from '../../../src/domain/store/store-headline.ts';
import { storeTimeZone } from '../../../src/domain/calendar/time-zone.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import type { ModuleContext } from '../context.ts';
import { readPeriodRows } from './period-rows.ts';
import { addDays } from '../../../src/domain/calendar/calendar-date.ts';

/**
 * The store comparison of the manager dashboard (issue 28; ours, docs/api.md and docs/decisions/home-and-dashboard.md): the headline
 * figures of each store of the caller's company they administer (AllTracAdmin there, or PointSAdmin: every store
 * of their company), over the same store-local days at each store, by the rules a device uses for its own store
 * (src/domain/store/store-headline.ts). Anyone else is refused: a User's own store's figures are on their device.
 */
export async function storeFigureRoutes(app: FastifyInstance, { db, auth, clock }: ModuleContext): Promise<void> {
  app.get(apiPaths.storeFigures, async (request): Promise<StoreComparison> => {
    const user = await auth.authenticate(request);
    const stores = (
      await db
        .selectFrom('storeLocations')
        .select(['id', 'storeNumber', 'name', 'timeZone'])
        .where('companyId', '=', user.companyId)
        .where('deleted', '=', false)
        .orderBy('storeNumber')
        .orderBy('id')
        .execute()
    ).filter((store) => hasRole(user.roles, store.id, storeAdmins));
    if (stores.length === 0) throw new ProblemError('forbidden', "Comparing stores is for store admins: your own store's figures are on the dashboard.");
    const { from, to } = parseOrProblem(storeFiguresQuerySchema, request.query, 'The period');
    const end = addDays(to, 1);
    const now = clock.now();
    const compared: ComparedStore[] = [];
    // One store at a time: each reads a period of its rows, and a company's stores together could be many.
    for (const store of stores.slice(0, maxComparedStores)) {
      const range = { from, to: end, timeZone: storeTimeZone(store.timeZone, (message) => request.log.warn({ storeId: store.id }, message)) };
      const rows = await readPeriodRows(db, user.companyId, store.id, range);
      compared.push({ storeId: store.id, storeNumber: store.storeNumber, name: store.name, figures: storeHeadline(rows, range, now) });
    }
    return { from, to, computedAt: now.toISOString(), stores: compared, totalStores: stores.length };
  });
}
