import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Faster than a person reads and fills the form: a form sent sooner after it opened is a bot's. */
export const minFillMs = 3000;
/** A form left open longer than a day is opened again (its token is refused with words that say so). */
export const maxFormAgeMs = 24 * 3600_000;

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`contact-form:${payload}`).digest('base64url');

/** A token for one filling of a store's form: the form's id, when it was handed out, and a random part, signed. */
export function issueFormToken(secret: string, contactFormId: string, now: Date): string {
  const payload = Buffer.from(JSON.stringify({ f: contactFormId, t: now.getTime(), n: randomBytes(12).toString('base64url') })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/**
 * Why a submitted token is refused, in words for the customer, or null when it is good: signed here, for this
 * store's form, filled in no faster than a person can, and not older than a day.
 */
export function formTokenProblem(secret: string, token: string, contactFormId: string, now: Date): string | null {
  const [payload, signature, ...rest] = token.split('.');
  const expected = payload ? Buffer.from(sign(secret, payload)) : null;
  const given = Buffer.from(signature ?? '');
  if (!payload || rest.length > 0 || !expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return 'This form could not be checked. Reload the page and send your message again.';
  }
  let issued: { f?: unknown; t?: unknown };
  try {
    issued = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { f?: unknown; t?: unknown };
  } catch {
    return 'This form could not be checked. Reload the page and send your message again.';
  }
  if (issued.f !== contactFormId || typeof issued.t !== 'number') return 'This form belongs to another store. Reload the page and send your message again.';
  const age = now.getTime() - issued.t;
  if (age < minFillMs) return 'That was quicker than we expected: check your message, then send it again.';
  if (age > maxFormAgeMs) return 'This page was open for more than a day. Reload it and send your message again.';
  return null;
}
