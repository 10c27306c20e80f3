import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The rules that broke when `code` sits at `filePath` (the file need not exist; what it imports does). */
async function brokenRules(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId);
}

// The first lint loads ESLint's plugins and import resolver: 8 s once on a busy two-core machine.
describe("the project's import boundaries, as lint enforces them", { timeout: 30_000 }, () => {
  it('refuse a feature importing another feature, whichever they are', async () => {
    expect(await brokenRules('src/features/scheduler/boundary-probe.ts', "export { CustomerForm } from '../customers/customer-form.tsx';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await brokenRules('src/features/ratings/boundary-probe.ts', "export { MessagesPage } from '../messages/messages-page.tsx';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it("refuse the customers' pages importing the staff app's worker", async () => {
    expect(await brokenRules('src/features/public/boundary-probe.ts', "export { SyncEngine } from '../../../workers/sync-engine.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('let a feature import its own modules and the shared ones', async () => {
    expect(
      await brokenRules(
        'src/features/scheduler/boundary-probe.ts',
        [
          "export { useSchedulerEvents } from './use-scheduler.ts';",
          "export { StatusBadge } from '../../app/visit-status-badge.tsx';",
          "export { searchCustomers } from '../../app/customers/search-replica.ts';",
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

describe("the server's writes, as lint keeps the server handle out of them", { timeout: 30_000 }, () => {
  const probe = 'server/modules/notifications/write-probe.ts';
  const header = (names: string) =>
    [
      "import type { ModuleContext } from '../context.ts';",
      `export const probe = ({ ${names} }: ModuleContext, request: Parameters<ModuleContext['writes']['run']>[0], scope: Parameters<ModuleContext['writes']['run']>[1]) =>`,
    ].join('\n');

  it('refuse a query on the server handle inside a write, and a transaction opened any other way than transact()', async () => {
    expect(
      await brokenRules(
        probe,
        `${header('db, writes')}\n  writes.run(request, scope, async () => ({ status: 200, body: await db.selectFrom('storeLocations').select('id').execute() }));\n`,
      ),
    ).toContain('no-restricted-syntax');
    expect(
      await brokenRules(probe, `${header('db')}\n  db.transaction().execute(async (trx) => trx.selectFrom('storeLocations').select('id').execute());\n`),
    ).toContain('no-restricted-syntax');
  });

  it('let a write query through its own transaction', async () => {
    expect(
      await brokenRules(
        probe,
        `${header('writes')}\n  writes.run(request, scope, async (w) => ({ status: 200, body: await w.trx.selectFrom('storeLocations').select('id').execute() }));\n`,
      ),
    ).toEqual([]);
  });
});
