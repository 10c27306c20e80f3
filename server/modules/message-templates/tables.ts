import { messageTemplateSchema } from '../../../src/contract/entities.ts';
import type { StoredTemplate } from '../../../src/domain/messages/message-templates.ts';
import type { RowSpec, Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

export const messageTemplates: RowSpec<typeof messageTemplateSchema> = {
  table: 'messageTemplates',
  schema: messageTemplateSchema,
  scope: 'store',
  notFound: 'This store uses the default words for this template.',
};

/** The store's own template words, for the rendering the server does itself (STOP confirmations, reminders). */
export async function storeTemplates(db: ModuleContext['db'] | Writer['trx'], companyId: number, storeId: number): Promise<StoredTemplate[]> {
  return db
    .selectFrom('messageTemplates')
    .select(['templateType', 'smsText', 'emailSubject', 'emailText'])
    .where('companyId', '=', companyId)
    .where('storeId', '=', storeId)
    .where('deleted', '=', false)
    .execute();
}
