import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import twilio from 'twilio';
import type { Config } from '../config.ts';

export interface Sms {
  to: string;
  from: string;
  body: string;
}

/** What the sinks give as the provider's id of a message they kept (a text's is followed by its own id). */
export const sinkProviderId = 'sink';

/** Sends texts; `via` says whether one left for the customer or was only written to the sink. */
export interface SmsSender {
  send(sms: Sms): Promise<{ providerId: string; via: 'twilio' | 'sink' }>;
}

/**
 * Texts through Twilio when its credentials are set, asking it to report each text's delivery to
 * `statusCallback`; otherwise each text is written as a JSON file to the SMS sink (DATA_DIR/sms), where the
 * demo, a developer or a test reads it: nothing is texted by accident.
 */
export function createSmsSender(config: Config['sms'], statusCallback: string): SmsSender {
  if (config.twilio) {
    const client = twilio(config.twilio.accountSid, config.twilio.authToken);
    return {
      async send(sms) {
        const message = await client.messages.create({ to: sms.to, from: sms.from, body: sms.body, statusCallback });
        return { providerId: message.sid, via: 'twilio' };
      },
    };
  }
  return {
    async send(sms) {
      const providerId = `${sinkProviderId}-${randomUUID()}`;
      await mkdir(config.sinkDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${sms.to.replace(/[^\w+]/g, '_')}-${providerId}.json`;
      await writeFile(path.join(config.sinkDir, name), JSON.stringify({ ...sms, providerId }, null, 2));
      return { providerId, via: 'sink' };
    },
  };
}
