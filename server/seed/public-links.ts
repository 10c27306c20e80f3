import { fillPath } from '../../src/contract/fill-path.ts';
import { publicPagePaths } from '../../src/contract/routes.ts';
import { ratingLinkPath } from '../../src/domain/figures/ratings.ts';
import type { Db } from '../db/connect.ts';

/**
 * The customers' pages of the demo, to try without signing in: each store's contact form and booking page, and a recent visit's
 * rating page and work order. Printed by `npm start` under the demo accounts.
 */
export async function demoPublicLinks(db: Db, publicUrl: string, now: Date): Promise<string[]> {
  const base = publicUrl.replace(/\/$/, '');
  const stores = await db
    .selectFrom('storeLocations')
    .select(['name', 'storeNumber', 'contactFormId', 'onlineAppointmentsEnabled'])
    .where('deleted', '=', false)
    .orderBy('storeNumber')
    .execute();
  const lines = stores.flatMap((s) => [
    `  Contact form, ${s.name} #${s.storeNumber}: ${base}${fillPath(publicPagePaths.contactForm, { contactFormId: s.contactFormId })}`,
    ...(s.onlineAppointmentsEnabled
      ? [`  Online booking, ${s.name} #${s.storeNumber}: ${base}${fillPath(publicPagePaths.booking, { contactFormId: s.contactFormId })}`]
      : []),
  ]);
  // A visit picked up in the last week: its rating link is open (links work for 30 days after the visit).
  const visit = await db
    .selectFrom('scheduledVisits')
    .select('scheduledVisitHashId')
    .where('deleted', '=', false)
    .where('cancelDate', 'is', null)
    .where('checkOutDate', '<=', now.toISOString())
    .where('checkOutDate', '>=', new Date(now.getTime() - 7 * 86_400_000).toISOString())
    .orderBy('checkOutDate', 'desc')
    .executeTakeFirst();
  if (visit) {
    lines.push(`  Rating page of a recent visit: ${base}${ratingLinkPath(visit.scheduledVisitHashId)}`);
    lines.push(`  Work order of that visit: ${base}${fillPath(publicPagePaths.workOrder, { visitHashId: visit.scheduledVisitHashId })}`);
  }
  return lines;
}
