import { describe, expect, it } from 'vitest';
import type { StoreMessage } from '../../src/contract/entities.ts';
import { archiveChanges, markRepliedChanges } from '../../src/domain/messages/store-message-rules.ts';
import { messageMutations } from '../../workers/message-mutations.ts';
import { mutations } from '../../workers/mutations.ts';

const uma = { userId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a09', name: 'Uma User' };
const alex = { userId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a08', name: 'Alex Admin' };
const storeMessageId = '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a02';
const fresh = { storeMessageId, storeId: 7, content: 'Is my car ready?', isArchived: false, repliedToByUserId: null, repliedToByUserName: null } as const;
type Shape = Pick<StoreMessage, 'isArchived' | 'repliedToByUserId' | 'repliedToByUserName'>;

/** A reply to the message, as the device queues it: the text, then the marking of the message it answers. */
function replyTo() {
  const reply = {
    storeMessageId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a01',
    customerId: null,
    templateType: 'FreeForm' as const,
    content: 'Yes, come by.',
    visitId: null,
    name: 'Dana',
    destinationPhoneNumber: '(555) 010-4242',
    replyToStoreMessageId: storeMessageId,
  };
  return messageMutations.send('sms', reply, { id: 7, twilioPhoneNumber: '+15550102001' }, uma, () => false)[1]!;
}

describe('marking a message replied', () => {
  it.each([
    ['a new message', {}, { repliedToByUserId: uma.userId, repliedToByUserName: uma.name }],
    ['an archived message', { isArchived: true }, { repliedToByUserId: uma.userId, repliedToByUserName: uma.name }],
    ['a message someone else replied to first', { repliedToByUserId: alex.userId, repliedToByUserName: alex.name }, null],
    ['a message the same person replied to already', { repliedToByUserId: uma.userId, repliedToByUserName: uma.name }, null],
  ] as [string, Partial<Shape>, Partial<Shape> | null][])(
    'of %s sets %j, on the device at once (marked or replied to) by the rule the server applies',
    (_case, state, changes) => {
      const message = { ...fresh, ...state };
      expect(markRepliedChanges(message, uma)).toEqual(changes);
      for (const mutation of [mutations.markMessageReplied(storeMessageId, uma), replyTo()]) {
        const built = mutation.build(message);
        expect(built && { next: built.next, request: built.request }).toEqual(
          changes && {
            next: { ...message, ...changes },
            request: { method: 'POST', path: `/api/alltrac/store-messages/${storeMessageId}/mark-replied` },
          },
        );
      }
    },
  );
});

describe('archiving a message', () => {
  it.each([
    ['a new message', {}, { isArchived: true }],
    ['a message already replied to', { repliedToByUserId: alex.userId, repliedToByUserName: alex.name }, { isArchived: true }],
    ['a message already archived', { isArchived: true }, null],
  ] as [string, Partial<Shape>, Partial<Shape> | null][])('of %s sets %j, on the device at once by the rule the server applies', (_case, state, changes) => {
    const message = { ...fresh, ...state };
    expect(archiveChanges(message)).toEqual(changes);
    const built = mutations.archiveMessage(storeMessageId).build(message);
    expect(built?.next ?? null).toEqual(changes && { ...message, ...changes });
  });
});
