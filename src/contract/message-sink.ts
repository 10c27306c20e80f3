import { z } from 'zod';

/**
 * What the local sinks kept instead of texting or emailing (no Twilio or SMTP set up): read by a store's
 * admins on a page, so the demo works end to end. Not in the spec: docs/api.md.
 */
export const messageSinkSchema = z.object({
  /** Whether texts, and emails, go to the sink on this server (else to Twilio, and to SMTP). */
  smsSink: z.boolean(),
  mailSink: z.boolean(),
  /** The active store's messages the sinks kept, newest first. */
  items: z.array(
    z.object({
      id: z.string(),
      channel: z.enum(['sms', 'email']),
      to: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      sentAt: z.string(),
    }),
  ),
});
export type MessageSink = z.infer<typeof messageSinkSchema>;
