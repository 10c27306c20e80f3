import type { Auth } from '../auth/auth.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { EventPublisher, WritePath } from '../sync/write-path.ts';

/** What every route module is given when the app is built. */
export interface ModuleContext {
  db: Db;
  auth: Auth;
  config: Config;
  /** Live events to the hub, sent after a write commits; and a person's live connections ended (disabled). */
  events: EventPublisher & { disconnectUser(userId: string): void };
  clock: Clock;
  /** The one write path for replicated rows (STYLE.md item 11). */
  writes: WritePath;
  /** The product's email (an SMTP server, or the mail sink in development and tests). */
  mailer: Mailer;
  /** Sends queued messages to customers; kicked after a write that queued one commits. */
  outbound: { kick(): void };
  /** The server's secret for signing short-lived tokens it hands out and checks itself (a contact form's). */
  secret: string;
}
