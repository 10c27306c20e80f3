import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { brandSchema, productLineSchema, tireSchema, tireSizeSchema } from '../../../src/contract/entities.ts';
import { tireCategories, webTireCategories } from '../../../src/contract/enums.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { rolesAtStore } from '../../../src/domain/people/roles.ts';
import { maySeePrices } from '../../../src/domain/app/visibility.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataQuery, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { likePrefix, searchText, wordsBegin } from '../../http/search.ts';
import type { ModuleContext } from '../context.ts';
import { sizeMatches } from './size-search.ts';

const hashId = z.string().min(1).max(64);
const resourceOf = (schema: z.ZodObject, fields: Record<string, string> = Object.fromEntries(Object.keys(schema.shape).map((f) => [f, f]))): ODataResource => ({
  fields,
  schema,
});
const ascending = (...fields: string[]) => fields.map((field) => ({ field, direction: 'asc' as const }));
/** The caller's $orderby, or the list's own order (several fields) when the caller gave none. */
const orderedBy = (query: ODataQuery, ...fields: string[]): ODataQuery => (query.orderBy.length > 0 ? query : { ...query, orderBy: ascending(...fields) });

const brandResource = resourceOf(brandSchema);
const lineListSchema = productLineSchema.omit({ description: true });
const lineResource = resourceOf(lineListSchema);
/** A product: a product line with its brand's name, as the counter searches them ("nokian wr"). */
const productSchema = z.object({ productLineHashId: hashId, brandHashId: hashId, brandName: brandSchema.shape.name, name: productLineSchema.shape.name });
const productResource = resourceOf(productSchema, {
  productLineHashId: 'productLines.productLineHashId',
  brandHashId: 'productLines.brandHashId',
  brandName: 'brands.name',
  name: 'productLines.name',
});
const tireColumns = Object.keys(tireSchema.shape) as (keyof typeof tireSchema.shape)[];
const tireResource = resourceOf(tireSchema);
/** The bay's tires: no price nor cost, and so no filtering or sorting by them either (either would tell it). */
const tireResourceWithoutPrices: ODataResource = {
  ...tireResource,
  fields: Object.fromEntries(tireColumns.filter((c) => c !== 'priceInCents' && c !== 'costInCents').map((c) => [c, c])),
};
const sizeColumns = Object.keys(tireSizeSchema.shape) as (keyof typeof tireSizeSchema.shape)[];
const sizeResource = resourceOf(tireSizeSchema);

/** Narrowing options beside $filter, as the spec's screens name them. */
const catalogueFilters = z
  .object({
    tireSizeId: z.uuid('Name the size by its tireSizeId').optional(),
    brandHashId: hashId.optional(),
    productLineHashId: hashId.optional(),
    category: tireCategories.schema.optional(),
    webCategory: webTireCategories.schema.optional(),
  })
  .strict();
type CatalogueFilters = z.infer<typeof catalogueFilters>;

/** Splits a list call's query into its search text, its narrowing options and the OData options. */
function listOptions(
  request: FastifyRequest,
  allowed: readonly (keyof CatalogueFilters)[],
): { text: string; filters: CatalogueFilters; odata: Record<string, unknown> } {
  const { search, 'api-version': _version, ...rest } = request.query as Record<string, unknown>;
  const named = Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith('$')));
  const odata = Object.fromEntries(Object.entries(rest).filter(([key]) => key.startsWith('$')));
  const filters = parseOrProblem(
    catalogueFilters.pick(Object.fromEntries(allowed.map((f) => [f, true])) as Record<keyof CatalogueFilters, true>).strict(),
    named,
    'The list options',
  );
  return { text: searchText({ search }), filters, odata };
}

/**
 * Product information (spec section 7, under /api/product-information): one tire catalogue for every company
 * (brands, product lines, sizes, tires, categories), read-only. Anyone signed in at the active store reads it:
 * the bay sees a visit's tires (size, brand, load and speed) but, like all retail data, no prices
 * (src/domain/app/visibility.ts). Every list is a page with the OData subset; free-text searches are quoted.
 */
export async function productInformationRoutes(app: FastifyInstance, { db, auth }: ModuleContext): Promise<void> {
  /** The caller, at a store where they hold a role; whether they may see prices there. */
  const reader = async (request: FastifyRequest) => {
    const user = await auth.authenticate(request);
    const storeId = auth.activeStore(request, user);
    return { seesPrices: maySeePrices(rolesAtStore(user.roles, storeId)) };
  };
  /** Tires that match the filters, as a condition on a tire's product line and size. */
  const tiresWhere = (filters: CatalogueFilters) =>
    db
      .selectFrom('tires')
      .select('tires.tireId')
      .where('tires.deleted', '=', false)
      .$if(filters.tireSizeId !== undefined, (q) => q.where('tires.tireSizeId', '=', filters.tireSizeId!))
      .$if(filters.category !== undefined, (q) => q.where('tires.category', '=', filters.category!))
      .$if(filters.webCategory !== undefined, (q) => q.where('tires.webCategory', '=', filters.webCategory!));

  app.get(apiPaths.brands, async (request) => {
    await reader(request);
    const { text, filters, odata } = listOptions(request, ['category', 'webCategory', 'tireSizeId']);
    let base = db.selectFrom('brands').select(['brands.brandHashId', 'brands.name']).where('brands.deleted', '=', false);
    if (text) base = base.where(wordsBegin(sql.ref('brands.name'), text));
    if (filters.category || filters.webCategory || filters.tireSizeId) {
      // Brands that make a tire of that category or size.
      base = base.where((eb) =>
        eb.exists(
          tiresWhere(filters)
            .innerJoin('productLines', 'productLines.productLineHashId', 'tires.productLineHashId')
            .where(sql<boolean>`${sql.ref('productLines.brandHashId')} = ${sql.ref('brands.brandHashId')}`),
        ),
      );
    }
    return runODataList(base, withDefaultOrder(parseODataQuery(odata, brandResource), 'name'), brandResource, 'brandHashId');
  });

  app.get(apiPaths.brandProductLines, async (request) => {
    await reader(request);
    const { brandHashId } = parseOrProblem(z.object({ brandHashId: hashId }), request.params, 'The path');
    const { text, odata } = listOptions(request, []);
    const brand = await db.selectFrom('brands').select('brandHashId').where('brandHashId', '=', brandHashId).where('deleted', '=', false).executeTakeFirst();
    if (!brand) throw new ProblemError('notFound', 'The catalogue has no such brand.');
    let base = db
      .selectFrom('productLines')
      .select(['productLineHashId', 'brandHashId', 'name'])
      .where('brandHashId', '=', brandHashId)
      .where('deleted', '=', false);
    if (text) base = base.where(wordsBegin(sql.ref('name'), text));
    return runODataList(base, withDefaultOrder(parseODataQuery(odata, lineResource), 'name'), lineResource, 'productLineHashId');
  });

  app.get(apiPaths.productLineDescription, async (request) => {
    await reader(request);
    const { productLineHashId } = parseOrProblem(z.object({ productLineHashId: hashId }), request.params, 'The path');
    const line = await db
      .selectFrom('productLines')
      .select(['productLineHashId', 'brandHashId', 'name', 'description'])
      .where('productLineHashId', '=', productLineHashId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!line) throw new ProblemError('notFound', 'The catalogue has no such product line.');
    return line;
  });

  app.get(apiPaths.products, async (request) => {
    await reader(request);
    const { text, filters, odata } = listOptions(request, ['brandHashId', 'category', 'webCategory', 'tireSizeId']);
    let base = db
      .selectFrom('productLines')
      .innerJoin('brands', 'brands.brandHashId', 'productLines.brandHashId')
      .select(['productLines.productLineHashId', 'productLines.brandHashId', 'brands.name as brandName', 'productLines.name'])
      .where('productLines.deleted', '=', false);
    if (text) base = base.where(wordsBegin(sql`${sql.ref('brands.name')} || ' ' || ${sql.ref('productLines.name')}`, text));
    if (filters.brandHashId) base = base.where('productLines.brandHashId', '=', filters.brandHashId);
    if (filters.category || filters.webCategory || filters.tireSizeId) {
      base = base.where((eb) =>
        eb.exists(tiresWhere(filters).where(sql<boolean>`${sql.ref('tires.productLineHashId')} = ${sql.ref('productLines.productLineHashId')}`)),
      );
    }
    return runODataList(base, orderedBy(parseODataQuery(odata, productResource), 'brandName', 'name'), productResource, 'productLines.productLineHashId');
  });

  app.get(apiPaths.tires, async (request) => {
    const { seesPrices } = await reader(request);
    const { text, filters, odata } = listOptions(request, ['tireSizeId', 'brandHashId', 'productLineHashId', 'category', 'webCategory']);
    const resource = seesPrices ? tireResource : tireResourceWithoutPrices;
    let base = db
      .selectFrom('tires')
      .select(tireColumns)
      .where('deleted', '=', false)
      .$if(filters.tireSizeId !== undefined, (q) => q.where('tireSizeId', '=', filters.tireSizeId!))
      .$if(filters.productLineHashId !== undefined, (q) => q.where('productLineHashId', '=', filters.productLineHashId!))
      .$if(filters.category !== undefined, (q) => q.where('category', '=', filters.category!))
      .$if(filters.webCategory !== undefined, (q) => q.where('webCategory', '=', filters.webCategory!))
      .$if(filters.brandHashId !== undefined, (q) =>
        q.where('productLineHashId', 'in', db.selectFrom('productLines').select('productLineHashId').where('brandHashId', '=', filters.brandHashId!)),
      );
    // The size as typed any way (2256517 finds 225/65R17), or the start of a SKU.
    if (text) {
      base = base.where((eb) =>
        eb.or([
          eb(
            'tireSizeId',
            'in',
            db
              .selectFrom('tireSizes')
              .select('tireSizeId')
              .where(sizeMatches(sql.ref('displayName'), text)),
          ),
          eb('sku', 'ilike', likePrefix(text)),
        ]),
      );
    }
    const list = await runODataList(base, withDefaultOrder(parseODataQuery(odata, resource), 'sku'), resource, 'tireId');
    return seesPrices ? list : { ...list, items: list.items.map((tire) => ({ ...tire, priceInCents: null, costInCents: null })) };
  });

  app.get(apiPaths.tireCategories, async (request) => {
    await reader(request);
    const items = tireCategories.values.map((category) => ({ category, label: tireCategories.label(category) }));
    return { items, count: items.length };
  });

  app.get(apiPaths.tireSizes, async (request) => {
    await reader(request);
    const { text, odata } = listOptions(request, []);
    let base = db.selectFrom('tireSizes').select(sizeColumns);
    if (text) base = base.where(sizeMatches(sql.ref('displayName'), text));
    return runODataList(base, orderedBy(parseODataQuery(odata, sizeResource), 'width', 'aspectRatio', 'rimDiameter'), sizeResource, 'tireSizeId');
  });
}
