import type { MessageTemplateType } from '../../contract/enum-values.ts';
import { renderTemplate, templateTexts, templateValues, type StoredTemplate, type TemplateStore } from './message-templates.ts';
import { formatPhone } from '../people/phone.ts';

export type TextKeyword = 'stop' | 'start' | 'help';

/**
 * The carriers' opt-out, opt-in and help words (CTIA): a text that is only one of them, in any case, with
 * trailing punctuation, is that request; the same word inside a sentence is an ordinary message.
 */
const keywords: Record<string, TextKeyword> = {
  STOP: 'stop',
  STOPALL: 'stop',
  UNSUBSCRIBE: 'stop',
  CANCEL: 'stop',
  END: 'stop',
  QUIT: 'stop',
  START: 'start',
  YES: 'start',
  UNSTOP: 'start',
  HELP: 'help',
  INFO: 'help',
};

export function textKeywordOf(body: string): TextKeyword | null {
  return (
    keywords[
      body
        .trim()
        .replace(/[.!?]+$/, '')
        .toUpperCase()
    ] ?? null
  );
}

/** Why nothing may be texted to a number that texted STOP, in words staff can act on. */
export const stoppedNumberProblem =
  'Texts to this number are off: the customer texted STOP. They can text START to get texts again; call or email them meanwhile.';

/**
 * The store's answer to a keyword: its own words (or the default) for the spec's confirmation types for
 * STOP and START, a fixed free-form one for HELP.
 */
export function keywordReply(
  keyword: TextKeyword,
  store: TemplateStore,
  storeTemplates: readonly StoredTemplate[] = [],
): { templateType: MessageTemplateType; content: string } {
  if (keyword === 'help') {
    return {
      templateType: 'FreeForm',
      content: `${store.name}: ${store.phoneNumber ? `call us at ${formatPhone(store.phoneNumber)}, or ` : ''}reply to this text to reach the store. Text STOP to stop texts, START to get them again.`,
    };
  }
  const templateType = keyword === 'stop' ? 'CustomerStopTextConfirmation' : 'CustomerStartTextConfirmation';
  return { templateType, content: renderTemplate(templateTexts(templateType, storeTemplates)!.smsText, templateValues({ store })) };
}
