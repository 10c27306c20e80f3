import { describe, expect, it } from 'vitest';
import { allPreferences, kindsHiddenInApp, preferenceFor } from '../../src/domain/messages/notification-preferences.ts';

describe('notification preferences', () => {
  it('show every kind in the app until the user turns it off', () => {
    expect(preferenceFor([], 'u1', 'rating')).toEqual({ identityId: 'u1', kind: 'rating', inApp: true });
    expect(allPreferences([], 'u1').map((p) => [p.kind, p.inApp])).toEqual([
      ['message', true],
      ['rating', true],
      ['appointment-request', true],
      ['system', true],
    ]);
  });

  it("use the user's own saved choice, not another user's", () => {
    const saved = [
      { identityId: 'u2', kind: 'rating' as const, inApp: false },
      { identityId: 'u1', kind: 'system' as const, inApp: false },
    ];
    expect(preferenceFor(saved, 'u1', 'rating').inApp).toBe(true);
    expect(
      allPreferences(saved, 'u1')
        .filter((p) => !p.inApp)
        .map((p) => p.kind),
    ).toEqual(['system']);
  });

  it('name the kinds turned off, which the bell leaves out', () => {
    expect(
      kindsHiddenInApp([
        { kind: 'rating', inApp: false },
        { kind: 'message', inApp: true },
      ]),
    ).toEqual(['rating']);
  });
});
