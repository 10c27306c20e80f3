import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Loads the PostgreSQL tests' helper in a process of its own, as a test file does, against `env`. */
function loadPostgresHelper(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', 'await import("./tests/support/postgres.ts")'], {
    env: { ...process.env, PG_TEST_URL: 'postgres://postgres@127.0.0.1:1/none', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('the PostgreSQL tests on a machine without PostgreSQL', () => {
  it('are skipped, saying why, where nothing requires it', () => {
    const run = loadPostgresHelper({ REQUIRE_SERVICES: '' });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('PostgreSQL tests skipped');
  });

  it('fail where CI requires it (REQUIRE_SERVICES), never passing with their tests skipped', () => {
    const run = loadPostgresHelper({ REQUIRE_SERVICES: '1' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('PostgreSQL is required here');
  });
});
