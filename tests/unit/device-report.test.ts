import { describe, expect, it } from 'vitest';
import { deviceHeader, outboxBacklogHeader } from '../../src/contract/routes.ts';
import { deviceReportOf } from '../../server/modules/platform-health/device-report.ts';

const deviceId = '6f1c2a4e-3b5d-4c7e-9f80-1a2b3c4d5e6f';
/** Headers as Node hands them to a route: names in lower case. */
const headers = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]));

describe("a device's report with its pull", () => {
  it("is read from its id, its outbox's size and its browser, the browser shortened", () => {
    expect(deviceReportOf(headers({ [deviceHeader]: deviceId, [outboxBacklogHeader]: '12', 'user-agent': 'Mozilla/5.0 (iPad)' }))).toEqual({
      deviceId,
      outboxBacklog: 12,
      userAgent: 'Mozilla/5.0 (iPad)',
    });
    expect(deviceReportOf(headers({ [deviceHeader]: deviceId, [outboxBacklogHeader]: '0', 'user-agent': 'a'.repeat(500) }))?.userAgent).toHaveLength(200);
    expect(deviceReportOf(headers({ [deviceHeader]: deviceId, [outboxBacklogHeader]: '0' }))?.userAgent).toBeNull();
  });

  it('is none for an app that sends nothing, or an id or a count that cannot be read', () => {
    for (const values of [
      {},
      { [deviceHeader]: deviceId },
      { [outboxBacklogHeader]: '3' },
      { [deviceHeader]: 'laptop-1', [outboxBacklogHeader]: '3' },
      { [deviceHeader]: deviceId, [outboxBacklogHeader]: '-1' },
      { [deviceHeader]: deviceId, [outboxBacklogHeader]: '2.5' },
      { [deviceHeader]: deviceId, [outboxBacklogHeader]: '1e3' },
      { [deviceHeader]: deviceId, [outboxBacklogHeader]: '12345678901' },
    ] as Record<string, string>[])
      expect(deviceReportOf(headers(values)), JSON.stringify(values)).toBeNull();
  });
});
