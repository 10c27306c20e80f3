import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPaths } from '../../../src/contract/routes.ts';
import {
  createStoreLocationSchema, missingRequiredStoreFields, storeLocationFieldsSchema, storeLocationMessages,
  updateStoreLocationSchema, type StoreLocation,
} from '../../../src/contract/store-location.ts';
import { storeIdSchema, storeIdText } from '../../../src/contract/user.ts';
import { hasRole, isPlatformAdmin, rolesAtStore, storeAdmins } from '../../../src/domain/roles.ts';
import { mayReadServiceKey } from '../../../src/domain/visibility.ts';
import type { AuthUser } from '../../auth/auth.ts';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { takeVersions } from '../../db/versions.ts';
import { parseODataQuery, runODataList, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import type { ModuleContext } from '../context.ts';

type StoreColumn = Exclude<keyof Database['storeLocations'], 'companyId' | 'version' | 'deleted'>;
const storeColumns = ['id', 'alltracCompanyId', ...Object.keys(storeLocationFieldsSchema.shape)] as StoreColumn[];

// The service key is not a field to filter by: it would tell a non-admin whether a guessed key is right.
const resource: ODataResource = {
  fields: Object.fromEntries(storeColumns.filter((c) => c !== 'serviceKey').map((c) => [c, c])),
  schema: storeLocationFieldsSchema.extend({ id: storeIdSchema, alltracCompanyId: z.number().int() }),
  expandable: ['specialStoreHours'],
};

const idParams = z.object({ id: storeIdText });

/** A store as the caller may read it: its service key only for its admins (hasServiceKey for everyone). */
function asSeenBy<T extends { id: number; serviceKey?: string | null }>(user: AuthUser, store: T): T & { hasServiceKey: boolean } {
  const { serviceKey, ...rest } = store;
  const seen = { ...rest, hasServiceKey: !!serviceKey } as T & { hasServiceKey: boolean };
  return mayReadServiceKey(rolesAtStore(user.roles, store.id)) ? { ...seen, serviceKey: serviceKey ?? null } : seen;
}

const mayManageStore = (user: AuthUser, storeId: number) => hasRole(user.roles, storeId, storeAdmins);

function uniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

function baseQuery(db: Db) {
  return db.selectFrom('storeLocations').select(storeColumns).where('deleted', '=', false);
}

async function withSpecialHours(db: Db, stores: Omit<StoreLocation, 'specialStoreHours'>[]): Promise<StoreLocation[]> {
  if (stores.length === 0) return [];
  const hours = await db.selectFrom('specialStoreHours').selectAll()
    .where('storeLocationId', 'in', stores.map((s) => s.id)).orderBy('date').execute();
  return stores.map((s) => ({ ...s, specialStoreHours: hours.filter((h) => h.storeLocationId === s.id) }));
}

async function findStore(db: Db, id: number): Promise<StoreLocation> {
  const store = await baseQuery(db).where('id', '=', id).executeTakeFirst();
  if (!store) throw new ProblemError('notFound', `Store ${id} does not exist.`);
  return store as StoreLocation;
}

/** Store locations (spec section 7 "Store locations"): list with the OData subset, create, update, delete. */
export async function storeLocationRoutes(app: FastifyInstance, { db, auth }: ModuleContext): Promise<void> {
  app.get(apiPaths.storeLocations, async (request) => {
    const user = await auth.authenticate(request);
    const query = parseODataQuery(request.query as Record<string, unknown>, resource);

    let q = baseQuery(db);
    // Everyone sees the stores of their own company; PointSAdmin may look at any company by filter.
    if (!isPlatformAdmin(user.roles)) q = q.where('alltracCompanyId', '=', user.alltracCompanyId);
    const list = await runODataList(q, query, resource, 'id');
    const rows = list.items as Omit<StoreLocation, 'specialStoreHours'>[];
    const items = query.expand.includes('specialStoreHours') ? await withSpecialHours(db, rows) : rows;
    return { ...list, items: items.map((store) => asSeenBy(user, store)) };
  });

  app.get(apiPaths.storeLocation, async (request) => {
    const user = await auth.authenticate(request);
    const { id } = parseOrProblem(idParams, request.params, 'The path');
    const store = await findStore(db, id);
    if (!isPlatformAdmin(user.roles) && store.alltracCompanyId !== user.alltracCompanyId) {
      throw new ProblemError('notFound', `Store ${id} does not exist.`);
    }
    return asSeenBy(user, (await withSpecialHours(db, [store]))[0]!);
  });

  app.post(apiPaths.storeLocations, async (request, reply) => {
    const user = await auth.authenticate(request);
    const platform = isPlatformAdmin(user.roles);
    if (!platform && !user.roles.some((r) => r.role === 'AllTracAdmin')) {
      throw new ProblemError('forbidden', 'Only an Admin may create a store location.');
    }
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ProblemError('validation', storeLocationMessages.notCreateModel, { errors: { '(body)': ['Send the store location as a JSON object'] } });
    }
    const missing = missingRequiredStoreFields(body as Record<string, unknown>);
    if (missing.length > 0) {
      throw new ProblemError('validation', storeLocationMessages.missingRequiredFields, {
        errors: Object.fromEntries(missing.map((f) => [f, ['Required']])),
      });
    }
    const model = parseOrProblem(createStoreLocationSchema, body, 'The store location');
    const alltracCompanyId = model.alltracCompanyId ?? user.alltracCompanyId;
    if (!platform && alltracCompanyId !== user.alltracCompanyId) {
      throw new ProblemError('forbidden', 'You may create stores only in your own company.');
    }

    const created = await db.transaction().execute(async (trx) => {
      const company = await trx.selectFrom('companies').select('id').where('alltracCompanyId', '=', alltracCompanyId).executeTakeFirst();
      if (!company) throw new ProblemError('validation', `Company ${alltracCompanyId} does not exist.`, { errors: { alltracCompanyId: ['No such company'] } });
      const version = await takeVersions(trx, company.id);
      const row = await trx.insertInto('storeLocations').values({
        serviceKey: null, timeZone: null, twilioPhoneNumber: null,
        ...model, alltracCompanyId, companyId: company.id, version,
      }).returning('id').executeTakeFirstOrThrow();
      // The admin who opens a store manages it.
      if (!platform) await trx.insertInto('userRoles').values({ userId: user.userId, storeId: row.id, role: 'AllTracAdmin' }).execute();
      return row.id;
    }).catch((error: unknown) => {
      if (uniqueViolation(error)) throw new ProblemError('conflict', `Store number ${model.storeNumber} is already used by another store of this company.`, { errors: { storeNumber: ['Already used'] } });
      throw error;
    });
    const store = await findStore(db, created);
    return reply.code(201).header('location', apiPaths.storeLocation.replace(':id', String(created))).send(asSeenBy(user, { ...store, specialStoreHours: [] }));
  });

  app.patch(apiPaths.storeLocation, async (request) => {
    const user = await auth.authenticate(request);
    const { id } = parseOrProblem(idParams, request.params, 'The path');
    if (!mayManageStore(user, id)) throw new ProblemError('forbidden', 'Only an Admin of this store may change it.');
    const changes = parseOrProblem(updateStoreLocationSchema, request.body ?? {}, 'The store location');
    if (Object.keys(changes).length === 0) return asSeenBy(user, (await withSpecialHours(db, [await findStore(db, id)]))[0]!);

    await db.transaction().execute(async (trx) => {
      const store = await trx.selectFrom('storeLocations').select(['companyId']).where('id', '=', id).where('deleted', '=', false).forUpdate().executeTakeFirst();
      if (!store) throw new ProblemError('notFound', `Store ${id} does not exist.`);
      const version = await takeVersions(trx, store.companyId);
      await trx.updateTable('storeLocations').set({ ...changes, version }).where('id', '=', id).execute();
    }).catch((error: unknown) => {
      if (uniqueViolation(error)) throw new ProblemError('conflict', `Store number ${changes.storeNumber} is already used by another store of this company.`, { errors: { storeNumber: ['Already used'] } });
      throw error;
    });
    return asSeenBy(user, (await withSpecialHours(db, [await findStore(db, id)]))[0]!);
  });

  app.delete(apiPaths.storeLocation, async (request, reply) => {
    const user = await auth.authenticate(request);
    const { id } = parseOrProblem(idParams, request.params, 'The path');
    if (!mayManageStore(user, id)) throw new ProblemError('forbidden', 'Only an Admin of this store may delete it.');
    await db.transaction().execute(async (trx) => {
      const store = await trx.selectFrom('storeLocations').select(['companyId']).where('id', '=', id).where('deleted', '=', false).forUpdate().executeTakeFirst();
      if (!store) throw new ProblemError('notFound', `Store ${id} does not exist.`);
      const version = await takeVersions(trx, store.companyId);
      // A tombstone, so every replica learns of the deletion.
      await trx.updateTable('storeLocations').set({ deleted: true, version }).where('id', '=', id).execute();
      await trx.updateTable('userSettings').set({ allTracCurrentStoreLocation: null }).where('allTracCurrentStoreLocation', '=', id).execute();
    });
    return reply.code(204).send();
  });
}
