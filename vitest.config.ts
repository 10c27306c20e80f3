import { defineConfig } from 'vitest/config';
import { seedFingerprint, seedFingerprintVariable } from './tests/support/seed-cache.ts';

// Taken once, as the run starts: the code this run executes is the code of now (tests/support/seed-cache.ts).
process.env[seedFingerprintVariable] ??= seedFingerprint();

const idleE2e = ['e2e/token-renewal.test.ts', 'e2e/message-delivery.test.ts'];
// A poll waits on a browser, its worker or the server's queues: on a loaded two-core machine that takes more than
// vitest's default second. A longer wait costs nothing when the answer comes.
const browserPoll = { timeout: 10_000 };
/*
 * Every project but the end-to-end ones: each test file builds its own app, database (a fake-indexeddb factory of
 * its own), store and clock, mocks no module, and puts back what it swaps (home-figures' Dexie dependencies), so a
 * worker keeps the modules loaded from one file to the next instead of loading them again for each. That loading
 * was a quarter of the server projects' time, half of pg's, and four fifths of the unit tests' (108 s against 23 s
 * on two cores, run three times with the zones).
 */
const sharedModules = { isolate: false };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', ...sharedModules, include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          ...sharedModules,
          include: ['tests/server/**/*.test.ts'],
          exclude: ['tests/**/*.pg.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'security',
          ...sharedModules,
          include: ['tests/security/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'sync',
          ...sharedModules,
          include: ['tests/sync/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // The tests that read dates, again in the zones furthest from UTC either way (UTC+14 and UTC-10/-9):
      // a rule that takes the machine's zone for the store's shows here, whatever hour CI runs at.
      ...(['Pacific/Kiritimati', 'America/Adak'] as const).map((zone) => ({
        test: {
          name: `zone ${zone}`,
          ...sharedModules,
          include: ['tests/unit/**/*.test.ts', 'tests/sync/pull.test.ts'],
          env: { TZ: zone },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      })),
      // Two files at a time (a worker per core, npm test): each file has its own database and waits on PostgreSQL more
      // than it computes (1 min 44 s of the process's own time in a 5-minute run). Run this way, the write hammer found
      // the feed's floor counting other databases' marks (migration 0054).
      {
        test: {
          name: 'pg',
          ...sharedModules,
          include: ['tests/**/*.pg.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // One file at a time (two at a time made each three times slower on two cores, 2026-11-29). Its time limits guard
      // against a hang on a busy machine, not for speed.
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: idleE2e,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          expect: { poll: browserPoll },
        },
      },
      // End-to-end tests that mostly wait on a clock (token lifetimes, a retry's backoff): npm test runs them beside the rest,
      // where they cost a minute of waiting and almost no processor.
      {
        test: {
          name: 'e2e idle',
          include: idleE2e,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: browserPoll },
        },
      },
    ],
  },
});
