import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { specialStoreHoursSchema } from '../../../src/contract/entities.ts';
import { fillPath } from '../../../src/contract/fill-path.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import {
  createStoreLocationSchema,
  defaultOnlineBookingLimits,
  missingRequiredStoreFields,
  storeLocationFieldsSchema,
  storeLocationMessages,
  storeTimeZoneMessages,
  updateStoreLocationSchema,
  type StoreLocation,
} from '../../../src/contract/store-location.ts';
import { storeIdSchema, storeIdText } from '../../../src/contract/user.ts';
import { createSpecialStoreHoursSchema, updateSpecialStoreHoursSchema } from '../../../src/contract/writes.ts';
import { hasRole, isPlatformAdmin, rolesAtStore, storeAdmins } from '../../../src/domain/people/roles.ts';
import { defaultPickupSettings, pickupProblems } from '../../../src/domain/store/pickup-rules.ts';
import { mayAssignTextingNumber, textingNumberMessages } from '../../../src/domain/messages/texting.ts';
import { defaultWeekdayHours, specialHoursProblems, weekdayHoursProblems } from '../../../src/domain/store/store-hours.ts';
import { mayReadServiceKey } from '../../../src/domain/app/visibility.ts';
import type { AuthUser } from '../../auth/auth.ts';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { parseODataQuery, runODataList, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { versionColumns, type RowSpec, type Writer, type WriteScope } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { refreshStoreStaff } from '../users/store-staff.ts';

type StoreColumn = Exclude<keyof Database['storeLocations'], 'companyId' | 'storeId' | 'version' | 'deleted' | 'changedBy' | 'changedByName' | 'changedAt'>;
const storeColumns = ['id', 'alltracCompanyId', 'contactFormId', ...Object.keys(storeLocationFieldsSchema.shape)] as StoreColumn[];

// The service key is not a field to filter by: it would tell a non-admin whether a guessed key is right.
const resource: ODataResource = {
  fields: Object.fromEntries(storeColumns.filter((c) => c !== 'serviceKey' && c !== 'contactFormId').map((c) => [c, c])),
  schema: storeLocationFieldsSchema.extend({ id: storeIdSchema, alltracCompanyId: z.number().int() }),
  expandable: ['specialStoreHours'],
};

/** A store's own row: it belongs to the store it describes (its store_id is its id). */
const storeRowSchema = storeLocationFieldsSchema.extend({ id: z.number().int(), alltracCompanyId: z.number().int(), contactFormId: z.string() });
const storeRows: RowSpec<typeof storeRowSchema> = {
  table: 'storeLocations',
  schema: storeRowSchema,
  scope: 'store',
  notFound: 'This store does not exist.',
};
const specialHoursRows: RowSpec<typeof specialStoreHoursSchema> = {
  table: 'specialStoreHours',
  schema: specialStoreHoursSchema,
  scope: 'store',
  notFound: 'This store has no such special hours.',
  exists: 'Special hours with this id already exist.',
};

const idParams = z.object({ id: storeIdText });
const specialHoursParams = z.object({ id: storeIdText, specialStoreHoursId: z.uuid() });

/** A store as the caller may read it: its service key only for its admins (hasServiceKey for everyone). */
function asSeenBy<T extends { id: number; serviceKey?: string | null }>(user: AuthUser, store: T): T & { hasServiceKey: boolean } {
  const { serviceKey, ...rest } = store;
  const seen = { ...rest, hasServiceKey: !!serviceKey } as T & { hasServiceKey: boolean };
  return mayReadServiceKey(rolesAtStore(user.roles, store.id)) ? { ...seen, serviceKey: serviceKey ?? null } : seen;
}

function uniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/**
 * Store numbers are unique in a company, texting numbers across every company: a taken one is a 409 that
 * names the field. The platform's admins, who assign the numbers and see every company, are also told which
 * store holds it, so they know where to free it; anyone else is not told about another company's store.
 */
async function refuseTaken(
  db: Db,
  user: AuthUser,
  companyId: number,
  sent: { storeNumber?: number; twilioPhoneNumber?: string | null },
  error: unknown,
): Promise<never> {
  if (uniqueViolation(error) && (error as { constraint?: string }).constraint === 'store_locations_texting_number') {
    const holder =
      isPlatformAdmin(user.roles) && sent.twilioPhoneNumber
        ? await db
            .selectFrom('storeLocations')
            .innerJoin('companies', 'companies.id', 'storeLocations.companyId')
            .select(['storeLocations.storeNumber', 'storeLocations.name', 'companies.name as companyName', 'companies.alltracCompanyId'])
            .where('storeLocations.twilioPhoneNumber', '=', sent.twilioPhoneNumber)
            .where('storeLocations.deleted', '=', false)
            .executeTakeFirst()
        : undefined;
    // The holder may have let the number go since: then only that it was taken is said, and trying again works.
    if (!holder) throw new ProblemError('conflict', textingNumberMessages.taken, { errors: { twilioPhoneNumber: ['Already a number of another store'] } });
    const store = `store #${holder.storeNumber} ${holder.name} of ${holder.companyName} (company ${holder.alltracCompanyId})`;
    throw new ProblemError('conflict', `${textingNumberMessages.taken} It is the number of ${store}: clear it there first to move it.`, {
      errors: { twilioPhoneNumber: [`Already the number of ${store}`] },
    });
  }
  if (uniqueViolation(error)) await refuseStoreNumber(db, companyId, sent.storeNumber);
  throw error;
}

/**
 * A store number another store of the company has (a closed one keeps its number): the admin is told which store,
 * in the field's message too, since the form shows that beside the number.
 */
async function refuseStoreNumber(db: Db, companyId: number, storeNumber: number | undefined): Promise<never> {
  const holder =
    storeNumber === undefined
      ? undefined
      : await db
          .selectFrom('storeLocations')
          .select(['name', 'deleted'])
          .where('companyId', '=', companyId)
          .where('storeNumber', '=', storeNumber)
          .executeTakeFirst();
  const store = holder ? `${holder.name}${holder.deleted ? ' (closed)' : ''}` : 'another store of this company';
  const words = `Store number ${storeNumber} is already used by ${store}: choose another number`;
  throw new ProblemError('conflict', `${words}.`, { errors: { storeNumber: [words] } });
}

/** A store opened, or changed, with no time zone: a 400 naming the field, before anything is stored. */
function refuseNoTimeZone(): never {
  throw new ProblemError('validation', storeTimeZoneMessages.missing, { errors: { timeZone: [storeTimeZoneMessages.field] } });
}

/** A texting number set by someone who may not assign one: a 403 naming the field, before anything is stored. */
function refuseTextingNumber(): never {
  throw new ProblemError('forbidden', textingNumberMessages.platformOnly, { errors: { twilioPhoneNumber: ["Assigned by the platform's administrators"] } });
}

function baseQuery(db: Db) {
  return db
    .selectFrom('storeLocations')
    .select([...storeColumns, ...versionColumns])
    .where('deleted', '=', false);
}

async function withSpecialHours<T extends { id: number }>(db: Db | Writer['trx'], stores: T[]): Promise<(T & Pick<StoreLocation, 'specialStoreHours'>)[]> {
  if (stores.length === 0) return [];
  const hours = await db
    .selectFrom('specialStoreHours')
    .select(Object.keys(specialStoreHoursSchema.shape) as (keyof typeof specialStoreHoursSchema.shape)[])
    .where(
      'storeLocationId',
      'in',
      stores.map((s) => s.id),
    )
    .where('deleted', '=', false)
    .orderBy('date')
    .execute();
  return stores.map((s) => ({ ...s, specialStoreHours: hours.filter((h) => h.storeLocationId === s.id) }));
}

async function findStore(db: Db, id: number) {
  const store = await baseQuery(db).where('id', '=', id).executeTakeFirst();
  if (!store) throw new ProblemError('notFound', `Store ${id} does not exist.`);
  return store;
}

/** Store locations (spec section 7 "Store locations"): list with the OData subset, create, update, delete. */
export async function storeLocationRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  /** The store in the path, once the caller is one of its admins (`what` they do to it, in words). */
  async function managedStore(request: FastifyRequest, what: string): Promise<{ user: AuthUser; scope: WriteScope; id: number }> {
    const user = await auth.authenticate(request);
    const { id } = parseOrProblem(idParams, request.params, 'The path');
    if (!hasRole(user.roles, id, storeAdmins)) throw new ProblemError('forbidden', `Only an Admin of this store may ${what}.`);
    const store = await db.selectFrom('storeLocations').select('companyId').where('id', '=', id).where('deleted', '=', false).executeTakeFirst();
    if (!store) throw new ProblemError('notFound', `Store ${id} does not exist.`);
    return { user, scope: { user, companyId: store.companyId, storeId: id }, id };
  }

  app.get(apiPaths.storeLocations, async (request) => {
    const user = await auth.authenticate(request);
    const query = parseODataQuery(request.query as Record<string, unknown>, resource);

    let q = baseQuery(db);
    // Everyone sees the stores of their own company; PointSAdmin may look at any company by filter.
    if (!isPlatformAdmin(user.roles)) q = q.where('alltracCompanyId', '=', user.alltracCompanyId);
    const list = await runODataList(q, query, resource, 'id');
    const rows = list.items as { id: number; serviceKey?: string | null }[];
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
    if ((body as { timeZone?: unknown }).timeZone == null) refuseNoTimeZone();
    const model = parseOrProblem(createStoreLocationSchema, body, 'The store location');
    if (model.twilioPhoneNumber && !mayAssignTextingNumber(user.roles)) refuseTextingNumber();
    const alltracCompanyId = model.alltracCompanyId ?? user.alltracCompanyId;
    if (!platform && alltracCompanyId !== user.alltracCompanyId) {
      throw new ProblemError('forbidden', 'You may create stores only in your own company.');
    }
    const company = await db.selectFrom('companies').select('id').where('alltracCompanyId', '=', alltracCompanyId).executeTakeFirst();
    if (!company) throw new ProblemError('validation', `Company ${alltracCompanyId} does not exist.`, { errors: { alltracCompanyId: ['No such company'] } });
    const values = {
      serviceKey: null,
      timeZone: null,
      twilioPhoneNumber: null,
      lowRatingFollowUpEnabled: false,
      highRatingFollowUpEnabled: false,
      ...defaultOnlineBookingLimits,
      googleReviewUrl: null,
      yelpReviewUrl: null,
      addressLine1: null,
      city: null,
      state: null,
      postalCode: null,
      phoneNumber: null,
      ...defaultWeekdayHours,
      ...defaultPickupSettings,
      ...model,
      alltracCompanyId,
    };
    refuseProblems({ ...weekdayHoursProblems(values), ...pickupProblems(values) }, 'The store location');

    const result = await writes
      .run(request, { user, companyId: company.id, storeId: null }, async (w) => {
        const stamp = await w.stamp();
        // The store's id is made by the database (store numbers are the people's ids), so it is inserted here.
        const row = await w.trx
          .insertInto('storeLocations')
          .values({
            ...values,
            ...stamp,
            companyId: company.id,
            // jsonb columns take JSON text (pg would send a JS array as a Postgres array).
            pickupPostalCodes: JSON.stringify(values.pickupPostalCodes) as never,
            pickupWindows: JSON.stringify(values.pickupWindows) as never,
          })
          .returning(['id', 'contactFormId'])
          .executeTakeFirstOrThrow();
        // The admin who opens a store manages it.
        if (!platform) {
          await w.trx.insertInto('userRoles').values({ userId: user.userId, storeId: row.id, role: 'AllTracAdmin' }).execute();
          await refreshStoreStaff(w, company.id, [user.userId]);
        }
        const store = { ...values, id: row.id, contactFormId: row.contactFormId, ...stamp };
        w.recordCreated(storeRows, store);
        w.event(storeRows, store, 'ReplicaChanged', ['storeLocations', String(row.id)]);
        return { status: 201, body: asSeenBy(user, { ...store, specialStoreHours: [] }) };
      })
      .catch((error: unknown) => refuseTaken(db, user, company.id, model, error));
    return reply
      .code(result.status)
      .header('location', fillPath(apiPaths.storeLocation, { id: result.body.id }))
      .send(result.body);
  });

  /** Changed fields only (spec section 7): a field left out stays as it is. */
  app.patch(apiPaths.storeLocation, async (request, reply) => {
    const { user, scope, id } = await managedStore(request, 'change it');
    const changes = parseOrProblem(updateStoreLocationSchema, request.body ?? {}, 'The store location');
    if (changes.timeZone === null) refuseNoTimeZone();
    const result = await writes
      .run(request, scope, async (w) => {
        const { row, changed } = await w.change(storeRows, { id }, (current) => {
          if (changes.twilioPhoneNumber !== undefined && changes.twilioPhoneNumber !== current.twilioPhoneNumber && !mayAssignTextingNumber(user.roles))
            refuseTextingNumber();
          const next = { ...current, ...changes };
          refuseProblems({ ...weekdayHoursProblems(next), ...pickupProblems(next) }, 'The store location');
          return Object.entries(changes).some(([f, v]) => JSON.stringify(current[f as keyof typeof current]) !== JSON.stringify(v)) ? changes : null;
        });
        if (changed) w.event(storeRows, row, 'ReplicaChanged', ['storeLocations', String(id)]);
        return { status: 200, body: asSeenBy(user, (await withSpecialHours(w.trx, [row]))[0]!) };
      })
      .catch((error: unknown) => refuseTaken(db, user, scope.companyId, changes, error));
    return reply.code(result.status).send(result.body);
  });

  app.delete(apiPaths.storeLocation, async (request, reply) => {
    const { scope, id } = await managedStore(request, 'delete it');
    const result = await writes.run(request, scope, async (w) => {
      const row = await w.find(storeRows, { id });
      // A tombstone, so every replica learns of the deletion.
      await w.tombstone(storeRows, { id });
      // Whoever worked here moves to their next store (by number, one they hold a role at), or chooses when none.
      await w.trx
        .updateTable('userSettings')
        .set((eb) => ({
          allTracCurrentStoreLocation: eb
            .selectFrom('userRoles')
            .innerJoin('storeLocations', 'storeLocations.id', 'userRoles.storeId')
            .select('userRoles.storeId')
            .whereRef('userRoles.userId', '=', 'userSettings.userId')
            .where('userRoles.storeId', '<>', id)
            .where('storeLocations.deleted', '=', false)
            .orderBy('storeLocations.storeNumber')
            .orderBy('storeLocations.id')
            .limit(1),
        }))
        .where('allTracCurrentStoreLocation', '=', id)
        .execute();
      w.event(storeRows, row, 'ReplicaChanged', ['storeLocations', String(id)]);
      return { status: 204, body: null };
    });
    return reply.code(result.status).send();
  });

  /** A holiday, a short day or a closure (spec section 3, specialStoreHours); paths are ours (docs/api.md). */
  app.post(apiPaths.specialStoreHours, async (request, reply) => {
    const { scope, id } = await managedStore(request, 'change its hours');
    const model = parseOrProblem(createSpecialStoreHoursSchema, request.body, 'The special hours');
    const day = { ...model, storeLocationId: id, openTime: model.isClosed ? null : model.openTime, closeTime: model.isClosed ? null : model.closeTime };
    refuseProblems(specialHoursProblems(day), 'The special hours');
    const result = await writes.run(request, scope, async (w) => {
      // One special day per date: two added for one date at once, the second sees the first.
      await w.lockOn('special-day', id, day.date);
      const taken = await w.trx
        .selectFrom('specialStoreHours')
        .select('specialStoreHoursId')
        .where('storeLocationId', '=', id)
        .where('date', '=', day.date)
        .where('deleted', '=', false)
        .executeTakeFirst();
      if (taken && taken.specialStoreHoursId !== day.specialStoreHoursId) {
        throw new ProblemError('conflict', `The store already has special hours on ${day.date}; change those instead.`, {
          errors: { date: ['Already has special hours'] },
        });
      }
      const row = await w.create(specialHoursRows, day);
      w.event(specialHoursRows, row, 'ReplicaChanged', ['specialStoreHours', row.specialStoreHoursId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.patch(apiPaths.specialStoreHoursDay, async (request, reply) => {
    const { scope, id } = await managedStore(request, 'change its hours');
    const { specialStoreHoursId } = parseOrProblem(specialHoursParams, request.params, 'The path');
    const changes = parseOrProblem(updateSpecialStoreHoursSchema, request.body ?? {}, 'The special hours');
    const result = await writes
      .run(request, scope, async (w) => {
        const { row, changed } = await w.change(specialHoursRows, { specialStoreHoursId, storeLocationId: id }, (current) => {
          const next = { ...current, ...changes };
          const day = next.isClosed ? { ...next, openTime: null, closeTime: null } : next;
          refuseProblems(specialHoursProblems(day), 'The special hours');
          return JSON.stringify(specialStoreHoursSchema.parse(day)) === JSON.stringify(specialStoreHoursSchema.parse(current)) ? null : day;
        });
        if (changed) w.event(specialHoursRows, row, 'ReplicaChanged', ['specialStoreHours', specialStoreHoursId]);
        return { status: 200, body: row };
      })
      .catch((error: unknown) => {
        if (uniqueViolation(error))
          throw new ProblemError('conflict', `The store already has special hours on ${changes.date}; change those instead.`, {
            errors: { date: ['Already has special hours'] },
          });
        throw error;
      });
    return reply.code(result.status).send(result.body);
  });

  app.delete(apiPaths.specialStoreHoursDay, async (request, reply) => {
    const { scope, id } = await managedStore(request, 'change its hours');
    const { specialStoreHoursId } = parseOrProblem(specialHoursParams, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const row = await w.read(specialHoursRows, { specialStoreHoursId, storeLocationId: id });
      // Deleting twice (a replay, two admins) ends in the same place.
      if (!row) return { status: 204, body: null };
      await w.tombstone(specialHoursRows, { specialStoreHoursId });
      w.event(specialHoursRows, row, 'ReplicaChanged', ['specialStoreHours', specialStoreHoursId]);
      return { status: 204, body: null };
    });
    return reply.code(result.status).send();
  });
}
