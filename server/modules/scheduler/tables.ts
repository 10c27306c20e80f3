import { scheduledServiceSchema, scheduledVisitSchema, unconfirmedVisitSchema } from '../../../src/contract/entities.ts';
import type { RowSpec } from '../../sync/write-path.ts';

export const scheduledVisits: RowSpec<typeof scheduledVisitSchema> = {
  table: 'scheduledVisits',
  schema: scheduledVisitSchema,
  scope: 'store',
  notFound: 'This store has no such visit.',
  exists: 'A visit with this id already exists.',
};
export const scheduledServices: RowSpec<typeof scheduledServiceSchema> = {
  table: 'scheduledServices',
  schema: scheduledServiceSchema,
  scope: 'store',
  notFound: 'This visit has no such scheduled service.',
  exists: 'A scheduled service with this id already exists.',
};

export const unconfirmedVisits: RowSpec<typeof unconfirmedVisitSchema> = {
  table: 'unconfirmedVisits',
  schema: unconfirmedVisitSchema,
  scope: 'store',
  notFound: 'This store has no such appointment request.',
};
