import type { z } from 'zod';
import {
  retailPriceCatalogSchema,
  retailStoreSettingsSchema,
  storeTireServiceSchema,
  storeTireWarrantySchema,
  tirePurchaseAddOnSchema,
  type RetailPriceCatalog,
  type RetailStoreSettings,
  type StoreTireService,
  type TirePurchaseAddOn,
} from '../src/contract/entities.ts';
import { tireInstallPackageTypes } from '../src/contract/enums.ts';
import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import {
  createRetailStoreSettingsSchema,
  createTirePurchaseAddOnSchema,
  retailStoreSettingsPatchableFields,
  storeTireServicePatchableFields,
  storeTireWarrantyPatchableFields,
  tirePurchaseAddOnPatchableFields,
  type CreateTirePurchaseAddOn,
} from '../src/contract/writes.ts';
import {
  createTireFeeSchema,
  createTireInstallPackageSchema,
  tireFeePatchableFields,
  tireFeeRowSchema,
  tireInstallPackagePatchableFields,
  tireInstallPackageSchema,
  type CreateTireFee,
  type CreateTireInstallPackage,
  type TireFeeRow,
  type TireInstallPackage,
} from '../src/contract/tire-pricing.ts';
import { putRetailPriceCatalogPriceSchema, retailPriceCatalogPatchableFields } from '../src/contract/retail-price-rules.ts';
import { changesBetween } from '../src/domain/app/json-patch.ts';
import { rateChange, type RateChange } from '../src/domain/tires/tire-fees.ts';
import { tireOptionProblems } from '../src/domain/tires/tire-option-rules.ts';
import type { Mutation } from './sync-engine.ts';

type Row = Record<string, unknown>;
/** What may change of a store tire service or warranty (the two have the same fields). */
export type TireOptionChanges = Partial<Pick<StoreTireService, 'isEnabled' | 'priceInCents'>>;

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

/**
 * A package's JSON patch: its changed fields, and its add-ons as one whole list when they changed. Operations on
 * list positions (remove /addOnIds/1) would take off whatever another admin had put there meanwhile.
 */
function packagePatch(current: Row, next: Row) {
  const fields = tireInstallPackagePatchableFields.filter((f) => f !== 'addOnIds');
  const list = JSON.stringify(current.addOnIds) === JSON.stringify(next.addOnIds) ? [] : [{ op: 'replace' as const, path: '/addOnIds', value: next.addOnIds }];
  return [...changesBetween(current, next, fields), ...list];
}

/** The add-ons a package names that wait to be sent themselves: the package is sent after them. */
const addOnRefs = (addOnIds: readonly string[]) => addOnIds.map((id) => `tirePurchaseAddOns/${id}`);

function tireOption(collection: 'storeTireServices' | 'storeTireWarranties', id: string, changes: TireOptionChanges): Mutation {
  const [schema, fields, at, words] =
    collection === 'storeTireServices'
      ? ([storeTireServiceSchema, storeTireServicePatchableFields, fillPath(apiPaths.storeTireService, { storeTireServiceId: id }), 'tire service'] as const)
      : ([storeTireWarrantySchema, storeTireWarrantyPatchableFields, fillPath(apiPaths.storeTireWarranty, { storeTireWarrantyId: id }), 'warranty'] as const);
  return {
    collection,
    key: id,
    description: `Change a ${words}`,
    build: (current) => {
      if (!current) notOnDevice(words);
      const next = { ...current, ...only(changes, fields) };
      const checked = parseOrRefuse(schema, next, `The ${words} was not saved`);
      const [problem] = Object.values(tireOptionProblems(checked)).flat();
      if (problem) throw new Error(`The ${words} was not saved: ${problem}.`);
      const patch = changesBetween(current, next, fields);
      return patch.length === 0 ? null : { next, request: { method: 'PATCH', path: at, body: patch } };
    },
  };
}

/**
 * Retail Management's changes (store admins), each one call of the API: the store's retail settings, its tire
 * purchase add-ons, its tire services and warranties, its install packages and its state tire fees. A patch is the JSON patch of the fields that
 * changed; an empty one is never queued (spec section 5).
 */
export const retailMutations = {
  /** Made with a create while the store has none on this device, else only the fields that differ are sent. */
  saveRetailStoreSettings(storeId: number, changes: Partial<RetailStoreSettings>): Mutation {
    const wanted = only(changes, retailStoreSettingsPatchableFields);
    return {
      collection: 'retailStoreSettings',
      key: String(storeId),
      description: 'Change the retail settings',
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
      collection: 'tirePurchaseAddOns',
      key: model.tirePurchaseAddOnId,
      description: `Add the add-on ${model.name}`,
      build: () => ({ next: { ...model, storeId }, request: { method: 'POST', path: apiPaths.tirePurchaseAddOns, body: model } }),
    };
  },

  updateTirePurchaseAddOn(tirePurchaseAddOnId: string, changes: Partial<Omit<TirePurchaseAddOn, 'tirePurchaseAddOnId'>>): Mutation {
    return {
      collection: 'tirePurchaseAddOns',
      key: tirePurchaseAddOnId,
      description: 'Change an add-on',
      build: (current) => {
        if (!current) notOnDevice('add-on');
        const next = { ...current, ...only(changes, tirePurchaseAddOnPatchableFields), ...(changes.name === undefined ? {} : { name: changes.name.trim() }) };
        parseOrRefuse(tirePurchaseAddOnSchema, next, 'The add-on was not saved');
        const patch = changesBetween(current, next, tirePurchaseAddOnPatchableFields);
        return patch.length === 0
          ? null
          : { next, request: { method: 'PATCH', path: fillPath(apiPaths.tirePurchaseAddOn, { tirePurchaseAddOnId }), body: patch } };
      },
    };
  },

  deleteTirePurchaseAddOn(tirePurchaseAddOnId: string): Mutation {
    return {
      collection: 'tirePurchaseAddOns',
      key: tirePurchaseAddOnId,
      description: 'Delete an add-on',
      build: (current) => (current ? { next: null, request: { method: 'DELETE', path: fillPath(apiPaths.tirePurchaseAddOn, { tirePurchaseAddOnId }) } } : null),
    };
  },

  createTireInstallPackage(storeId: number, input: CreateTireInstallPackage): Mutation {
    const model = parseOrRefuse(
      createTireInstallPackageSchema,
      { ...input, addOnIds: [...new Set(input.addOnIds ?? [])] },
      'The install package was not saved',
    );
    return {
      collection: 'tireInstallPackages',
      key: model.tireInstallPackageId,
      description: `Add the ${tireInstallPackageTypes.label(model.type)} install package`,
      refs: addOnRefs(model.addOnIds),
      build: () => ({ next: { ...model, storeId }, request: { method: 'POST', path: apiPaths.tireInstallPackages, body: model } }),
    };
  },

  updateTireInstallPackage(tireInstallPackageId: string, changes: Partial<Omit<TireInstallPackage, 'tireInstallPackageId'>>): Mutation {
    return {
      collection: 'tireInstallPackages',
      key: tireInstallPackageId,
      description: 'Change an install package',
      refs: addOnRefs(changes.addOnIds ?? []),
      build: (current) => {
        if (!current) notOnDevice('install package');
        const wanted = only(changes, tireInstallPackagePatchableFields);
        const next = { ...current, ...wanted, ...(changes.addOnIds ? { addOnIds: [...new Set(changes.addOnIds)] } : {}) };
        parseOrRefuse(tireInstallPackageSchema, next, 'The install package was not saved');
        const patch = packagePatch(current, next);
        return patch.length === 0
          ? null
          : { next, request: { method: 'PATCH', path: fillPath(apiPaths.tireInstallPackage, { tireInstallPackageId }), body: patch } };
      },
    };
  },

  deleteTireInstallPackage(tireInstallPackageId: string): Mutation {
    return {
      collection: 'tireInstallPackages',
      key: tireInstallPackageId,
      description: 'Delete an install package',
      build: (current) =>
        current ? { next: null, request: { method: 'DELETE', path: fillPath(apiPaths.tireInstallPackage, { tireInstallPackageId }) } } : null,
    };
  },

  /**
   * An add-on taken off a package that bundles it (the add-on is being deleted): queued before the delete, so
   * this device's counter never prices a package naming an add-on that is gone. The server does the same when
   * the delete arrives, for packages this device did not know bundled it.
   */
  unbundleAddOn(tireInstallPackageId: string, tirePurchaseAddOnId: string): Mutation {
    return {
      collection: 'tireInstallPackages',
      key: tireInstallPackageId,
      description: 'Take a deleted add-on off an install package',
      build: (current) => {
        const addOnIds = current?.addOnIds as string[] | undefined;
        if (!current || !addOnIds?.includes(tirePurchaseAddOnId)) return null;
        const next = { ...current, addOnIds: addOnIds.filter((id) => id !== tirePurchaseAddOnId) };
        return {
          next,
          request: {
            method: 'PATCH',
            path: fillPath(apiPaths.tireInstallPackage, { tireInstallPackageId }),
            body: packagePatch(current, next),
          },
        };
      },
    };
  },

  createTireFee(storeId: number, input: CreateTireFee): Mutation {
    const model = parseOrRefuse(createTireFeeSchema, input, 'The fee was not saved');
    return {
      collection: 'tireFees',
      key: model.tireFeeId,
      description: `Add an amount of the ${model.name}`,
      build: () => ({ next: { ...model, storeId }, request: { method: 'POST', path: apiPaths.tireFees, body: model } }),
    };
  },

  updateTireFee(tireFeeId: string, changes: Partial<Omit<TireFeeRow, 'tireFeeId'>>): Mutation {
    return {
      collection: 'tireFees',
      key: tireFeeId,
      description: 'Change a state tire fee',
      build: (current) => {
        if (!current) notOnDevice('fee');
        const next = parseOrRefuse(tireFeeRowSchema, { ...current, ...only(changes, tireFeePatchableFields) }, 'The fee was not saved');
        const patch = changesBetween(current, next, tireFeePatchableFields);
        return patch.length === 0
          ? null
          : { next: { ...current, ...next }, request: { method: 'PATCH', path: fillPath(apiPaths.tireFee, { tireFeeId }), body: patch } };
      },
    };
  },

  deleteTireFee(tireFeeId: string): Mutation {
    return {
      collection: 'tireFees',
      key: tireFeeId,
      description: 'Delete an amount of a state tire fee',
      build: (current) => (current ? { next: null, request: { method: 'DELETE', path: fillPath(apiPaths.tireFee, { tireFeeId }) } } : null),
    };
  },

  /**
   * A new rate of a fee from a date (src/domain/tires/tire-fees.ts rateChange): the row in force that day ends the day
   * before, then the new row is added. Queued together (both or neither on the device); the new row is sent
   * after the old one's end, so the server never holds the two overlapping, and waits while that end is refused.
   * `fee` is the row as the screen showed it; one changed since on this device is not split.
   */
  changeTireFeeRate(storeId: number, fee: TireFeeRow, change: RateChange): Mutation[] {
    const split = rateChange(fee, change);
    if (!split.ok) throw new Error(`The new rate was not saved: ${split.problem}.`);
    const added = parseOrRefuse(createTireFeeSchema, split.added, 'The new rate was not saved');
    return [
      {
        collection: 'tireFees',
        key: fee.tireFeeId,
        description: `End the ${fee.name} amount for a new rate`,
        build: (current) => {
          if (!current) notOnDevice('fee');
          if (current.effectiveFrom !== fee.effectiveFrom || current.effectiveThrough !== fee.effectiveThrough || current.name !== fee.name) {
            throw new Error('The new rate was not saved: this fee changed meanwhile. Look at its amounts again and retry.');
          }
          const next = { ...current, effectiveThrough: split.ended.effectiveThrough };
          return {
            next,
            request: {
              method: 'PATCH',
              path: fillPath(apiPaths.tireFee, { tireFeeId: fee.tireFeeId }),
              body: changesBetween(current, next, tireFeePatchableFields),
            },
          };
        },
      },
      {
        collection: 'tireFees',
        key: added.tireFeeId,
        description: `Add the new ${fee.name} rate`,
        refs: [`tireFees/${fee.tireFeeId}`],
        build: () => ({ next: { ...added, storeId }, request: { method: 'POST', path: apiPaths.tireFees, body: added } }),
      },
    ];
  },

  /**
   * A catalogue's rule (its margin over cost and price ending): the JSON patch of what changed, none when nothing
   * did. The catalogue is the company's (the server refuses one another company offers).
   */
  updateRetailPriceRule(retailPriceCatalogId: string, changes: Partial<Pick<RetailPriceCatalog, 'marginInBasisPoints' | 'priceEndingInCents'>>): Mutation {
    return {
      collection: 'retailPriceCatalogs',
      key: retailPriceCatalogId,
      description: "Change a catalogue's margin",
      build: (current) => {
        if (!current) notOnDevice('catalogue');
        const next = { ...current, ...only(changes, retailPriceCatalogPatchableFields) };
        parseOrRefuse(retailPriceCatalogSchema.pick({ marginInBasisPoints: true, priceEndingInCents: true }), next, 'The margin was not saved');
        const patch = changesBetween(current, next, retailPriceCatalogPatchableFields);
        return patch.length === 0
          ? null
          : { next, request: { method: 'PATCH', path: fillPath(apiPaths.retailPriceCatalogRule, { retailPriceCatalogId }), body: patch } };
      },
    };
  },

  /** A tire's fixed price in a catalogue, set or replaced (one PUT: the same call either way). */
  setFixedTirePrice(retailPriceCatalogId: string, tireId: string, priceInCents: number): Mutation {
    const body = parseOrRefuse(putRetailPriceCatalogPriceSchema, { priceInCents }, 'The fixed price was not saved');
    return {
      collection: 'retailPriceCatalogPrices',
      key: `${retailPriceCatalogId}/${tireId}`,
      description: "Set a tire's fixed price",
      build: (current) =>
        current?.priceInCents === body.priceInCents
          ? null
          : {
              next: { retailPriceCatalogId, tireId, priceInCents: body.priceInCents, storeId: null },
              request: {
                method: 'PUT',
                path: fillPath(apiPaths.retailPriceCatalogPrice, { retailPriceCatalogId, tireId }),
                body,
              },
            },
    };
  },

  /** The tire follows the catalogue's margin (or its list price) again. */
  removeFixedTirePrice(retailPriceCatalogId: string, tireId: string): Mutation {
    return {
      collection: 'retailPriceCatalogPrices',
      key: `${retailPriceCatalogId}/${tireId}`,
      description: "Remove a tire's fixed price",
      build: (current) =>
        current
          ? {
              next: null,
              request: { method: 'DELETE', path: fillPath(apiPaths.retailPriceCatalogPrice, { retailPriceCatalogId, tireId }) },
            }
          : null,
    };
  },

  /** TireStudding switched on or off and priced per tire; its type never changes. */
  updateStoreTireService: (storeTireServiceId: string, changes: TireOptionChanges): Mutation => tireOption('storeTireServices', storeTireServiceId, changes),
  /** A warranty switched on or off and priced per tire; its type never changes. */
  updateStoreTireWarranty: (storeTireWarrantyId: string, changes: TireOptionChanges): Mutation =>
    tireOption('storeTireWarranties', storeTireWarrantyId, changes),
};
