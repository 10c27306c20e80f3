import { textStopSchema } from '../../../src/contract/entities.ts';
import type { RowSpec } from '../../sync/write-path.ts';

/** Numbers that texted STOP to a store (written by the texting webhook only). */
export const textStops: RowSpec<typeof textStopSchema> = {
  table: 'textStops',
  schema: textStopSchema,
  scope: 'store',
  notFound: 'This number has not stopped texts from this store.',
};
