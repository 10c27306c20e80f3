import type { FastifyInstance } from 'fastify';
import { systemNotificationSchema, type SystemNotification } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { applicationName } from '../../../src/domain/system-notifications.ts';
import type { ModuleContext } from '../context.ts';

const columns = Object.keys(systemNotificationSchema.shape) as (keyof SystemNotification)[];

/** Active system notifications of this application, and the high-severity alerts among them (spec section 7). */
export async function systemNotificationRoutes(app: FastifyInstance, { db, auth, clock }: ModuleContext): Promise<void> {
  const active = () => {
    const now = clock.now().toISOString();
    return db.selectFrom('systemNotifications').select(columns)
      .where('application', '=', applicationName).where('dateStarted', '<=', now).where('dateEnded', '>', now).orderBy('dateStarted');
  };
  app.get(apiPaths.systemNotificationsActive, async (request) => {
    await auth.authenticate(request);
    return { items: await active().execute() };
  });
  app.get(apiPaths.systemNotificationAlerts, async (request) => {
    await auth.authenticate(request);
    return { items: await active().where('severityLevel', '=', 'High').execute() };
  });
}
