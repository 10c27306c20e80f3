import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { addVisitTiresSchema, type AddVisitTires } from '../src/contract/visit-tires.ts';
import { parseDot } from '../src/domain/tires/tire-dot.ts';
import type { Mutation } from './sync-engine.ts';

/** A visit's tires: added by the counter with the visit (sent after it), their DOT codes recorded in the bay, offline too. */
export const visitTireMutations = {
  /** One change per tire, each its own call: a tire sent twice is kept once. */
  addTires(storeId: number, scheduledVisitId: string, tires: AddVisitTires['tires']): Mutation[] {
    const model = addVisitTiresSchema.parse({ tires });
    return model.tires.map((tire) => ({
      collection: 'visitTires',
      key: tire.visitTireId,
      description: 'Add a tire to a visit',
      refs: [`scheduledVisits/${scheduledVisitId}`],
      build: (current) =>
        current
          ? null
          : {
              next: { ...tire, scheduledVisitId, dotCode: null, dotRecordedAt: null, dotRecordedBy: null, storeId },
              request: {
                method: 'POST',
                path: fillPath(apiPaths.visitTires, { scheduledVisitId }),
                body: { tires: [tire] },
              },
            },
    }));
  },

  /**
   * The DOT code as typed, refused here in the server's words (a week not come yet on `today`, the store's date
   * at `now`); null clears a misread one.
   */
  recordDot(visitTireId: string, typed: string | null, recordedBy: string, { now, today }: { now: Date; today: string }, onlyIfNone = false): Mutation {
    const parsed = typed === null ? null : parseDot(typed, today);
    if (parsed && !parsed.ok) throw new Error(parsed.message);
    const dotCode = parsed?.ok ? parsed.dot.code : null;
    return {
      collection: 'visitTires',
      key: visitTireId,
      description: 'Record a DOT code',
      build: (current) => {
        if (!current) throw new Error('This tire is not on this device yet; wait for the sync to finish and try again.');
        if (current.dotCode === dotCode) return null;
        // A code copied to the set's other tires never replaces one read off a tire meanwhile, here or elsewhere.
        if (onlyIfNone && current.dotCode) return null;
        return {
          next: { ...current, dotCode, dotRecordedAt: dotCode ? now.toISOString() : null, dotRecordedBy: dotCode ? recordedBy : null },
          request: { method: 'PUT', path: fillPath(apiPaths.visitTireDot, { visitTireId }), body: { dotCode, ...(onlyIfNone ? { onlyIfNone } : {}) } },
        };
      },
    };
  },

  removeTire(visitTireId: string): Mutation {
    return {
      collection: 'visitTires',
      key: visitTireId,
      description: 'Take a tire off a visit',
      build: (current) => (current ? { next: null, request: { method: 'DELETE', path: fillPath(apiPaths.visitTire, { visitTireId }) } } : null),
    };
  },
};
