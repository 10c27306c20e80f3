import { describe, expect, it } from 'vitest';
import { saveStatus, type OutboxRead, type SaveStatus } from '../../src/app/save-status.ts';

const firstSave = {};
const secondSave = {};

const cases: { when: string; save: object | null; read: OutboxRead | undefined; is: SaveStatus }[] = [
  { when: 'nothing was saved and nothing waits', save: null, read: { after: null, pending: false, held: false, empty: true, refusedBefore: false }, is: null },
  {
    when: 'nothing was saved here but an earlier change still waits',
    save: null,
    read: { after: null, pending: true, held: false, empty: false, refusedBefore: false },
    is: 'waiting',
  },
  { when: 'nothing was saved here and the outbox is not read yet', save: null, read: undefined, is: null },
  { when: 'a save is made and the outbox is not read yet', save: firstSave, read: undefined, is: 'waiting' },
  {
    when: 'a save is made and the outbox was last read before it, empty',
    save: firstSave,
    read: { after: null, pending: false, held: false, empty: true, refusedBefore: false },
    is: 'waiting',
  },
  {
    when: 'a second save is made and the outbox was last read after the first, empty',
    save: secondSave,
    read: { after: firstSave, pending: false, held: false, empty: true, refusedBefore: false },
    is: 'waiting',
  },
  {
    when: 'a save is still in the outbox read after it',
    save: firstSave,
    read: { after: firstSave, pending: true, held: false, empty: false, refusedBefore: false },
    is: 'waiting',
  },
  {
    when: 'a save has left the outbox read after it',
    save: firstSave,
    read: { after: firstSave, pending: false, held: false, empty: true, refusedBefore: false },
    is: 'saved',
  },
  {
    when: 'a save waits behind a refused change of its row',
    save: firstSave,
    read: { after: firstSave, pending: false, held: true, empty: false, refusedBefore: false },
    is: 'held',
  },
  {
    when: "a save goes while another row's change waits behind a refused one",
    save: firstSave,
    read: { after: firstSave, pending: true, held: true, empty: false, refusedBefore: false },
    is: 'waiting',
  },
  {
    when: 'a save refused, then discarded, has left the outbox',
    save: firstSave,
    read: { after: firstSave, pending: false, held: false, empty: true, refusedBefore: true },
    is: null,
  },
  {
    when: 'a save was refused by the server (the form shows that apart)',
    save: firstSave,
    read: { after: firstSave, pending: false, held: false, empty: false, refusedBefore: false },
    is: null,
  },
];

describe("where a form's last save stands", () => {
  it.each(cases)('is $is when $when', ({ save, read, is }) => {
    expect(saveStatus(save, read)).toBe(is);
  });
});
