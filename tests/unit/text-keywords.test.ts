import { describe, expect, it } from 'vitest';
import { keywordReply, textKeywordOf } from '../../src/domain/messages/text-keywords.ts';

describe('a text from a customer', () => {
  it.each([
    ['STOP', 'stop'],
    ['stop', 'stop'],
    [' Stop. ', 'stop'],
    ['UNSUBSCRIBE', 'stop'],
    ['cancel', 'stop'],
    ['Quit!', 'stop'],
    ['STOPALL', 'stop'],
    ['end', 'stop'],
    ['START', 'start'],
    ['unstop', 'start'],
    ['yes', 'start'],
    ['HELP', 'help'],
    ['info?', 'help'],
  ])('"%s" is the request %s', (body, keyword) => {
    expect(textKeywordOf(body)).toBe(keyword);
  });

  it.each(['Please stop by at 3', 'stop it', 'Can you help me', 'Yes please, Tuesday works', '', 'STOP STOP'])('"%s" is an ordinary message', (body) => {
    expect(textKeywordOf(body)).toBeNull();
  });
});

describe("the store's answer to a keyword", () => {
  const store = { name: 'Main Street Tire', phoneNumber: '555-010-2000', timeZone: 'Eastern Standard Time', googleReviewUrl: null, yelpReviewUrl: null };

  it("confirms STOP and START with the spec's template types, and tells how to undo each", () => {
    expect(keywordReply('stop', store)).toEqual({ templateType: 'CustomerStopTextConfirmation', content: expect.stringContaining('Text START') });
    expect(keywordReply('start', store)).toEqual({ templateType: 'CustomerStartTextConfirmation', content: expect.stringContaining('Text STOP') });
  });

  it("uses the store's own words for a confirmation when it has them", () => {
    const own = {
      templateType: 'CustomerStopTextConfirmation' as const,
      smsText: 'Done, {customerName}. {storeName} will not text you.',
      emailSubject: 'x',
      emailText: 'x',
    };
    expect(keywordReply('stop', store, [own]).content).toBe('Done, there. Main Street Tire will not text you.');
  });

  it("answers HELP with the store's phone number when it has one", () => {
    expect(keywordReply('help', store).content).toContain('call us at (555) 010-2000');
    expect(keywordReply('help', { ...store, phoneNumber: null }).content).not.toContain('call us');
  });
});
