import type { StoreLocation } from '../../src/contract/store-location.ts';
import { renderedTemplate, templateValues, type TemplateStore } from '../../src/domain/messages/message-templates.ts';
import { isHighScore, isLowScore, ratingFollowUp } from '../../src/domain/figures/ratings.ts';
import { frontCounter } from '../../src/domain/people/roles.ts';
import { nameBasedUuid } from '../db/name-based-uuid.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { storeTemplates } from '../modules/message-templates/tables.ts';
import { notifyStoreStaff } from '../modules/notifications/notify-staff.ts';
import type { Writer } from '../sync/write-path.ts';
import { queueStaffEmail } from './queue-message.ts';
import { queueVisitMessage } from './visit-message.ts';

export type FollowUpStore = TemplateStore &
  Pick<StoreLocation, 'twilioPhoneNumber' | 'ratingsEnabled' | 'lowRatingFollowUpEnabled' | 'highRatingFollowUpEnabled'> & { id: number; companyId: number };

/** How long after the store's first answer to a low rating the customer's reply still gets the second. */
const stepTwoWindowMs = 14 * 86_400_000;

/**
 * What a customer's rating sets off, once per visit: a low score tells the store (MemberLowRating in the bell
 * of its Admins and Users and by email to its contacts) and, when the store chose it, asks the customer what
 * went wrong (ServiceLowRatingStep1); a high score thanks them, asking for a review when the store has a
 * review link (ServiceHighRatingWithReview, else ServiceHighRating), when the store chose it.
 */
export async function followUpRating(
  w: Writer,
  store: FollowUpStore,
  rating: { visitId: string; score: number; comment: string | null; customerName: string | null },
  publicUrl: string,
): Promise<void> {
  const followUp = ratingFollowUp(rating.score, store);
  const base = { scheduledVisitId: rating.visitId, withRatingLink: false, publicUrl };
  if (isLowScore(rating.score)) {
    const first = await queueVisitMessage(w, store, {
      ...base,
      kind: 'lowRating',
      templateType: 'ServiceLowRatingStep1',
      skip: followUp ? null : 'The store does not follow up low ratings',
    });
    if (first !== null) await tellStoreOfLowRating(w, store, rating, publicUrl);
  } else if (isHighScore(rating.score)) {
    await queueVisitMessage(w, store, {
      ...base,
      kind: 'highRating',
      templateType: followUp?.templateType ?? 'ServiceHighRating',
      skip: followUp ? null : 'The store does not follow up high ratings',
    });
  }
}

/**
 * A customer who changes their rating gets no second follow-up: they had the store's answer to their first, and a
 * thank-you after a complaint (or the reverse) would answer something they did not say. A rating changed to a low
 * one is still news to the store, which is told as for a first low rating.
 */
export async function followUpChangedRating(
  w: Writer,
  store: FollowUpStore,
  before: number,
  rating: { visitId: string; score: number; comment: string | null; customerName: string | null },
  publicUrl: string,
): Promise<void> {
  if (isLowScore(rating.score) && !isLowScore(before)) await tellStoreOfLowRating(w, store, rating, publicUrl);
}

async function tellStoreOfLowRating(
  w: Writer,
  store: FollowUpStore,
  rating: { visitId: string; score: number; comment: string | null; customerName: string | null },
  publicUrl: string,
): Promise<void> {
  const words = renderedTemplate(
    'MemberLowRating',
    await storeTemplates(w.trx, store.companyId, store.id),
    templateValues({ store, name: rating.customerName }),
  )!;
  const link = `/appointment-rating/${rating.visitId}`;
  const said = rating.comment ? `: “${rating.comment}”` : '';
  await notifyStoreStaff(w, {
    roles: frontCounter.filter((r) => r !== 'PointSAdmin'),
    kind: 'rating',
    link,
    content: `${escapeHtml(words.smsText)} <b>${rating.score} of 5</b>${escapeHtml(said)}`,
  });
  const contacts = await w.trx
    .selectFrom('storeContacts')
    .select('email')
    .where('companyId', '=', store.companyId)
    .where('storeId', '=', store.id)
    .where('deleted', '=', false)
    .where('email', 'is not', null)
    .execute();
  for (const { email } of contacts) {
    await queueStaffEmail(w, nameBasedUuid(`low-rating:${rating.visitId}:${email}`), {
      to: email!,
      subject: words.emailSubject,
      body: [words.emailText, '', `${rating.score} of 5${said}`, '', `See the visit in AllTrac: ${publicUrl}${link}`].join('\n'),
    });
  }
}

/**
 * A customer who answers the store's question about their low rating (a text back within two weeks) gets
 * the store's second answer (ServiceLowRatingStep2), once per visit, when the store follows up low ratings.
 */
export async function followUpLowRatingReply(w: Writer, store: FollowUpStore, customerId: string, publicUrl: string): Promise<void> {
  if (!store.lowRatingFollowUpEnabled) return;
  const asked = await w.trx
    .selectFrom('visitMessages')
    .innerJoin('scheduledVisits', 'scheduledVisits.scheduledVisitId', 'visitMessages.scheduledVisitId')
    .select('visitMessages.scheduledVisitId')
    .where('visitMessages.storeId', '=', store.id)
    .where('visitMessages.kind', '=', 'lowRating')
    .where('visitMessages.storeMessageId', 'is not', null)
    .where('scheduledVisits.customerId', '=', customerId)
    .where('visitMessages.createdAt', '>=', new Date(w.now.getTime() - stepTwoWindowMs).toISOString())
    .orderBy('visitMessages.createdAt', 'desc')
    .executeTakeFirst();
  if (!asked) return;
  await queueVisitMessage(w, store, {
    scheduledVisitId: asked.scheduledVisitId,
    kind: 'lowRatingStep2',
    templateType: 'ServiceLowRatingStep2',
    withRatingLink: false,
    publicUrl,
  });
}
