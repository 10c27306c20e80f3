import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { MessageSink } from '../../../src/contract/message-sink.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { storeAdmins } from '../../../src/domain/people/roles.ts';
import { sinkProviderId } from '../../messaging/sms.ts';
import { storeScope } from '../../sync/scope.ts';
import type { ModuleContext } from '../context.ts';

/**
 * What the sinks kept for the active store (texts and emails that went nowhere, because no Twilio or SMTP is
 * set up): its admins read them, so the demo's messages can be seen end to end. Other stores' stay theirs.
 */
export async function messageSinkRoutes(app: FastifyInstance, { db, auth, config }: ModuleContext): Promise<void> {
  app.get(apiPaths.messageSink, async (request): Promise<MessageSink> => {
    const scope = await storeScope(db, auth, request, storeAdmins, 'the message sink');
    const rows = await db
      .selectFrom('outboundMessages')
      .select(['storeMessageId', 'channel', 'toAddress', 'subject', 'body', 'sentAt'])
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('status', '=', 'sent')
      .where((eb) => eb.or([eb('providerId', '=', sinkProviderId), eb('providerId', 'like', sql.lit(`${sinkProviderId}-%`))]))
      .orderBy('sentAt', 'desc')
      .limit(200)
      .execute();
    return {
      smsSink: config.sms.twilio === null,
      mailSink: config.mail.smtpUrl === null,
      items: rows.map((r) => ({
        id: r.storeMessageId,
        channel: r.channel,
        to: r.toAddress,
        subject: r.subject,
        body: r.body,
        sentAt: new Date(r.sentAt!).toISOString(),
      })),
    };
  });
}
