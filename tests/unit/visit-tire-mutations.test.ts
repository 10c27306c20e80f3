import { describe, expect, it } from 'vitest';
import { visitTireMutations } from '../../workers/visit-tire-mutations.ts';

const visitTireId = '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0c01';
const tire = {
  visitTireId,
  scheduledVisitId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0c02',
  tireId: null,
  description: 'Demo Touring 225/65R17 102H',
  position: 0,
  dotCode: null,
  dotRecordedAt: null,
  dotRecordedBy: null,
  storeId: 7,
};
// Wednesday 25 November 2026, week 48 of 2026, at the store.
const at = { now: new Date('2026-11-25T15:00:00.000Z'), today: '2026-11-25' };

describe('a DOT code recorded on the device', () => {
  it('is queued as read, at the time the bay read it', () => {
    const built = visitTireMutations.recordDot(visitTireId, 'dot 4b3 n5 9k7r 4826', 'Theo Technician', at).build(tire)!;
    expect(built.next).toMatchObject({ dotCode: 'DOT 4B3N59K7R4826', dotRecordedAt: '2026-11-25T15:00:00.000Z', dotRecordedBy: 'Theo Technician' });
    expect(built.request).toMatchObject({ method: 'PUT', body: { dotCode: 'DOT 4B3N59K7R4826' } });
  });

  it.each([
    ['DOT 4B3 N5 9K7R 4926', 'The date 4926 names week 49 of 2026, which has not come yet: check the code'],
    ['DOT U2LL LMLR 3026', 'A tire made from April 2025 has 13 symbols after DOT and this code has 12: check for a missing one'],
    ['DOT U2LO LMLR 5023', 'A DOT code never uses the letter O: is it 0?'],
  ])("refuses %j in the server's words, before anything is kept or queued: %s", (typed, message) => {
    expect(() => visitTireMutations.recordDot(visitTireId, typed, 'Theo Technician', at)).toThrow(message);
  });
});
