import { describe, expect, it } from 'vitest';
import { opensErrorBanner } from '../../src/domain/app/error-banner.ts';

describe('the error banner', () => {
  it.each([
    [100, true],
    [101, true],
    [200, false],
    [400, false],
    [401, false],
    [404, false],
    [409, false],
    [422, false],
    [429, true],
    [500, true],
    [503, true],
    [599, true],
  ])('opens for HTTP %i: %s', (status, opens) => {
    expect(opensErrorBanner(status)).toBe(opens);
  });
});
