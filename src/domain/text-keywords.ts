import type { MessageTemplateType } from '../contract/enums.ts';
import type { StoreLocation } from '../contract/store-location.ts';
import { formatPhone } from './phone.ts';

export type TextKeyword = 'stop' | 'start' | 'help';

/**
 * The carriers' opt-out, opt-in and help words (CTIA): a text that is only one of them, in any case, with
 * trailing punctuation, is that request; the same word inside a sentence is an ordinary message.
 */
const keywords: Record<string, TextKeyword> = {
  STOP: 'stop', STOPALL: 'stop', UNSUBSCRIBE: 'stop', CANCEL: 'stop', END: 'stop', QUIT: 'stop',
  START: 'start', YES: 'start', UNSTOP: 'start',
  HELP: 'help', INFO: 'help',
};

export function textKeywordOf(body: string): TextKeyword | null {
  return keywords[body.trim().replace(/[.!?]+$/, '').toUpperCase()] ?? null;
}

/** Why nothing may be texted to a number that texted STOP, in words staff can act on. */
export const stoppedNumberProblem = 'Texts to this number are off: the customer texted STOP. They can text START to get texts again; call or email them meanwhile.';

/** The store's answer to a keyword: the spec's confirmation types for STOP and START, a free-form one for HELP. */
export function keywordReply(keyword: TextKeyword, store: Pick<StoreLocation, 'name' | 'phoneNumber'>): { templateType: MessageTemplateType; content: string } {
  switch (keyword) {
    case 'stop':
      return { templateType: 'CustomerStopTextConfirmation', content: `${store.name}: you will get no more texts from us. Text START to get them again.` };
    case 'start':
      return { templateType: 'CustomerStartTextConfirmation', content: `${store.name}: you will get our texts again. Text STOP to stop them, HELP for help.` };
    case 'help':
      return {
        templateType: 'FreeForm',
        content: `${store.name}: ${store.phoneNumber ? `call us at ${formatPhone(store.phoneNumber)}, or ` : ''}reply to this text to reach the store. Text STOP to stop texts, START to get them again.`,
      };
  }
}
