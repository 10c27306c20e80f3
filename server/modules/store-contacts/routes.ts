import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { socialMediaAccountSchema, storeContactSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import type { CollectionName } from '../../../src/contract/sync.ts';
import { storeIdText } from '../../../src/contract/user.ts';
import { hasRole, storeAdmins } from '../../../src/domain/people/roles.ts';
import { ProblemError, parseOrProblem } from '../../http/problem.ts';
import { readScope, type StoreScope } from '../../sync/scope.ts';
import { findRow, type RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

interface StoreList<S extends z.ZodObject> {
  collection: CollectionName;
  spec: RowSpec<S>;
  idField: string;
  /** The active store's list (spec: GET /store-contacts). */
  activeStorePath: string;
  /** A store's list and one entry (spec: /api/store/{storeId}/…). */
  listPath: string;
  itemPath: string;
  words: string;
}

const contacts: StoreList<typeof storeContactSchema> = {
  collection: 'storeContacts',
  idField: 'storeContactId',
  words: "the store's contacts",
  spec: {
    table: 'storeContacts',
    schema: storeContactSchema,
    scope: 'store',
    notFound: 'This store has no such contact.',
    exists: 'A contact with this id already exists.',
  },
  activeStorePath: apiPaths.storeContactsOfActiveStore,
  listPath: apiPaths.storeContacts,
  itemPath: apiPaths.storeContact,
};
const socialMedia: StoreList<typeof socialMediaAccountSchema> = {
  collection: 'socialMediaAccounts',
  idField: 'socialMediaAccountId',
  words: "the store's social media accounts",
  spec: {
    table: 'socialMediaAccounts',
    schema: socialMediaAccountSchema,
    scope: 'store',
    notFound: 'This store has no such social media account.',
    exists: 'An account with this id already exists.',
  },
  activeStorePath: apiPaths.socialMediaAccountsOfActiveStore,
  listPath: apiPaths.socialMediaAccounts,
  itemPath: apiPaths.socialMediaAccount,
};

/**
 * Store contacts and social media accounts (spec section 7): the active store's lists for everyone at the
 * store; each store's list, one entry and its changes under /api/store/{storeId}/… for the store's admins.
 */
export async function storeContactRoutes(app: FastifyInstance, context: ModuleContext): Promise<void> {
  storeListRoutes(app, context, contacts);
  storeListRoutes(app, context, socialMedia);
}

function storeListRoutes<S extends z.ZodObject>(app: FastifyInstance, { db, auth, writes }: ModuleContext, list: StoreList<S>): void {
  const { spec, idField } = list;
  const columns = Object.keys(spec.schema.shape);
  const itemParams = z.object({ storeId: storeIdText, [idField]: z.uuid() });
  const storeParams = z.object({ storeId: storeIdText });
  const patchSchema = spec.schema
    .omit({ [idField]: true } as never)
    .partial()
    .strict();

  /** The store in the path, once the caller is one of its admins. */
  async function managed(request: FastifyRequest): Promise<StoreScope> {
    const user = await auth.authenticate(request);
    const { storeId } = parseOrProblem(storeParams.loose(), request.params, 'The path');
    if (!hasRole(user.roles, storeId, storeAdmins)) throw new ProblemError('forbidden', `Only an Admin of this store may change ${list.words}.`);
    const store = await db.selectFrom('storeLocations').select('companyId').where('id', '=', storeId).where('deleted', '=', false).executeTakeFirst();
    if (!store) throw new ProblemError('notFound', `Store ${storeId} does not exist.`);
    return { user, companyId: store.companyId, storeId };
  }
  const rows = (scope: StoreScope) =>
    (
      db.selectFrom(spec.table as 'storeContacts') as unknown as {
        select(c: string[]): {
          where(
            f: string,
            o: string,
            v: unknown,
          ): { where(f: string, o: string, v: unknown): { where(f: string, o: string, v: unknown): { execute(): Promise<unknown[]> } } };
        };
      }
    )
      .select(columns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false)
      .execute();

  app.get(list.activeStorePath, async (request) => {
    const scope = await readScope(db, auth, request, list.collection);
    const items = await rows(scope);
    return { items, count: items.length };
  });

  app.get(list.listPath, async (request) => {
    const items = await rows(await managed(request));
    return { items, count: items.length };
  });

  app.get(list.itemPath, async (request) => {
    const scope = await managed(request);
    const params = parseOrProblem(itemParams, request.params, 'The path');
    return findRow(db, spec, scope, { [idField]: params[idField] });
  });

  app.post(list.listPath, async (request, reply) => {
    const scope = await managed(request);
    const model = parseOrProblem(spec.schema.strict(), request.body, 'The entry') as z.infer<S>;
    const result = await writes.run(request, scope, async (w) => {
      const row = await w.create(spec, model);
      w.event(spec, row, 'ReplicaChanged', [list.collection, (model as Record<string, unknown>)[idField]]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /** Changed fields only, as the spec's store location update sends them. */
  const patchEntry = async (request: FastifyRequest, scope: StoreScope, id: string, body: unknown) => {
    const changes = parseOrProblem(patchSchema, body ?? {}, 'The entry') as unknown as Partial<z.infer<S>>;
    return writes.run(request, scope, async (w) => {
      const { row, changed } = await w.change(spec, { [idField]: id }, (current) =>
        Object.entries(changes).some(([f, v]) => JSON.stringify((current as Record<string, unknown>)[f]) !== JSON.stringify(v)) ? changes : null,
      );
      if (changed) w.event(spec, row, 'ReplicaChanged', [list.collection, id]);
      return { status: 200, body: row };
    });
  };
  const deleteEntry = (request: FastifyRequest, scope: StoreScope, id: string) =>
    writes.run(request, scope, async (w) => {
      const row = await w.read(spec, { [idField]: id });
      if (!row) return { status: 204, body: null };
      await w.tombstone(spec, { [idField]: id });
      w.event(spec, row, 'ReplicaChanged', [list.collection, id]);
      return { status: 204, body: null };
    });
  /** The entry's id from the body, for the spec's collection paths (PATCH and DELETE /api/store/{storeId}/…). */
  const idInBody = (body: unknown): { id: string; rest: Record<string, unknown> } => {
    const { [idField]: id, ...rest } = parseOrProblem(
      z.object({ [idField]: z.uuid(`Name the entry by its ${idField}`) }).loose(),
      body ?? {},
      'The entry',
    ) as Record<string, unknown>;
    return { id: id as string, rest };
  };

  app.patch(list.itemPath, async (request, reply) => {
    const scope = await managed(request);
    const params = parseOrProblem(itemParams, request.params, 'The path');
    const result = await patchEntry(request, scope, params[idField] as string, request.body);
    return reply.code(result.status).send(result.body);
  });
  app.patch(list.listPath, async (request, reply) => {
    const scope = await managed(request);
    const { id, rest } = idInBody(request.body);
    const result = await patchEntry(request, scope, id, rest);
    return reply.code(result.status).send(result.body);
  });

  app.delete(list.itemPath, async (request, reply) => {
    const scope = await managed(request);
    const params = parseOrProblem(itemParams, request.params, 'The path');
    const result = await deleteEntry(request, scope, params[idField] as string);
    return reply.code(result.status).send();
  });
  app.delete(list.listPath, async (request, reply) => {
    const scope = await managed(request);
    const result = await deleteEntry(request, scope, idInBody(request.body).id);
    return reply.code(result.status).send();
  });
}
