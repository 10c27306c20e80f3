import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '../../src/contract/email-address.ts';
import { customerSchema, storeMessageSchema, unconfirmedVisitSchema } from '../../src/contract/entities.ts';
import { contactFormProblems } from '../../src/domain/messages/contact-form.ts';
import { outgoingProblems } from '../../src/domain/messages/outgoing-messages.ts';

const accepted = ['name@example.com', 'first&last@x.co', 'victim!x@y.example', "o'brien@shop.com", 'a+tires@mail.example.org', 'UPPER@EXAMPLE.COM'];
const refused = ['jöhn@x.co', 'no-at.example.com', 'a@b', 'a b@x.co', '@x.co', 'a@-x.co', 'a@x..co', `${'a'.repeat(250)}@x.co`];

/** Every place an address is checked: the customer's form, the contact form, the send, and each stored row. */
const checks = {
  'the rule': (a: string) => isEmailAddress(a),
  'a customer': (a: string) => customerSchema.shape.email.safeParse(a).success,
  'a store message row': (a: string) => storeMessageSchema.shape.email.safeParse(a).success,
  'an appointment request': (a: string) => unconfirmedVisitSchema.shape.email.safeParse(a).success,
  'the contact form': (a: string) =>
    !contactFormProblems({ name: 'Dana', content: 'Hi', phoneNumber: null, email: a, preferredContactMethod: 'Email' }, true).email,
  'an email to a customer': (a: string) =>
    !outgoingProblems('email', { content: 'Hi', destinationEmailAddress: a }, { twilioPhoneNumber: null }, () => false).destinationEmailAddress,
};

describe('one rule for an email address', () => {
  it.each(accepted)('%s is taken by the form, the send and every stored row alike', (address) => {
    for (const [where, check] of Object.entries(checks)) expect(check(address), where).toBe(true);
  });
  it.each(refused)('%s is refused by the form, the send and every stored row alike', (address) => {
    for (const [where, check] of Object.entries(checks)) expect(check(address), where).toBe(false);
  });
});
