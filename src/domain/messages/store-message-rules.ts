import type { StoreMessage } from '../../contract/entities.ts';

/**
 * Marking a store message replied (spec section 4 "Store message"): the fields it sets, or null when there is
 * nothing to do. The first reply's author stays, so a later reply (from another device, or replayed) changes
 * nothing. The device applies these fields to its copy at once and the server to the stored row, whether the
 * message is marked on its own or by sending the reply that answers it.
 */
export function markRepliedChanges(
  message: Pick<StoreMessage, 'repliedToByUserId'>,
  by: { userId: string; name: string },
): Pick<StoreMessage, 'repliedToByUserId' | 'repliedToByUserName'> | null {
  return message.repliedToByUserId ? null : { repliedToByUserId: by.userId, repliedToByUserName: by.name };
}

/** Archiving a store message: once archived it stays so, and archiving again is nothing to send. */
export function archiveChanges(message: Pick<StoreMessage, 'isArchived'>): Pick<StoreMessage, 'isArchived'> | null {
  return message.isArchived ? null : { isArchived: true };
}
