import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The rules that broke when `code` sits at `filePath` (the file need not exist; what it imports does). */
async function brokenRules(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId);
}

// The first lint loads ESLint's plugins and import resolver: 8 s once on a busy two-core machine.
describe('the project\'s import boundaries, as lint enforces them', { timeout: 30_000 }, () => {
  it('refuse a feature importing another feature, whichever they are', async () => {
    expect(await brokenRules('src/features/scheduler/boundary-probe.ts', 'export { CustomerForm } from \'../customers/customer-form.tsx\';\n'))
      .toContain('import-x/no-restricted-paths');
    expect(await brokenRules('src/features/ratings/boundary-probe.ts', 'export { MessagesPage } from \'../messages/messages-page.tsx\';\n'))
      .toContain('import-x/no-restricted-paths');
  });

  it('refuse the customers\' pages importing the staff app\'s worker', async () => {
    expect(await brokenRules('src/features/public/boundary-probe.ts', 'export { SyncEngine } from \'../../../workers/sync-engine.ts\';\n'))
      .toContain('import-x/no-restricted-paths');
  });

  it('let a feature import its own modules and the shared ones', async () => {
    expect(await brokenRules('src/features/scheduler/boundary-probe.ts', [
      'export { useSchedulerEvents } from \'./use-scheduler.ts\';',
      'export { StatusBadge } from \'../../app/visit-status-badge.tsx\';',
      'export { searchCustomers } from \'../../app/customers/search-replica.ts\';',
      '',
    ].join('\n'))).toEqual([]);
  });
});
