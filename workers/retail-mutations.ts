import type { z } from 'zod';
import { retailStoreSettingsSchema, storeTireServiceSchema, storeTireWarrantySchema, tirePurchaseAddOnSchema, type RetailStoreSettings, type StoreTireService, type TirePurchaseAddOn } from '../src/contract/entities.ts';
import { apiPaths } from '../src/contract/routes.ts';
import {
  createRetailStoreSettingsSchema, createTirePurchaseAddOnSchema, retailStoreSettingsPatchableFields, storeTireServicePatchableFields, storeTireWarrantyPatchableFields,
  tirePurchaseAddOnPatchableFields, type CreateTirePurchaseAddOn,
} from '../src/contract/writes.ts';
import { changesBetween } from '../src/domain/json-patch.ts';
import type { Mutation } from './sync-engine.ts';

type Row = Record<string, unknown>;
/** What may change of a store tire service or warranty (the two have the same fields). */
export type TireOptionChanges = Partial<Pick<StoreTireService, 'isEnabled' | 'priceInCents'>>;

/** A route of the contract with its parameter filled in. */
const path = (template: string, name: string, value: string) => template.replace(`:${name}`, encodeURIComponent(value));

function notOnDevice(what: string): never {
  throw new Error(`This ${what} is not on this device yet; wait for the sync to finish and try again.`);
}

/** A change the server's schema would refuse is refused here, before it is stored or queued (same schema, same words). */
function parseOrRefuse<S extends z.ZodType>(schema: S, value: unknown, notSaved: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Error(`${notSaved}: ${String(issue.path[0] ?? 'a field')}: ${issue.message}.`);
}

/** Only the fields a patch may touch, whatever else the caller passed (a warranty's type never changes). */
const only = (changes: Row, fields: readonly string[]) => Object.fromEntries(Object.entries(changes).filter(([field]) => fields.includes(field)));

function tireOption(collection: 'storeTireServices' | 'storeTireWarranties', id: string, changes: TireOptionChanges): Mutation {
  const [schema, fields, template, param, words] = collection === 'storeTireServices'
    ? [storeTireServiceSchema, storeTireServicePatchableFields, apiPaths.storeTireService, 'storeTireServiceId', 'tire service'] as const
    : [storeTireWarrantySchema, storeTireWarrantyPatchableFields, apiPaths.storeTireWarranty, 'storeTireWarrantyId', 'warranty'] as const;
  return {
    collection, key: id, description: `Change a ${words}`,
    build: (current) => {
      if (!current) notOnDevice(words);
      const next = { ...current, ...only(changes, fields) };
      parseOrRefuse(schema, next, `The ${words} was not saved`);
      const patch = changesBetween(current, next, fields);
      return patch.length === 0 ? null : { next, request: { method: 'PATCH', path: path(template, param, id), body: patch } };
    },
  };
}

/**
 * Retail Management's changes (store admins), each one call of the spec's API: the store's retail settings, its
 * tire purchase add-ons, and its tire services and warranties. A patch is the JSON patch of the fields that
 * changed; an empty one is never queued (spec section 5).
 */
export const retailMutations = {
  /** Made with a create while the store has none on this device, else only the fields that differ are sent. */
  saveRetailStoreSettings(storeId: number, changes: Partial<RetailStoreSettings>): Mutation {
    const wanted = only(changes, retailStoreSettingsPatchableFields);
    return {
      collection: 'retailStoreSettings', key: String(storeId), description: 'Change the retail settings',
      build: (current) => {
        if (!current) {
          const model = parseOrRefuse(createRetailStoreSettingsSchema, wanted, 'The retail settings were not saved');
          return { next: { ...model, storeId }, request: { method: 'POST', path: apiPaths.retailStoreSettings, body: model } };
        }
        const next = { ...current, ...wanted };
        parseOrRefuse(retailStoreSettingsSchema, next, 'The retail settings were not saved');
        const patch = changesBetween(current, next, retailStoreSettingsPatchableFields);
        return patch.length === 0 ? null : { next, request: { method: 'PATCH', path: apiPaths.retailStoreSettings, body: patch } };
      },
    };
  },

  createTirePurchaseAddOn(storeId: number, input: CreateTirePurchaseAddOn): Mutation {
    const model = parseOrRefuse(createTirePurchaseAddOnSchema, { ...input, name: input.name.trim() }, 'The add-on was not saved');
    return {
      collection: 'tirePurchaseAddOns', key: model.tirePurchaseAddOnId, description: `Add the add-on ${model.name}`,
      build: () => ({ next: { ...model, storeId }, request: { method: 'POST', path: apiPaths.tirePurchaseAddOns, body: model } }),
    };
  },

  updateTirePurchaseAddOn(tirePurchaseAddOnId: string, changes: Partial<Omit<TirePurchaseAddOn, 'tirePurchaseAddOnId'>>): Mutation {
    return {
      collection: 'tirePurchaseAddOns', key: tirePurchaseAddOnId, description: 'Change an add-on',
      build: (current) => {
        if (!current) notOnDevice('add-on');
        const next = { ...current, ...only(changes, tirePurchaseAddOnPatchableFields), ...(changes.name === undefined ? {} : { name: changes.name.trim() }) };
        parseOrRefuse(tirePurchaseAddOnSchema, next, 'The add-on was not saved');
        const patch = changesBetween(current, next, tirePurchaseAddOnPatchableFields);
        return patch.length === 0 ? null : { next, request: { method: 'PATCH', path: path(apiPaths.tirePurchaseAddOn, 'tirePurchaseAddOnId', tirePurchaseAddOnId), body: patch } };
      },
    };
  },

  deleteTirePurchaseAddOn(tirePurchaseAddOnId: string): Mutation {
    return {
      collection: 'tirePurchaseAddOns', key: tirePurchaseAddOnId, description: 'Delete an add-on',
      build: (current) => (current ? { next: null, request: { method: 'DELETE', path: path(apiPaths.tirePurchaseAddOn, 'tirePurchaseAddOnId', tirePurchaseAddOnId) } } : null),
    };
  },

  /** TireStudding switched on or off and priced per tire; its type never changes. */
  updateStoreTireService: (storeTireServiceId: string, changes: TireOptionChanges): Mutation => tireOption('storeTireServices', storeTireServiceId, changes),
  /** A warranty switched on or off and priced per tire; its type never changes. */
  updateStoreTireWarranty: (storeTireWarrantyId: string, changes: TireOptionChanges): Mutation => tireOption('storeTireWarranties', storeTireWarrantyId, changes),
};
