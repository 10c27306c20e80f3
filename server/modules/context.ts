import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';

/** What every route module is given when the app is built. */
export interface ModuleContext {
  db: Db;
  auth: Auth;
  config: Config;
}
