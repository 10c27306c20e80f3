import path from 'node:path';
import { z } from 'zod';
import { startupSettingNames, startupSettings, type AppSettings } from '../src/contract/app-settings.ts';
import { missingSettingsError } from '../src/domain/startup-settings.ts';

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
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'Use a postgres:// or postgresql:// URL' }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'Use a redis:// or rediss:// URL' }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'Use an http:// or https:// URL' }).optional(),
});

export class ConfigError extends Error {}

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
    mapsKey: 'development-no-maps',
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
  if (production && !e.PUBLIC_URL) missing.unshift('PUBLIC_URL');
  if (missing.length > 0) throw new ConfigError(missingSettingsError(missing).message);

  return {
    port: e.PORT,
    host: e.HOST,
    production,
    dataDir: path.resolve(root, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    publicUrl,
    staticDir: path.resolve(root, 'dist'),
    appSettings,
    seedDemo: !production,
  };
}
