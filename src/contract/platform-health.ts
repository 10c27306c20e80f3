import { z } from 'zod';

/**
 * The platform's health for its admins (issue 27; ours, docs/api.md): GET /api/alltrac/platform/health answers the
 * figures, and the two lists that can grow with the network have their own calls (devices, failed messages).
 */

/** A store as the lists name it: its id, number and name, and its company's name. */
const storeNamed = {
  storeId: z.number().int(),
  storeNumber: z.number().int().nullable(),
  storeName: z.string().nullable(),
  companyName: z.string().nullable(),
};

/** sink: texts or emails are written to files in the server's data folder and reach nobody; live: they are sent. */
export const providerStateSchema = z.enum(['sink', 'live']);
export type ProviderState = z.infer<typeof providerStateSchema>;

export const backgroundJobSchema = z.object({
  name: z.string(),
  /** The job's name and what it does, in an operator's words. */
  label: z.string(),
  description: z.string(),
  lastRunAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;

export const platformHealthSchema = z.object({
  checkedAt: z.string(),
  server: z.object({ version: z.string() }),
  database: z.object({
    kind: z.enum(['PGlite', 'PostgreSQL']),
    /** The database server's version, such as 18.6. */
    version: z.string(),
    /** null: the database would not say (a role without the right to measure it). */
    sizeBytes: z.number().int().min(0).nullable(),
  }),
  migrations: z.object({
    /** This version of the server's migrations: applied fewer than these means one failed. */
    known: z.number().int().min(0),
    applied: z.array(z.object({ name: z.string(), appliedAt: z.string() })),
  }),
  /** Live connections held by the server process that answered (each process holds its own). */
  hub: z.object({
    connections: z.number().int().min(0),
    stores: z.array(z.object({ ...storeNamed, connections: z.number().int().min(0) })),
  }),
  devices: z.object({
    count: z.number().int().min(0),
    /** Changes waiting on devices, as each said at its last pull. */
    backlog: z.number().int().min(0),
    stores: z.array(z.object({ ...storeNamed, devices: z.number().int().min(0), backlog: z.number().int().min(0), lastSyncAt: z.string() })),
  }),
  failedMessages: z.object({ since: z.string(), count: z.number().int().min(0) }),
  providers: z.object({ sms: providerStateSchema, email: providerStateSchema }),
  /** The background jobs of the server process that answered. */
  jobs: z.array(backgroundJobSchema),
});
export type PlatformHealth = z.infer<typeof platformHealthSchema>;

/** A device as it last pulled (GET /api/alltrac/platform/devices). */
export const platformDeviceSchema = z.object({
  deviceId: z.uuid(),
  ...storeNamed,
  userId: z.string(),
  userName: z.string().nullable(),
  outboxBacklog: z.number().int().min(0),
  lastSyncAt: z.string(),
  /** The browser's own description of itself (shortened). */
  userAgent: z.string().nullable(),
});
export type PlatformDevice = z.infer<typeof platformDeviceSchema>;

export const platformDevicesQuerySchema = z.object({
  storeId: z.coerce.number({ error: 'A store id is a whole number' }).int('A store id is a whole number').positive('A store id is a whole number').optional(),
});

/** A text or email that was given up (GET /api/alltrac/platform/failed-messages). */
export const failedMessageSchema = z.object({
  storeMessageId: z.string(),
  ...storeNamed,
  channel: z.enum(['sms', 'email']),
  toAddress: z.string(),
  /** When it was last handed to its provider. */
  failedAt: z.string(),
  attempts: z.number().int().min(0),
  problem: z.string().nullable(),
});
export type FailedMessage = z.infer<typeof failedMessageSchema>;

/** How far back "failed in the last day" looks. */
export const failedMessagesWindowMs = 24 * 3_600_000;
/** A device counts among a store's devices while it pulled there within this time (30 days). */
export const deviceWindowMs = 30 * 24 * 3_600_000;
/**
 * What one person's reports can add to the figures (issue 46 item 26): a device's waiting changes are counted up to
 * this many, and a person keeps at most this many devices at a store (those that pulled last).
 */
export const maxReportedBacklog = 10_000;
export const devicesPerPersonAndStore = 5;
