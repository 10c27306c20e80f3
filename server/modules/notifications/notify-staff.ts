import { randomUUID } from 'node:crypto';
import type { Role } from '../../../src/contract/enums.ts';
import type { UserNotificationKind } from '../../../src/contract/enums.ts';
import type { Writer } from '../../sync/write-path.ts';
import { userNotifications } from './routes.ts';

/**
 * Tells the people who hold one of `roles` at the writer's store, in the bell of every device they use: one
 * notification each, written with the change that caused it. `content` is markup: escape what others typed (http/escape-html.ts).
 */
export async function notifyStoreStaff(
  w: Writer,
  notice: { roles: readonly Role[]; kind: UserNotificationKind; content: string; link: string },
): Promise<number> {
  const { storeId } = w.scope;
  if (storeId === null) throw new Error('A store notice is written in a store scope.');
  const people = await w.trx
    .selectFrom('userRoles')
    .select('userId')
    .distinct()
    .where('storeId', '=', storeId)
    .where('role', 'in', [...notice.roles])
    .execute();
  for (const { userId } of people) {
    const row = await w.create(userNotifications, {
      userNotificationId: randomUUID(),
      identityId: userId,
      content: notice.content,
      link: notice.link,
      kind: notice.kind,
      dateAdded: w.now.toISOString(),
      dateMarkedRead: null,
    });
    w.event(userNotifications, row, 'ReplicaChanged', ['userNotifications', row.userNotificationId]);
  }
  return people.length;
}
