import { promiseTooEarly } from '../../domain/scheduler/promise.ts';

/** What the appointment panel's promise is made from. */
export interface PromiseFormInput {
  /** The visit's promise (pickUpTime), or null when it has none. */
  promised: string | null;
  checkedIn: boolean;
  /** The promise given is at risk (the at-risk rule): the floor's time is offered again, and telling the customer. */
  atRisk: boolean;
  /** The promise rule's proposal: undefined while the floor is read, null when the store has no open time for the work. */
  proposed: string | null | undefined;
  /** The ready-by time the counter has set in the form (ISO), or null when the field is empty. */
  candidate: string | null;
  /** Why, as typed. */
  reason: string;
}

export interface PromiseForm {
  /** The proposal in words ("The floor can have it ready by 3:45 PM."), or null when none is offered. */
  proposal: string | null;
  /** The warning when the time set is earlier than the floor can keep (promiseTooEarly's words): the counter may still promise it. */
  warning: string | null;
  /** Whether "Promise" would change anything (a new time, or the same one with a reason for the history). */
  changes: boolean;
  /**
   * Whether "Promise and tell the customer" is offered: a time is set, and the promise is at risk or the counter
   * moves one already given (a first promise is told at the counter, face to face).
   */
  tell: boolean;
}

const sameInstant = (a: string | null, b: string | null) => a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

/**
 * The panel's promise, as words and a go-ahead: the proposal is offered while the visit has no promise or is
 * not checked in yet (the counter promises at booking or check-in), and again while its promise is at risk; a time set earlier than the floor can keep
 * gets promiseTooEarly's words, only once the counter changes it (a promise already given and slipping is the
 * at-risk badge's to say). `whenText` writes an instant as the counter reads it (the time, with the day when not today).
 */
export function promiseForm(input: PromiseFormInput, whenText: (iso: string) => string): PromiseForm {
  const offered = input.proposed !== undefined && input.proposed !== null && (input.promised === null || !input.checkedIn || input.atRisk);
  const moved = !sameInstant(input.candidate, input.promised);
  return {
    proposal: offered ? `The floor can have it ready by ${whenText(input.proposed!)}.` : null,
    warning: moved && input.candidate !== null && input.proposed !== undefined ? promiseTooEarly(input.candidate, input.proposed, whenText) : null,
    changes: moved || input.reason.trim() !== '',
    tell: input.candidate !== null && (input.atRisk || (input.promised !== null && moved)),
  };
}
