import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { changesBetween } from '../src/domain/app/json-patch.ts';
import type { Mutation } from './sync-engine.ts';

/** Traction orders as the counter changes them: linking an order to its visit (the server puts the invoice number on the visit). */
export const tractionMutations = {
  linkVisit(tractionOrderId: string, relatedVisitId: string | null): Mutation {
    return {
      collection: 'tractionOrders',
      key: tractionOrderId,
      description: relatedVisitId ? 'Link an order to a visit' : 'Unlink an order from its visit',
      ...(relatedVisitId ? { refs: [`scheduledVisits/${relatedVisitId}`] } : {}),
      build: (current) => {
        if (!current) throw new Error('This order is not on this device yet; wait for the sync to finish and try again.');
        const next = { ...current, relatedVisitId };
        const patch = changesBetween(current, next, ['relatedVisitId']);
        return patch.length === 0
          ? null
          : {
              next,
              request: { method: 'PATCH', path: fillPath(apiPaths.tractionOrder, { tractionOrderId }), body: patch },
            };
      },
    };
  },
};
