import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const zoneRule = 'import-x/no-restricted-paths';

/** The rules that broke when `code` sits at `filePath` (the file need not exist; what it imports does). */
async function brokenRules(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId);
}

// The first lint loads ESLint's plugins and import resolver: seconds on a busy two-core machine.
describe('the lint zones that keep the layout one way', { timeout: 30_000 }, () => {
  it("refuse a feature importing the worker's modules, even for a type", async () => {
    expect(await brokenRules('src/features/scheduler/zone-probe.ts', "export type { SyncStatus } from '../../../workers/sync-worker-api.ts';\n")).toContain(
      zoneRule,
    );
  });

  it('refuse the worker importing the shell or a feature', async () => {
    expect(await brokenRules('workers/zone-probe.ts', "export { StatusBadge } from '../src/app/visit-status-badge.tsx';\n")).toContain(zoneRule);
    expect(await brokenRules('workers/zone-probe.ts', "export { MessagesPage } from '../src/features/messages/messages-page.tsx';\n")).toContain(zoneRule);
  });

  it('refuse the shell importing a feature', async () => {
    expect(await brokenRules('src/app/shell/zone-probe.ts', "export { MessagesPage } from '../../features/messages/messages-page.tsx';\n")).toContain(zoneRule);
  });

  it("refuse a server module, or messaging, importing another module's route file, and let them import its tables", async () => {
    expect(await brokenRules('server/modules/booking/zone-probe.ts', "export { customerRoutes } from '../customers/routes.ts';\n")).toContain(zoneRule);
    expect(await brokenRules('server/modules/booking/zone-probe.ts', "export { scheduledVisitRoutes } from '../scheduler/visit-routes.ts';\n")).toContain(
      zoneRule,
    );
    expect(await brokenRules('server/messaging/zone-probe.ts', "export { storeMessageRoutes } from '../modules/store-messages/routes.ts';\n")).toContain(
      zoneRule,
    );
    expect(
      await brokenRules(
        'server/modules/booking/zone-probe.ts',
        ["export { customers } from '../customers/tables.ts';", "export { onlineBookingRoutes } from './routes.ts';", ''].join('\n'),
      ),
    ).toEqual([]);
  });

  it('refuse a migration importing live code, and let it import the migrations and their helpers', async () => {
    const probe = 'server/db/migrations/9999-zone-probe.ts';
    expect(await brokenRules(probe, "export { replicatedCollections } from '../../../src/contract/sync.ts';\n")).toContain(zoneRule);
    expect(await brokenRules(probe, "export { rebuildCustomerKeys } from '../../sync/customer-keys.ts';\n")).toContain(zoneRule);
    expect(await brokenRules(probe, "export type { Database } from '../schema.ts';\n")).toContain(zoneRule);
    expect(
      await brokenRules(
        probe,
        ["export { syncColumns } from './0001-initial.ts';", "export { giveNewVersions } from '../migration-helpers.ts';", ''].join('\n'),
      ),
    ).toEqual([]);
  });
});
