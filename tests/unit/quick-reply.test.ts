import { describe, expect, it } from 'vitest';
import type { StoreMessage } from '../../src/contract/entities.ts';
import {
  callBoxNumber,
  isDone,
  messageRowColor,
  messageTexts,
  quickReplyRoute,
  showsCallBox,
  showsReplyActions,
} from '../../src/domain/messages/quick-reply.ts';

const texting = { twilioPhoneNumber: '+15550102000' };
const noTexting = { twilioPhoneNumber: null };
const message = (extra: Partial<StoreMessage> = {}) =>
  ({
    preferredContactMethod: 'Sms',
    messageDeliveryMethod: 'Sms',
    isArchived: false,
    repliedToByUserId: null,
    phoneNumber: '+15550104242',
    email: 'dana@example.com',
    ...extra,
  }) as Pick<StoreMessage, 'preferredContactMethod' | 'messageDeliveryMethod' | 'isArchived' | 'repliedToByUserId' | 'phoneNumber' | 'email'>;
const replied = { repliedToByUserId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a01' };

describe('quick reply and archive buttons (spec section 5)', () => {
  it.each([
    ['an open SMS message at a store that texts', message(), texting, false, true],
    ['a customer who prefers calls', message({ preferredContactMethod: 'Phone' }), texting, false, false],
    ['an SMS preference at a store that cannot text', message(), noTexting, false, false],
    ['an email preference at a store that cannot text', message({ preferredContactMethod: 'Email', messageDeliveryMethod: 'Email' }), noTexting, false, true],
    ['a message already replied', message(replied), texting, false, false],
    ['an archived message', message({ isArchived: true }), texting, false, false],
    ['a message whose reply box is open', message(), texting, true, false],
  ])('for %s: shown %s', (_case, m, store, open, shown) => {
    expect(showsReplyActions(m, store, open)).toBe(shown);
  });
});

describe('the call-customer box (spec section 5)', () => {
  it.each([
    ['a Phone preference with a number', message({ preferredContactMethod: 'Phone' }), texting, true],
    ['an SMS preference where the store cannot text', message(), noTexting, true],
    ['a Phone preference without a number', message({ preferredContactMethod: 'Phone', phoneNumber: null }), texting, false],
    ['an archived Phone preference', message({ preferredContactMethod: 'Phone', isArchived: true }), texting, false],
    ['an SMS preference where the store texts', message(), texting, false],
  ])('for %s: shown %s', (_case, m, store, shown) => {
    expect(showsCallBox(m, store)).toBe(shown);
  });

  it('shows the number as (nnn)nnn-nnnn after dropping its first two characters', () => {
    expect(callBoxNumber('+15550104242')).toBe('(555)010-4242');
    expect(callBoxNumber('5550104242')).toBe('(555)010-4242');
    expect(callBoxNumber('(555) 010-4242')).toBe('(555)010-4242');
  });
});

describe('how a quick reply goes out (spec sections 4, 5 and 8)', () => {
  it.each([
    ['an SMS message', message(), 'On our way', { send: 'sms', to: '+15550104242' }],
    ['an email message', message({ messageDeliveryMethod: 'Email', preferredContactMethod: 'Email' }), 'Ready at 3', { send: 'email', to: 'dana@example.com' }],
    ['a Form message preferring SMS', message({ messageDeliveryMethod: 'Form' }), 'Yes', { send: 'sms', to: '+15550104242' }],
    [
      'a Form message preferring email',
      message({ messageDeliveryMethod: 'Form', preferredContactMethod: 'Email' }),
      'Yes',
      { send: 'email', to: 'dana@example.com' },
    ],
    ['empty content', message(), '   ', { send: 'nothing' }],
    ['a Phone preference', message({ preferredContactMethod: 'Phone' }), 'Hello', { send: 'nothing' }],
    ['SMS with no number', message({ phoneNumber: null }), 'Hello', { send: 'refused', reason: messageTexts.noPhone }],
    [
      'email with no address',
      message({ messageDeliveryMethod: 'Email', preferredContactMethod: 'Email', email: null }),
      'Hello',
      { send: 'refused', reason: messageTexts.noEmail },
    ],
  ])('for %s', (_case, m, content, route) => {
    expect(quickReplyRoute(m, content)).toEqual(route);
  });

  it("keeps the spec's failure texts word for word", () => {
    expect(messageTexts.noPhone).toBe('Message failed to send due to missing reply-to phonenumber');
    expect(messageTexts.noEmail).toBe('Message failed to send due to missing reply-to email');
    expect(messageTexts.failed).toBe('Message failed to send');
  });
});

describe('the incoming list (spec sections 2 and 4)', () => {
  it.each([
    ['archived', { isArchived: true, repliedToByUserId: null, messageDeliveryMethod: 'Form' }, true, 'blue-grey'],
    ['replied', { isArchived: false, ...replied, messageDeliveryMethod: 'Sms' }, true, 'blue-grey'],
    ['a new contact form', { isArchived: false, repliedToByUserId: null, messageDeliveryMethod: 'Form' }, false, 'green'],
    ['a new text', { isArchived: false, repliedToByUserId: null, messageDeliveryMethod: 'Sms' }, false, 'blue'],
  ] as const)('colours a row that is %s', (_case, m, done, colour) => {
    expect(isDone(m)).toBe(done);
    expect(messageRowColor(m)).toBe(colour);
  });

  it('says who replied and that a message was archived', () => {
    expect(messageTexts.repliedBy('Uma User')).toBe('This message was replied to by Uma User');
    expect(messageTexts.archived).toBe('This message has been archived');
  });
});
