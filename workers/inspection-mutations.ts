import type { InspectionItem, InspectionReport, ScheduledService, ScheduledVisit } from '../src/contract/entities.ts';
import { setInspectionFixSchema, type InspectionFix } from '../src/contract/inspection-fix.ts';
import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import {
  createInspectionPhotoSchema,
  createInspectionReportSchema,
  inspectionReportPatchableFields,
  saveInspectionItemSchema,
  type CreateInspectionPhoto,
  type CreateInspectionReport,
  type SaveInspectionItem,
} from '../src/contract/writes.ts';
import { changesBetween } from '../src/domain/app/json-patch.ts';
import { inspectionItemProblems, reportSendPath, reportSendProblem } from '../src/domain/inspections/inspections.ts';
import { milestoneChanges, type Milestone } from '../src/domain/scheduler/visit-rules.ts';
import type { Mutation } from './sync-engine.ts';

type Row = Record<string, unknown>;

function notOnDevice(what: string): never {
  throw new Error(`This ${what} is not on this device yet; wait for the sync to finish and try again.`);
}

/** The bay's changes, each one call of the API: applied here at once, sent by the outbox (DESIGN.md). */
export const inspectionMutations = {
  /** An inspection of a visit, from the store's template as it is now (copied into the report). */
  startInspection(storeId: number, input: CreateInspectionReport): Mutation {
    const model = createInspectionReportSchema.parse(input);
    return {
      collection: 'inspectionReports',
      key: model.inspectionReportId,
      description: 'Start an inspection',
      refs: [`scheduledVisits/${model.scheduledVisitId}`],
      build: (current) =>
        current
          ? null
          : {
              // The public id is the server's: the report shows no customer link until its answer arrives.
              next: { ...model, inspectionReportHashId: '', completedAt: null, sentAt: null, approvedByName: null, approvedAt: null, decisionLog: [], storeId },
              request: { method: 'POST', path: apiPaths.inspectionReports, body: model },
            },
    };
  },

  /** An item's result, whole; refused here with the server's words before anything is stored. */
  saveItem(
    storeId: number,
    inspectionReportId: string,
    itemId: string,
    measurementKind: Parameters<typeof inspectionItemProblems>[0],
    input: SaveInspectionItem,
  ): Mutation {
    const model = saveInspectionItemSchema.parse(input);
    const problem = Object.values(inspectionItemProblems(measurementKind, model))[0]?.[0];
    if (problem) throw new Error(problem);
    return {
      collection: 'inspectionItems',
      key: `${inspectionReportId}/${itemId}`,
      description: 'Record an inspection result',
      refs: [`inspectionReports/${inspectionReportId}`],
      build: (current) => {
        const was = current as InspectionItem | undefined;
        if (was && was.status === model.status && was.notes === model.notes && was.measurement === model.measurement) return null;
        return {
          next: { customerDecision: null, decidedAt: null, ...current, inspectionReportId, itemId, ...model, storeId },
          request: { method: 'PUT', path: fillPath(apiPaths.inspectionItem, { inspectionReportId, itemId }), body: model },
        };
      },
    };
  },

  /** Marks the inspection done (or reopens it, with null): the customer's report shows it once done. */
  completeInspection(inspectionReportId: string, completedAt: string | null): Mutation {
    return {
      collection: 'inspectionReports',
      key: inspectionReportId,
      description: completedAt ? 'Complete an inspection' : 'Reopen an inspection',
      build: (current) => {
        if (!current) notOnDevice('inspection');
        const next = { ...current, completedAt };
        const patch = changesBetween(current, next, inspectionReportPatchableFields);
        return patch.length === 0
          ? null
          : { next, request: { method: 'PATCH', path: fillPath(apiPaths.inspectionReport, { inspectionReportId }), body: patch } };
      },
    };
  },

  /**
   * Sends the customer the report's link: a server action (the server says whether it went, or why not: the
   * customer prefers calls), so the report reads as sent only once the server's answer says so. Asked again, a
   * refused send is replaced and one still waiting goes once (SyncEngine.mutate).
   */
  sendReport(inspectionReportId: string, now = new Date()): Mutation {
    return {
      collection: 'inspectionReports',
      key: inspectionReportId,
      description: 'Send the inspection report',
      serverAction: true,
      build: (current) => {
        if (!current) notOnDevice('inspection');
        const problem = reportSendProblem(current as unknown as InspectionReport, now);
        if (problem) throw new Error(problem);
        return { next: current, request: { method: 'POST', path: reportSendPath(inspectionReportId) } };
      },
    };
  },

  /**
   * Reopens the customer's signed decision on an item (they changed their mind on the phone): the item waits for
   * a new answer; the server records who reopened it and what it was in the report's decision log.
   */
  reopenDecision(inspectionReportId: string, itemId: string): Mutation {
    return {
      collection: 'inspectionItems',
      key: `${inspectionReportId}/${itemId}`,
      description: "Reopen the customer's answer",
      build: (current) => {
        if (!current) notOnDevice('inspection item');
        if (!current.customerDecision) return null;
        return {
          next: { ...current, customerDecision: null, decidedAt: null, decidedByName: null },
          request: { method: 'POST', path: fillPath(apiPaths.reopenInspectionDecision, { inspectionReportId, itemId }) },
        };
      },
    };
  },

  /**
   * What fixes an item, priced here with the replica's prices so the counter sees its total at once (the server
   * prices the choice again; its answer replaces this one), or none (null). An item the customer answered keeps
   * the price they answered.
   */
  setFix(inspectionReportId: string, itemId: string, fix: InspectionFix | null): Mutation {
    const body = fix === null ? null : setInspectionFixSchema.parse({ pricedOn: fix.pricedOn, choice: fix.choice });
    return {
      collection: 'inspectionItems',
      key: `${inspectionReportId}/${itemId}`,
      description: fix ? 'Price a fix' : 'Take a fix off',
      build: (current) => {
        if (!current) notOnDevice('inspection item');
        if (current.customerDecision) throw new Error('The customer answered this item at its price: reopen their answer before changing what fixes it.');
        const was = (current.fix ?? null) as InspectionFix | null;
        // Both sides in the contract's shape (its key order), so the same choice compares equal.
        const wasChoice = was ? setInspectionFixSchema.parse({ pricedOn: was.pricedOn, choice: was.choice }) : null;
        if (JSON.stringify(wasChoice) === JSON.stringify(body)) return null;
        const at = fillPath(apiPaths.inspectionItemFix, { inspectionReportId, itemId });
        return {
          next: { ...current, fix: fix && body ? { ...fix, choice: body.choice } : null },
          request: body ? { method: 'PUT', path: at, body } : { method: 'DELETE', path: at },
        };
      },
    };
  },

  /**
   * A photo of an item: its row (POST), then its bytes (an upload entry of the same photo, so sent after it,
   * in pieces that go on where a broken upload stopped). The bytes are kept on the device with them.
   */
  addPhoto(storeId: number, input: CreateInspectionPhoto): Mutation[] {
    const model = createInspectionPhotoSchema.parse(input);
    const row = { ...model, uploadedAt: null, storeId };
    return [
      {
        collection: 'inspectionPhotos',
        key: model.inspectionPhotoId,
        description: 'Add a photo',
        refs: [`inspectionReports/${model.inspectionReportId}`],
        build: () => ({ next: row, request: { method: 'POST', path: apiPaths.inspectionPhotos, body: model } }),
      },
      {
        collection: 'inspectionPhotos',
        key: model.inspectionPhotoId,
        description: 'Upload a photo',
        build: (current) => ({
          next: current ?? row,
          request: {
            method: 'PUT',
            path: fillPath(apiPaths.inspectionPhotoContent, { inspectionPhotoId: model.inspectionPhotoId }),
            upload: { byteSize: model.byteSize },
          },
        }),
      },
    ];
  },

  /** A visit's next step in the bay or at the counter, at the time it happened here (the server keeps it if plausible). */
  milestone(scheduledVisitId: string, milestone: Milestone, now = new Date()): Mutation {
    return {
      collection: 'scheduledVisits',
      key: scheduledVisitId,
      description: { 'work-start': 'Start work', 'work-complete': 'Complete work', 'ready-for-pickup': 'Ready for pickup', 'check-out': 'Check out' }[
        milestone
      ],
      build: (current) => {
        if (!current) notOnDevice('visit');
        const at = now.toISOString();
        const changes = milestoneChanges(current as unknown as ScheduledVisit, milestone, at);
        if (changes && 'refused' in changes) throw new Error(changes.refused);
        if (!changes) return null;
        return {
          next: { ...current, ...changes },
          request: { method: 'POST', path: fillPath(apiPaths.visitMilestone, { scheduledVisitId, milestone }), body: { at } },
        };
      },
    };
  },

  /** Who does a job: a technician takes it or gives it back; the lead moves it to anyone (the server checks who may). */
  assignService(service: Pick<ScheduledService, 'scheduledServiceId' | 'scheduledVisitId'>, technicianId: string | null): Mutation {
    return {
      collection: 'scheduledServices',
      key: service.scheduledServiceId,
      description: technicianId ? 'Assign a job' : 'Give back a job',
      build: (current) => {
        if (!current) notOnDevice('job');
        const next: Row = { ...current, selectedTechnician: technicianId };
        const patch = changesBetween(current, next, ['selectedTechnician']);
        return patch.length === 0
          ? null
          : {
              next,
              request: {
                method: 'PATCH',
                path: fillPath(apiPaths.scheduledService, { scheduledVisitId: service.scheduledVisitId, scheduledServiceId: service.scheduledServiceId }),
                body: patch,
              },
            };
      },
    };
  },
};
