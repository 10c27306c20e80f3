import { defaultMessageLimits, type MessageLimits } from '../src/domain/messages/message-limits.ts';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { noMapsKey, startupSettingNames, startupSettings, type AppSettings } from '../src/contract/app-settings.ts';
import { missingSettingsError } from '../src/domain/app/startup-settings.ts';
import type { DemoCatalogueSize } from './seed/demo-catalogue.ts';
import { defaultAuditRetentionDays } from './jobs/audit-trail-pruning.ts';

export interface Config {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  publicUrl: string;
  staticDir: string | null;
  appSettings: AppSettings;
  seedDemo: boolean;
  /** How much of the demo's tire catalogue a first start seeds (server/seed/demo-catalogue.ts): the end-to-end tests' is small. */
  demoCatalogue: DemoCatalogueSize;
  /** Seconds an access token lasts; devices renew it with their refresh token before it ends. */
  accessTokenTtl: number;
  /** Calls an address may make to the public rating page's calls in a minute (guessing links is slowed by it). */
  ratingTriesPerMinute: number;
  /** How many texts and emails may leave a store, per person and per store (src/domain/messages/message-limits.ts). */
  messageLimits: MessageLimits;
  /**
   * The proxies whose X-Forwarded-For is believed (addresses or CIDR ranges), or how many proxy hops to
   * believe; false: none, the socket's address is the caller's (sign-in throttling keys on it).
   */
  trustProxy: false | string[] | number;
  /** Where mail goes: an SMTP server, or (none set) files in the data directory's mail sink. */
  mail: { smtpUrl: string | null; from: string; sinkDir: string };
  /** Where texts go: Twilio with both credentials set, or (none set) files in the data directory's SMS sink. */
  sms: { twilio: { accountSid: string; authToken: string } | null; sinkDir: string };
  /** How many days the audit trail keeps a change's record (server/jobs/audit-trail-pruning.ts). */
  auditRetentionDays: number;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'Use a postgres:// or postgresql:// URL' }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'Use a redis:// or rediss:// URL' }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'Use an http:// or https:// URL' }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'Use an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('AllTrac <no-reply@alltrac.local>'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'A Twilio account SID is AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30, 'At least 30 seconds').max(86_400, 'At most a day').default(3600),
  RATING_TRIES_PER_MINUTE: z.coerce.number().int().min(1, 'At least 1').max(10_000).default(30),
  MESSAGES_PER_PERSON_PER_MINUTE: z.coerce.number().int().min(1, 'At least 1').max(10_000).default(defaultMessageLimits.perPersonPerMinute),
  MESSAGES_PER_PERSON_PER_DAY: z.coerce.number().int().min(1, 'At least 1').max(1_000_000).default(defaultMessageLimits.perPersonPerDay),
  MESSAGES_PER_STORE_PER_MINUTE: z.coerce.number().int().min(1, 'At least 1').max(10_000).default(defaultMessageLimits.perStorePerMinute),
  MESSAGES_PER_STORE_PER_DAY: z.coerce.number().int().min(1, 'At least 1').max(1_000_000).default(defaultMessageLimits.perStorePerDay),
  DEMO_CATALOGUE: z.enum(['full', 'small']).default('full'),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1, 'At least 1 day').max(36_500, 'At most 100 years').default(defaultAuditRetentionDays),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context): false | string[] | number => {
      if (!value) return false;
      if (/^\d{1,2}$/.test(value)) return Number(value);
      const entries = value
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const bad = entries.filter((e) => {
        const [address, bits] = e.split('/');
        const version = net.isIP(address ?? '');
        return version === 0 || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128)));
      });
      if (bad.length > 0)
        context.addIssue({
          code: 'custom',
          message: `Not an address or CIDR range: ${bad.join(', ')} (give addresses like 10.0.0.5 or 10.0.0.0/8, or a number of hops)`,
        });
      return entries;
    }),
});

export class ConfigError extends Error {}

/** Where the data is: PostgreSQL at `databaseUrl`, else the embedded database in `dataDir`. */
export interface DatabaseLocation {
  dataDir: string;
  databaseUrl: string | null;
}

/**
 * The database settings alone, read as the server reads them: the backup and restore commands need these and
 * none of a production server's other settings.
 */
export function databaseLocation(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): DatabaseLocation {
  const schema = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true });
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return locationOf(parsed.data, root);
}

const locationOf = (e: { DATA_DIR: string; DATABASE_URL?: string | undefined }, root: string): DatabaseLocation => ({
  dataDir: path.resolve(root, e.DATA_DIR),
  databaseUrl: e.DATABASE_URL ?? null,
});

/**
 * Reads the environment once at start. Development gets working defaults for everything; production
 * must name every startup setting, and the error lists each one missing.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');

  const developmentDefaults: AppSettings = {
    mapsKey: noMapsKey,
    supportPhone: '(800) 555-0199',
    authority: `${publicUrl}/identity`,
    centralApi: publicUrl,
    applicationPath: '/',
    baseUrl: publicUrl,
    environmentMode: 'development',
    signInClientName: 'alltrac-staff-pwa',
  };
  const appSettings = {} as AppSettings;
  const missing: string[] = [];
  for (const name of startupSettingNames) {
    const value = env[startupSettings[name].env]?.trim();
    if (value) appSettings[name] = value;
    else if (production) missing.push(startupSettings[name].env);
    else appSettings[name] = developmentDefaults[name];
  }
  if (!e.TWILIO_ACCOUNT_SID !== !e.TWILIO_AUTH_TOKEN)
    throw new ConfigError('Set both TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN to text through Twilio, or neither to keep texts in the SMS sink.');
  if (production && !e.PUBLIC_URL) missing.unshift('PUBLIC_URL');
  if (missing.length > 0) throw new ConfigError(missingSettingsError(missing).message);

  return {
    port: e.PORT,
    host: e.HOST,
    production,
    ...locationOf(e, root),
    redisUrl: e.REDIS_URL ?? null,
    publicUrl,
    staticDir: path.resolve(root, 'dist'),
    appSettings,
    seedDemo: !production,
    demoCatalogue: e.DEMO_CATALOGUE,
    accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
    ratingTriesPerMinute: e.RATING_TRIES_PER_MINUTE,
    messageLimits: {
      perPersonPerMinute: e.MESSAGES_PER_PERSON_PER_MINUTE,
      perPersonPerDay: e.MESSAGES_PER_PERSON_PER_DAY,
      perStorePerMinute: e.MESSAGES_PER_STORE_PER_MINUTE,
      perStorePerDay: e.MESSAGES_PER_STORE_PER_DAY,
    },
    trustProxy: e.TRUST_PROXY,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, sinkDir: path.resolve(root, e.DATA_DIR, 'mail') },
    sms: {
      twilio: e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN } : null,
      sinkDir: path.resolve(root, e.DATA_DIR, 'sms'),
    },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
  };
}
