import { describe, expect, it } from 'vitest';
import { messageMutations } from '../../workers/message-mutations.ts';

const store = { id: 7, twilioPhoneNumber: '+15550102001' };
const noStops = () => false;
const sender = { userId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a09', name: 'Uma User' };
const reply = {
  storeMessageId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a01',
  customerId: null,
  templateType: 'FreeForm' as const,
  content: 'Your car is ready.',
  visitId: null,
  name: 'Dana',
  destinationPhoneNumber: '(555) 010-4242',
  replyToStoreMessageId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a02',
};

describe('a message to a customer, queued on the device', () => {
  it('shows in its thread as queued at once, and is sent as one call after which the answered message is marked replied', () => {
    const [send, answered] = messageMutations.send('sms', reply, store, sender, noStops, new Date('2030-06-03T15:00:00.000Z'));
    const built = send!.build(undefined)!;
    expect(built.next).toMatchObject({
      messageDirection: 'Outbound',
      deliveryStatus: 'Queued',
      phoneNumber: '+15550104242',
      sentOn: '2030-06-03T15:00:00.000Z',
      storeId: 7,
    });
    expect(built.request).toMatchObject({ method: 'POST', path: '/api/alltrac/store-messages/sms-messages' });
    expect(answered!.refs).toEqual([`storeMessages/${reply.storeMessageId}`]);
  });

  it.each([
    ['no phone number', { destinationPhoneNumber: null }, store, 'Message failed to send due to missing reply-to phonenumber'],
    ['nothing to say', { content: '  ' }, store, 'Write the message before sending'],
    [
      'a store that cannot text',
      {},
      { id: 7, twilioPhoneNumber: null },
      "This store cannot text: it has no texting number (the platform's administrators assign one)",
    ],
  ])('is refused before anything is stored for %s', (_case, change, where, message) => {
    expect(() => messageMutations.send('sms', { ...reply, ...change }, where, sender, noStops)).toThrow(message);
  });

  it('refuses a text to a number that texted STOP, saying why and what the customer can do', () => {
    const stopped = (phoneNumber: string) => phoneNumber === '+15550104242';
    expect(() => messageMutations.send('sms', reply, store, sender, stopped)).toThrow(
      'Texts to this number are off: the customer texted STOP. They can text START to get texts again; call or email them meanwhile.',
    );
    const { destinationPhoneNumber: _dropped, ...rest } = reply;
    expect(messageMutations.send('email', { ...rest, destinationEmailAddress: 'dana@example.com' }, store, sender, stopped)).toHaveLength(2);
  });

  it("refuses an email without an address with the spec's words", () => {
    const { destinationPhoneNumber: _dropped, ...rest } = reply;
    expect(() => messageMutations.send('email', { ...rest, destinationEmailAddress: null }, store, sender, noStops)).toThrow(
      'Message failed to send due to missing reply-to email',
    );
  });
});
