import type { StoreMessage } from '../contract/entities.ts';
import type { MessageTemplateType } from '../contract/enum-values.ts';
import { messageTexts, quickReplyRoute } from '../domain/messages/quick-reply.ts';
import { syncClient } from './sync-client.ts';

/**
 * Sends a quick reply by the spec's routing (sections 4 and 5): queued through the outbox, so it goes out
 * once when online. Answers null when sent (or nothing was to be sent), else the words to show.
 */
export async function sendQuickReply(opened: StoreMessage, content: string, templateType: MessageTemplateType = 'FreeForm'): Promise<string | null> {
  const route = quickReplyRoute(opened, content);
  if (route.send === 'nothing') return null;
  if (route.send === 'refused') return route.reason;
  const base = {
    storeMessageId: crypto.randomUUID(),
    customerId: opened.customerId,
    templateType,
    content,
    visitId: opened.visitId,
    name: opened.name,
    replyToStoreMessageId: opened.storeMessageId,
  };
  try {
    await syncClient().sendMessage(
      route.send,
      route.send === 'sms' ? { ...base, destinationPhoneNumber: route.to } : { ...base, destinationEmailAddress: route.to },
    );
    return null;
  } catch (error) {
    const words = error instanceof Error ? error.message : '';
    return words === messageTexts.noPhone || words === messageTexts.noEmail ? words : `${messageTexts.failed}: ${words || 'try again'}`;
  }
}
