import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll } from 'vitest';
import type { Database } from '../../server/db/schema.ts';
import { jobForTheTechnician } from './bay-job.ts';
import type { E2eEnvironment } from './server.ts';
import { shellReady, signIn, type SignedIn } from './session.ts';

/**
 * Which staff screens each demo account opens, and at what width: [email, name, paths, width], and the instant the
 * browser's clock is held at when a screen shows a day booked for the test.
 */
export type ScreenWalk = [email: string, name: string, paths: string[], width: number, heldAt?: Date];

/** Every signed-in screen, each under an account allowed to open it; a phone lays the shell out otherwise. */
export const staffScreens: ScreenWalk[] = [
  [
    'admin@demo.test',
    'Alex Admin',
    [
      '/',
      '/scheduler-dayview',
      '/scheduler-dayview?view=list',
      '/dashboard',
      '/messages',
      '/customer-search',
      '/customer-create',
      '/ratings',
      '/possible-duplicates',
      '/traction-orders',
      '/tires',
      '/alltracContactUs',
      '/notification/settings',
      '/notifications',
    ],
    1024,
  ],
  [
    'admin@demo.test',
    'Alex Admin',
    [
      '/settings/general',
      '/settings/hours',
      '/settings/appointments',
      '/settings/services',
      '/settings/resources',
      '/settings/users',
      '/settings/pickupanddelivery',
      '/settings/message-templates',
      '/settings/message-sink',
      '/settings/inspection-reports',
      '/retail-management',
    ],
    1024,
  ],
  ['platform@demo.test', 'Pat Platform', ['/administrator-dashboard'], 1024],
  ['tech@demo.test', 'Theo Technician', ['/technician-appointments'], 1024],
  ['lead@demo.test', 'Lee Lead', ['/technicians', '/'], 1024],
  ['user@demo.test', 'Uma User', ['/', '/messages', '/customer-search', '/scheduler-dayview?view=list', '/dashboard'], 390],
];

/**
 * The screens one opens from a list, at store #101 of the demo data: a customer with their vehicle, visits and a
 * visit of the history; a message thread; an appointment over the scheduler; a job's page in the bay, booked now.
 */
export async function openedScreens(env: E2eEnvironment): Promise<ScreenWalk[]> {
  const db: Kysely<Database> = env.server.database.db;
  const store = await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  const visit = await db
    .selectFrom('scheduledVisits')
    .select(['scheduledVisitId', 'customerId', 'vehicleId'])
    .where('storeId', '=', store.id)
    .where('customerId', 'is not', null)
    .where('vehicleId', 'is not', null)
    .where('inspectionReportId', 'is not', null)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  const message = await db
    .selectFrom('storeMessages')
    .select(['storeMessageId', 'customerId'])
    .where('storeId', '=', store.id)
    .where('customerId', 'is not', null)
    .where('messageDirection', '=', 'Inbound')
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  const customer = `/customers/${visit.customerId!}`;
  const now = new Date();
  return [
    [
      'admin@demo.test',
      'Alex Admin',
      [
        customer,
        `${customer}/vehicles/${visit.vehicleId!}`,
        `${customer}/vehicles/create`,
        `${customer}/appointments`,
        `${customer}/appointments/${visit.scheduledVisitId}`,
        `/messages/cus/${message.storeMessageId}/${message.customerId!}`,
        `/scheduler-dayview/appointments/${visit.scheduledVisitId}`,
      ],
      1024,
    ],
    ['tech@demo.test', 'Theo Technician', [`/technician-appointments/${await jobForTheTechnician(env, 'BAY0001', now)}`], 1024, now],
  ];
}

/** Waits until a screen has drawn its title and nothing on it says it is loading. */
export async function screenSettled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .mantine-Loader-root'), null, { timeout: 20_000 });
}

/** Opens a screen of the signed-in app and waits until it has settled. */
export async function openScreen(page: Page, url: string, name: string): Promise<void> {
  await page.goto(url);
  await shellReady(page, name);
  await screenSettled(page);
}

/** The screens of a walk opened in turn on `page`, each checked by `check` once settled: what it found, by path. */
async function walkScreens(env: E2eEnvironment, page: Page, [, name, paths]: ScreenWalk, check: (page: Page) => Promise<string[]>) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await openScreen(page, `${env.server.url}${path}`, name).catch((error: unknown) => {
      throw new Error(`${path} did not open`, { cause: error });
    });
    const problems = await check(page);
    if (problems.length > 0) found[path] = problems;
  }
  return found;
}

/**
 * The screen sweeps of one test file, one browser session per account: the first walk of an account signs in,
 * and each later walk of it opens its screens in the same session at its own width (a screen is opened by
 * address either way, so each is loaded as a person opening it would). A walk whose clock is held at an instant
 * signs in on its own, as that clock holds the whole session. The sessions close after the file.
 */
export function screenSessions(env: E2eEnvironment): {
  checkScreens: (walk: ScreenWalk, check: (page: Page) => Promise<string[]>) => Promise<Record<string, string[]>>;
} {
  const sessions = new Map<string, Promise<SignedIn>>();
  afterAll(async () => {
    for (const session of sessions.values()) await (await session.catch(() => null))?.context.close();
  });
  const sessionOf = (email: string, name: string, width: number): Promise<SignedIn> => {
    const kept = sessions.get(email);
    if (kept) return kept;
    const made = (async () => {
      const signedIn = await signIn(env.browser, env.server.url, email, 'demo1234', { viewport: { width, height: 800 } });
      await shellReady(signedIn.page, name);
      return signedIn;
    })();
    sessions.set(email, made);
    made.catch(() => sessions.delete(email));
    return made;
  };
  return {
    checkScreens: async (walk, check) => {
      const [email, name, , width, heldAt] = walk;
      if (heldAt) return checkScreens(env, walk, check);
      const { page } = await sessionOf(email, name, width);
      await page.setViewportSize({ width, height: 800 });
      return walkScreens(env, page, walk, check);
    },
  };
}

/**
 * Signs in as a walk's account and opens each of its screens in turn, then runs `check` on the screen as it stands;
 * answers what the check found, by path (a screen with nothing found is left out).
 */
export async function checkScreens(env: E2eEnvironment, walk: ScreenWalk, check: (page: Page) => Promise<string[]>): Promise<Record<string, string[]>> {
  const [email, name, , width, heldAt] = walk;
  const { context, page } = await signIn(env.browser, env.server.url, email, 'demo1234', { viewport: { width, height: 800 } });
  try {
    if (heldAt) await context.clock.setFixedTime(heldAt);
    await shellReady(page, name);
    return await walkScreens(env, page, walk, check);
  } finally {
    await context.close();
  }
}
