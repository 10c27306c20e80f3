import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tireInstallPackageTypes } from '../../../src/contract/enums.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import {
  createTireInstallPackageSchema,
  tireInstallPackagePatchableFields,
  tireInstallPackageSchema,
  type TireInstallPackage,
} from '../../../src/contract/tire-pricing.ts';
import { storeAdmins } from '../../../src/domain/people/roles.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { readScope, storeScope, type StoreScope } from '../../sync/scope.ts';
import { findRow, type RowSpec, type Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

export const tireInstallPackages: RowSpec<typeof tireInstallPackageSchema> = {
  table: 'tireInstallPackages',
  schema: tireInstallPackageSchema,
  scope: 'store',
  notFound: 'This store has no such install package.',
  exists: 'An install package with this id already exists.',
};

const columns = Object.keys(tireInstallPackageSchema.shape) as (keyof typeof tireInstallPackageSchema.shape)[];
const resource: ODataResource = { fields: Object.fromEntries(columns.filter((c) => c !== 'addOnIds').map((c) => [c, c])), schema: tireInstallPackageSchema };
const params = z.object({ tireInstallPackageId: z.uuid('The install package id must be a UUID') });
const what = "the store's install packages";

/**
 * Held by every write of a store's packages and by the removal of one of its add-ons, first: a package naming an
 * add-on and the add-on's removal never pass each other, and two packages of one type are never made at once.
 */
export const lockPackagesOf = (w: Writer, scope: StoreScope) => w.lockOn('install-packages-of-store', scope.storeId);

/** A package names each add-on once, in the order chosen. */
const normalize = (p: TireInstallPackage): TireInstallPackage => ({ ...p, addOnIds: [...new Set(p.addOnIds)] });

/**
 * What stops a package, by field: an add-on it newly names that is not a live add-on of the store, or a type the
 * store has a package of already (a quote line is named by the package's type, so two would read alike).
 */
async function packageProblems(w: Writer, scope: StoreScope, current: TireInstallPackage | null, next: TireInstallPackage): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  const named = next.addOnIds.filter((id) => !current?.addOnIds.includes(id));
  if (named.length > 0) {
    const found = new Set(
      (
        await w.trx
          .selectFrom('tirePurchaseAddOns')
          .select('tirePurchaseAddOnId')
          .where('companyId', '=', scope.companyId)
          .where('storeId', '=', scope.storeId)
          .where('deleted', '=', false)
          .where('tirePurchaseAddOnId', 'in', named)
          .execute()
      ).map((a) => a.tirePurchaseAddOnId),
    );
    const foreign = named.filter((id) => !found.has(id));
    if (foreign.length > 0)
      problems.addOnIds = foreign.map((id) => `The add-on ${id} is not one of this store's tire purchase add-ons: bundle the store's own`);
  }
  if (current?.type !== next.type) {
    const taken = await w.trx
      .selectFrom('tireInstallPackages')
      .select('tireInstallPackageId')
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .where('type', '=', next.type)
      .where('tireInstallPackageId', '!=', next.tireInstallPackageId)
      .executeTakeFirst();
    if (taken) problems.type = [`This store has a ${tireInstallPackageTypes.label(next.type)} install package already: change that one`];
  }
  return problems;
}

/** A 400 whose detail is the first problem itself, so a refused change shown on the device says what to do. */
function refuse(problems: Record<string, string[]>): void {
  const first = Object.values(problems)[0]?.[0];
  if (first) throw new ProblemError('validation', `${first}.`, { errors: problems });
}

/**
 * Takes a removed add-on off every package of the store that bundles it, each with a new version (the add-on's
 * removal holds the packages' lock): a quote would otherwise refuse a package naming an add-on no longer offered.
 */
export async function unbundleAddOn(w: Writer, scope: StoreScope, tirePurchaseAddOnId: string): Promise<void> {
  const ids = (
    await w.trx
      .selectFrom('tireInstallPackages')
      .select(['tireInstallPackageId', 'addOnIds'])
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .execute()
  )
    .filter((p) => p.addOnIds.includes(tirePurchaseAddOnId))
    .map((p) => p.tireInstallPackageId);
  for (const tireInstallPackageId of ids) {
    const current = await w.find(tireInstallPackages, { tireInstallPackageId });
    const row = await w.update(tireInstallPackages, { tireInstallPackageId }, current, {
      ...current,
      addOnIds: current.addOnIds.filter((id) => id !== tirePurchaseAddOnId),
    });
    w.event(tireInstallPackages, row, 'ReplicaChanged', ['tireInstallPackages', tireInstallPackageId]);
  }
}

/**
 * A store's install packages (ours, issue 26): Passenger, Light Truck and Winter, each bundling some of the
 * store's add-ons, itemized or at one price per tire. The front counter reads them to quote; the store's admins
 * (Retail Management) add, change and remove them, with device-made ids, through the one write path.
 */
export async function tireInstallPackageRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.tireInstallPackages, async (request) => {
    const scope = await readScope(db, auth, request, 'tireInstallPackages');
    const base = db
      .selectFrom('tireInstallPackages')
      .select(columns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    return runODataList(base, withDefaultOrder(parseODataQuery(request.query as Record<string, unknown>, resource), 'type'), resource, 'tireInstallPackageId');
  });

  app.get(apiPaths.tireInstallPackage, async (request) => {
    const scope = await readScope(db, auth, request, 'tireInstallPackages');
    return findRow(db, tireInstallPackages, scope, parseOrProblem(params, request.params, 'The path'));
  });

  app.post(apiPaths.tireInstallPackages, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, what);
    const model = normalize(parseOrProblem(createTireInstallPackageSchema, request.body, 'The install package'));
    const result = await writes.run(request, scope, async (w) => {
      await lockPackagesOf(w, scope);
      refuse(await packageProblems(w, scope, null, model));
      const row = await w.create(tireInstallPackages, model);
      w.event(tireInstallPackages, row, 'ReplicaChanged', ['tireInstallPackages', row.tireInstallPackageId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.patch(apiPaths.tireInstallPackage, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, what);
    const key = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      await lockPackagesOf(w, scope);
      const { row, changed } = await w.patch(tireInstallPackages, key, request.body, tireInstallPackagePatchableFields, {
        normalize,
        // Refused here rather than returned, so the answer's detail is the problem itself.
        problems: async (current, next) => {
          refuse(await packageProblems(w, scope, current, next));
          return {};
        },
      });
      if (changed) w.event(tireInstallPackages, row, 'ReplicaChanged', ['tireInstallPackages', row.tireInstallPackageId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.delete(apiPaths.tireInstallPackage, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, what);
    const key = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const removed = await w.remove(tireInstallPackages, key);
      if (removed) {
        w.event(tireInstallPackages, removed, 'ReplicaChanged', ['tireInstallPackages', removed.tireInstallPackageId]);
        return { status: 204, body: null };
      }
      // Removing twice (a replay, two admins) ends in the same place; an id the store never had is not found.
      const gone = await w.trx
        .selectFrom('tireInstallPackages')
        .select('tireInstallPackageId')
        .where('companyId', '=', scope.companyId)
        .where('storeId', '=', scope.storeId)
        .where('tireInstallPackageId', '=', key.tireInstallPackageId)
        .executeTakeFirst();
      if (!gone) throw new ProblemError('notFound', tireInstallPackages.notFound);
      return { status: 204, body: null };
    });
    return reply.code(result.status).send();
  });
}
