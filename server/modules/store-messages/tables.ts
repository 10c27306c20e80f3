import { storeMessageSchema } from '../../../src/contract/entities.ts';
import type { RowSpec } from '../../sync/write-path.ts';

export const storeMessages: RowSpec<typeof storeMessageSchema> = {
  table: 'storeMessages',
  schema: storeMessageSchema,
  scope: 'store',
  notFound: 'This message does not exist at this store.',
};
