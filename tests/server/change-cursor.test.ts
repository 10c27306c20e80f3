import { describe, expect, it } from 'vitest';
import { raceWritersAgainstReader } from '../support/cursor-race.ts';
import { createTestApp } from '../support/test-app.ts';

describe('the change cursor on the embedded database', () => {
  it('never skips a committed change while many writers race a reader', async () => {
    const t = await createTestApp();
    try {
      const { missed, written } = await raceWritersAgainstReader(t.db, { writers: 8, writesEach: 10 });
      expect(written).toBe(80);
      expect(missed).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
