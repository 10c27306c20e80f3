import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../../src/contract/routes.ts';
import { isPlatformAdmin } from '../../../src/domain/people/roles.ts';
import { ProblemError } from '../../http/problem.ts';
import type { ModuleContext } from '../context.ts';

/**
 * The dealer network's companies, for the platform's admins (issue 27; ours, docs/api.md): each with its number
 * (alltracCompanyId, what a store is created in), how many open stores it has, and when a device last synced at
 * each of them (the devices' reports on pull): a store nobody has opened the app at for days shows it.
 */
export async function companyRoutes(app: FastifyInstance, { db, auth }: ModuleContext): Promise<void> {
  app.get(apiPaths.companies, async (request) => {
    const user = await auth.authenticate(request);
    if (!isPlatformAdmin(user.roles)) throw new ProblemError('forbidden', "Only the platform's administrators (PointSAdmin) see every company.");
    const items = await db
      .selectFrom('companies')
      .leftJoin('storeLocations', (join) => join.onRef('storeLocations.companyId', '=', 'companies.id').on('storeLocations.deleted', '=', false))
      .select(['companies.alltracCompanyId', 'companies.name', (eb) => eb.fn.count<number>('storeLocations.id').as('storeCount')])
      .groupBy(['companies.alltracCompanyId', 'companies.name'])
      .orderBy('companies.name')
      .execute();
    const activity = await db
      .selectFrom('devices')
      .innerJoin('companies', 'companies.id', 'devices.companyId')
      .select(['companies.alltracCompanyId', 'devices.storeId', (eb) => eb.fn.max('devices.lastSyncAt').as('lastActivityAt')])
      .groupBy(['companies.alltracCompanyId', 'devices.storeId'])
      .orderBy('devices.storeId')
      .execute();
    return {
      items: items.map((c) => ({
        ...c,
        storeCount: Number(c.storeCount),
        storeActivity: activity.filter((a) => a.alltracCompanyId === c.alltracCompanyId).map(({ storeId, lastActivityAt }) => ({ storeId, lastActivityAt })),
      })),
    };
  });
}
