import { describe, expect, it } from 'vitest';
import { confirmationChannel, contactFormProblems } from '../../src/domain/messages/contact-form.ts';

const form = { name: 'Dana', email: '', phoneNumber: '', preferredContactMethod: 'Phone' as const, content: 'Hello' };

describe('what a contact form needs before it is sent', () => {
  it.each([
    ['a call with a phone number', { phoneNumber: '555 010 7788' }, true, {}],
    ['a call without a phone number', {}, true, { phoneNumber: ['Enter your phone number so we can call you'] }],
    ['a text without a phone number', { preferredContactMethod: 'Sms' }, true, { phoneNumber: ['Enter your phone number so we can text you'] }],
    [
      'a text from a store that cannot text',
      { preferredContactMethod: 'Sms', phoneNumber: '5550107788' },
      false,
      { preferredContactMethod: ['This store cannot text: choose a call or an email'] },
    ],
    ['an email without an address', { preferredContactMethod: 'Email' }, true, { email: ['Enter your email address so we can write back'] }],
    ['an email with an address and no phone', { preferredContactMethod: 'Email', email: 'd@example.com' }, true, {}],
    ['a phone number too short', { phoneNumber: '555-0107' }, true, { phoneNumber: ['Enter a 10-digit phone number, like (555) 123-4567'] }],
    ['an address that is no address', { phoneNumber: '5550107788', email: 'dana at home' }, true, { email: ['Enter an email address like name@example.com'] }],
    ['no name and no message', { name: ' ', content: '', phoneNumber: '5550107788' }, true, { name: ['Enter your name'], content: ['Write your message'] }],
  ] as const)('%s', (_what, fields, storeTexts, problems) => {
    expect(contactFormProblems({ ...form, ...fields }, storeTexts)).toEqual(problems);
  });
});

describe('how the store confirms a contact form', () => {
  const never = (): boolean => false;
  it.each([
    [
      'by text to one who asked for a text',
      { preferredContactMethod: 'Sms', phoneNumber: '(555) 010-7788', email: 'd@example.com' },
      true,
      never,
      { channel: 'sms', to: '+15550107788' },
    ],
    [
      'by email when their number texted STOP',
      { preferredContactMethod: 'Sms', phoneNumber: '5550107788', email: 'd@example.com' },
      true,
      (): boolean => true,
      { channel: 'email', to: 'd@example.com' },
    ],
    [
      'not at all when their number texted STOP and they gave no email',
      { preferredContactMethod: 'Sms', phoneNumber: '5550107788', email: null },
      true,
      (): boolean => true,
      null,
    ],
    [
      'by email to one who asked for an email',
      { preferredContactMethod: 'Email', phoneNumber: '5550107788', email: 'd@example.com' },
      true,
      never,
      { channel: 'email', to: 'd@example.com' },
    ],
    ['not at all to one who asked for a call', { preferredContactMethod: 'Phone', phoneNumber: '5550107788', email: 'd@example.com' }, true, never, null],
  ] as const)('%s', (_what, input, storeTexts, isStopped, expected) => {
    expect(confirmationChannel(input, storeTexts, isStopped)).toEqual(expected);
  });
});
