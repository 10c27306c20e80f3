import {
  socialMediaAccountSchema,
  storeContactSchema,
  type Customer,
  type CustomerVehicle,
  type InspectionTemplateGroup,
  type NotificationPreference,
  type SchedulerResource,
  type SocialMediaAccount,
  type SpecialStoreHours,
  type StoreContact,
  type StoreMessage,
  type StoreService,
} from '../src/contract/entities.ts';
import { roles, userNotificationKinds, type MessageTemplateType, type Role, type UserNotificationKind } from '../src/contract/enums.ts';
import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { updateStoreLocationSchema, type UpdateStoreLocation } from '../src/contract/store-location.ts';
import {
  createCustomerSchema,
  createStoreServiceSchema,
  createVehicleSchema,
  customerPatchableFields,
  storeServicePatchableFields,
  vehiclePatchableFields,
  createSchedulerResourceSchema,
  createSpecialStoreHoursSchema,
  inspectionTemplateWriteSchema,
  messageTemplateWriteSchema,
  schedulerResourcePatchableFields,
  updateSpecialStoreHoursSchema,
  type CreateCustomer,
  type CreateSchedulerResource,
  type CreateSpecialStoreHours,
  type CreateStoreService,
  type CreateSupportRequest,
  type CreateVehicle,
  type MessageTemplateWrite,
  type UpdateSpecialStoreHours,
} from '../src/contract/writes.ts';
import { customerProblems, normalizeFields, problemsOfChange, vehicleProblems, type FieldProblems } from '../src/domain/people/customer-rules.ts';
import { displayName } from '../src/domain/people/display-name.ts';
import { inspectionTemplateProblems } from '../src/domain/inspections/inspection-template.ts';
import { templateLabel, templateProblems } from '../src/domain/messages/message-templates.ts';
import { maxSmsLength } from '../src/domain/messages/outgoing-messages.ts';
import { resourceProblems } from '../src/domain/store/resource-rules.ts';
import { specialHoursProblems, weekdayHoursProblems } from '../src/domain/store/store-hours.ts';
import { archiveChanges, markRepliedChanges } from '../src/domain/messages/store-message-rules.ts';
import { storeServiceProblems } from '../src/domain/store/store-service-rules.ts';
import { pairKey } from '../src/domain/people/duplicates.ts';
import { withYearFromVin } from '../src/domain/people/vin.ts';
import { changesBetween } from '../src/domain/app/json-patch.ts';
import { preferenceFor } from '../src/domain/messages/notification-preferences.ts';
import type { Mutation } from './sync-engine.ts';

export type StoreEntryKind = 'storeContacts' | 'socialMediaAccounts';
const storeEntries = {
  storeContacts: {
    schema: storeContactSchema,
    id: 'storeContactId',
    list: (storeId: number) => fillPath(apiPaths.storeContacts, { storeId }),
    item: (storeId: number, storeContactId: string) => fillPath(apiPaths.storeContact, { storeId, storeContactId }),
    words: 'store contact',
  },
  socialMediaAccounts: {
    schema: socialMediaAccountSchema,
    id: 'socialMediaAccountId',
    list: (storeId: number) => fillPath(apiPaths.socialMediaAccounts, { storeId }),
    item: (storeId: number, socialMediaAccountId: string) => fillPath(apiPaths.socialMediaAccount, { storeId, socialMediaAccountId }),
    words: 'social media account',
  },
} as const;
type Row = Record<string, unknown>;

function notOnDevice(what: string): never {
  throw new Error(`This ${what} is not on this device yet; wait for the sync to finish and try again.`);
}

/** A change the server's rules would refuse is refused here, before it is stored or queued (same rules, same words). */
function refuse(problems: FieldProblems, what: string): void {
  const first = Object.values(problems)[0]?.[0];
  if (first) throw new Error(`${what} was not saved: ${first}.`);
}

/** The user's changes, each one call of the spec's API; screens call these through the sync worker. */
export const mutations = {
  /** A new customer, stored as the server will store it (the same normalizing rule on both sides). */
  createCustomer(input: CreateCustomer, now = new Date()): Mutation {
    const model = normalizeFields(createCustomerSchema.parse(input));
    refuse(customerProblems(model), 'The customer');
    return {
      collection: 'customers',
      key: model.customerId,
      description: `Create customer ${displayName(model)}`,
      build: () => ({
        next: { ...model, legacyCustomerId: null, createdOn: now.toISOString(), mergedIntoCustomerId: null, storeId: null },
        request: { method: 'POST', path: apiPaths.customers, body: model },
      }),
    };
  },

  updateCustomer(customerId: string, changes: Partial<Omit<Customer, 'customerId'>>): Mutation {
    return {
      collection: 'customers',
      key: customerId,
      description: 'Change customer',
      build: (current) => {
        if (!current) notOnDevice('customer');
        const next = { ...current, ...normalizeFields(changes) };
        refuse(problemsOfChange(customerProblems(next as unknown as Customer), current, next), 'The customer');
        const patch = changesBetween(current, next, customerPatchableFields);
        if (patch.length === 0) return null;
        return { next, request: { method: 'PATCH', path: fillPath(apiPaths.customer, { customerId }), body: patch } };
      },
    };
  },

  /**
   * Merges a customer into another (the kept one): the merged one leaves this device at once; its vehicles,
   * visits, messages and ratings reach the kept one when the server has moved them.
   */
  mergeCustomers(keptCustomerId: string, mergedCustomerId: string): Mutation {
    return {
      collection: 'customers',
      key: mergedCustomerId,
      description: 'Merge customers',
      refs: [`customers/${keptCustomerId}`],
      build: (current) => {
        if (!current) notOnDevice('customer');
        return { next: null, request: { method: 'POST', path: fillPath(apiPaths.customerMerge, { customerId: keptCustomerId }), body: { mergedCustomerId } } };
      },
    };
  },

  /** Two customers who are not one person: never offered as possible duplicates again. */
  markNotDuplicate(customerId: string, otherCustomerId: string, now = new Date()): Mutation {
    const [first, second] = pairKey(customerId, otherCustomerId).split('|') as [string, string];
    return {
      collection: 'customerDuplicateDismissals',
      key: `${first}/${second}`,
      description: 'Mark customers as different people',
      refs: [`customers/${first}`, `customers/${second}`],
      build: (current) =>
        current
          ? null
          : {
              next: { customerId: first, otherCustomerId: second, dismissedOn: now.toISOString(), storeId: null },
              request: { method: 'POST', path: apiPaths.notDuplicates, body: { customerId: first, otherCustomerId: second } },
            },
    };
  },

  createVehicle(customerId: string, input: CreateVehicle): Mutation {
    const model = withYearFromVin(normalizeFields(createVehicleSchema.parse(input)));
    refuse(vehicleProblems(model), 'The vehicle');
    return {
      collection: 'customerVehicles',
      key: model.vehicleId,
      description: `Add vehicle ${[model.year, model.make, model.model].filter(Boolean).join(' ')}`,
      refs: [`customers/${customerId}`],
      build: () => ({
        next: { ...model, customerId, vehicleHashId: '', legacyVehicleId: null, storeId: null },
        request: { method: 'POST', path: fillPath(apiPaths.customerVehicles, { customerId }), body: model },
      }),
    };
  },

  updateVehicle(customerId: string, vehicleId: string, changes: Partial<Omit<CustomerVehicle, 'vehicleId' | 'customerId'>>): Mutation {
    return {
      collection: 'customerVehicles',
      key: vehicleId,
      description: 'Change vehicle',
      refs: [`customers/${customerId}`],
      build: (current) => {
        if (!current) notOnDevice('vehicle');
        const next = { ...current, ...normalizeFields(changes) };
        refuse(problemsOfChange(vehicleProblems(next as unknown as CustomerVehicle), current, next), 'The vehicle');
        const patch = changesBetween(current, next, vehiclePatchableFields);
        if (patch.length === 0) return null;
        return { next, request: { method: 'PATCH', path: fillPath(apiPaths.customerVehicle, { customerId, vehicleId }), body: patch } };
      },
    };
  },

  /** A new service in the active store's catalogue (admins). */
  createStoreService(storeId: number, input: CreateStoreService): Mutation {
    const model = createStoreServiceSchema.parse(input);
    refuse(storeServiceProblems(model), 'The service');
    return {
      collection: 'storeServices',
      key: model.storeServiceId,
      description: `Add service ${model.name}`,
      build: () => ({
        next: { ...model, tractionServiceCode: null, storeId },
        request: { method: 'POST', path: apiPaths.storeServices, body: model },
      }),
    };
  },

  updateStoreService(storeServiceId: string, changes: Partial<Omit<StoreService, 'storeServiceId' | 'storeServiceHashId' | 'tractionServiceCode'>>): Mutation {
    return {
      collection: 'storeServices',
      key: storeServiceId,
      description: 'Change service',
      build: (current) => {
        if (!current) notOnDevice('service');
        const next = { ...current, ...changes };
        refuse(storeServiceProblems(next as unknown as StoreService), 'The service');
        const patch = changesBetween(current, next, storeServicePatchableFields);
        if (patch.length === 0) return null;
        return {
          next,
          request: { method: 'PATCH', path: fillPath(apiPaths.storeService, { storeServiceHashId: String(current.storeServiceHashId) }), body: patch },
        };
      },
    };
  },

  /** Takes a service out of the catalogue; visits already booked keep its name. */
  deleteStoreService(storeServiceId: string): Mutation {
    return {
      collection: 'storeServices',
      key: storeServiceId,
      description: 'Delete service',
      build: (current) => {
        if (!current) return null;
        return { next: null, request: { method: 'DELETE', path: fillPath(apiPaths.storeService, { storeServiceHashId: String(current.storeServiceHashId) }) } };
      },
    };
  },

  /** The store's own settings (admins): only the fields that differ from the device's copy are sent. */
  updateStoreLocation(storeId: number, input: UpdateStoreLocation): Mutation {
    const parsed = updateStoreLocationSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`The store settings were not saved: ${String(issue.path[0] ?? 'a field')}: ${issue.message}.`);
    }
    const changes = parsed.data;
    return {
      collection: 'storeLocations',
      key: String(storeId),
      description: 'Change store settings',
      build: (current) => {
        if (!current) notOnDevice('store');
        const sent = Object.fromEntries(Object.entries(changes).filter(([field, value]) => JSON.stringify(current[field]) !== JSON.stringify(value)));
        if (Object.keys(sent).length === 0) return null;
        const next = { ...current, ...sent };
        refuse(weekdayHoursProblems(next as unknown as Parameters<typeof weekdayHoursProblems>[0]), 'The store hours');
        return { next, request: { method: 'PATCH', path: fillPath(apiPaths.storeLocation, { id: storeId }), body: sent } };
      },
    };
  },

  /** A holiday, short day or closure of the store; a closed day keeps no times. */
  createSpecialStoreHours(storeId: number, input: CreateSpecialStoreHours): Mutation {
    const parsed = createSpecialStoreHoursSchema.parse(input);
    const day = parsed.isClosed ? { ...parsed, openTime: null, closeTime: null } : parsed;
    refuse(specialHoursProblems(day), 'The special hours');
    return {
      collection: 'specialStoreHours',
      key: day.specialStoreHoursId,
      description: `Add special hours on ${day.date}`,
      build: () => ({
        next: { ...day, storeLocationId: storeId, storeId },
        request: { method: 'POST', path: fillPath(apiPaths.specialStoreHours, { id: storeId }), body: day },
      }),
    };
  },

  updateSpecialStoreHours(storeId: number, specialStoreHoursId: string, input: UpdateSpecialStoreHours): Mutation {
    const changes = updateSpecialStoreHoursSchema.parse(input);
    return {
      collection: 'specialStoreHours',
      key: specialStoreHoursId,
      description: 'Change special hours',
      build: (current) => {
        if (!current) notOnDevice('day of special hours');
        const merged = { ...current, ...changes } as unknown as SpecialStoreHours;
        const next = merged.isClosed ? { ...merged, openTime: null, closeTime: null } : merged;
        refuse(specialHoursProblems(next), 'The special hours');
        const sent = Object.fromEntries(
          Object.entries(next).filter(
            ([field, value]) => field in updateSpecialStoreHoursSchema.shape && JSON.stringify(current[field]) !== JSON.stringify(value),
          ),
        );
        if (Object.keys(sent).length === 0) return null;
        return { next, request: { method: 'PATCH', path: fillPath(apiPaths.specialStoreHoursDay, { id: storeId, specialStoreHoursId }), body: sent } };
      },
    };
  },

  deleteSpecialStoreHours(storeId: number, specialStoreHoursId: string): Mutation {
    return {
      collection: 'specialStoreHours',
      key: specialStoreHoursId,
      description: 'Remove special hours',
      build: (current) => {
        if (!current) return null;
        return { next: null, request: { method: 'DELETE', path: fillPath(apiPaths.specialStoreHoursDay, { id: storeId, specialStoreHoursId }) } };
      },
    };
  },

  /** A new column of the scheduler (admins). */
  createSchedulerResource(storeId: number, input: CreateSchedulerResource): Mutation {
    const model = createSchedulerResourceSchema.parse({ ...input, name: input.name.trim() });
    refuse(resourceProblems(model), 'The resource');
    return {
      collection: 'schedulerResources',
      key: model.schedulerResourceId,
      description: `Add resource ${model.name}`,
      build: () => ({ next: { ...model, storeId }, request: { method: 'POST', path: apiPaths.schedulerResources, body: model } }),
    };
  },

  updateSchedulerResource(schedulerResourceId: string, changes: Partial<Omit<SchedulerResource, 'schedulerResourceId'>>): Mutation {
    return {
      collection: 'schedulerResources',
      key: schedulerResourceId,
      description: 'Change resource',
      build: (current) => {
        if (!current) notOnDevice('resource');
        const next = { ...current, ...changes, ...(changes.name === undefined ? {} : { name: changes.name.trim() }) };
        refuse(resourceProblems(next as unknown as SchedulerResource), 'The resource');
        const patch = changesBetween(current, next, schedulerResourcePatchableFields);
        if (patch.length === 0) return null;
        return { next, request: { method: 'PATCH', path: fillPath(apiPaths.schedulerResource, { schedulerResourceId }), body: patch } };
      },
    };
  },

  /** Gives the resource's coming, not-started appointments to its technician (done by the server when sent). */
  assignResourceTechnician(schedulerResourceId: string): Mutation {
    return {
      collection: 'schedulerResources',
      key: schedulerResourceId,
      description: "Assign coming appointments to the resource's technician",
      build: (current) => {
        if (!current) notOnDevice('resource');
        return { next: current, request: { method: 'POST', path: fillPath(apiPaths.assignResourceTechnician, { schedulerResourceId }) } };
      },
    };
  },

  /** Whether staff can book the service on the resource (an appointment resource). */
  setAppointmentResource(storeId: number, schedulerResourceId: string, storeServiceId: string, on: boolean): Mutation {
    const link = { appointmentResourceId: schedulerResourceId, storeServiceId };
    return {
      collection: 'appointmentResources',
      key: `${schedulerResourceId}/${storeServiceId}`,
      description: on ? 'Let staff book a service on a resource' : 'Stop staff booking a service on a resource',
      refs: [`schedulerResources/${schedulerResourceId}`, `storeServices/${storeServiceId}`],
      build: (current) => {
        if (!!current === on) return null;
        return on
          ? { next: { ...link, storeId }, request: { method: 'POST', path: apiPaths.appointmentResources, body: link } }
          : { next: null, request: { method: 'DELETE', path: fillPath(apiPaths.appointmentResource, link) } };
      },
    };
  },

  /** Whether customers can book the service on the resource online (a scheduler resource service). */
  setOnlineBooking(storeId: number, schedulerResourceId: string, storeServiceId: string, on: boolean): Mutation {
    const link = { schedulerResourceId, storeServiceId };
    return {
      collection: 'schedulerResourceServices',
      key: `${schedulerResourceId}/${storeServiceId}`,
      description: on ? 'Let customers book a service on a resource' : 'Stop customers booking a service on a resource',
      refs: [`schedulerResources/${schedulerResourceId}`, `storeServices/${storeServiceId}`],
      build: (current) => {
        if (!!current === on) return null;
        return on
          ? { next: { ...link, storeId }, request: { method: 'POST', path: fillPath(apiPaths.schedulerResourceService, link) } }
          : { next: null, request: { method: 'DELETE', path: fillPath(apiPaths.schedulerResourceService, link) } };
      },
    };
  },

  /** A person's one role at the store (admins); the server keeps roles and the staff rows. */
  setStaffRole(storeId: number, userId: string, role: Role): Mutation {
    return {
      collection: 'storeStaff',
      key: `${storeId}/${userId}`,
      description: `Change role to ${roles.label(role)}`,
      build: (current) => {
        if (!current) notOnDevice('person');
        if (JSON.stringify(current.roles) === JSON.stringify([role])) return null;
        return { next: { ...current, roles: [role] }, request: { method: 'PATCH', path: fillPath(apiPaths.storeUser, { userId }), body: { role } } };
      },
    };
  },

  removeStaff(storeId: number, userId: string): Mutation {
    return {
      collection: 'storeStaff',
      key: `${storeId}/${userId}`,
      description: 'Remove from the store',
      build: (current) => {
        if (!current) return null;
        return { next: null, request: { method: 'DELETE', path: fillPath(apiPaths.storeUser, { userId }) } };
      },
    };
  },

  /** Adds or changes one of the store's contacts or social media accounts (admins): changed fields only. */
  saveStoreEntry(storeId: number, kind: StoreEntryKind, input: StoreContact | SocialMediaAccount): Mutation {
    const { schema, id, list, item, words } = storeEntries[kind];
    const entry = schema.parse(input) as Row;
    const key = String(entry[id]);
    return {
      collection: kind,
      key,
      description: `Save ${words}`,
      build: (current) => {
        if (!current) return { next: { ...entry, storeId }, request: { method: 'POST', path: list(storeId), body: entry } };
        const sent = Object.fromEntries(
          Object.entries(entry).filter(([field, value]) => field !== id && JSON.stringify(current[field]) !== JSON.stringify(value)),
        );
        if (Object.keys(sent).length === 0) return null;
        return { next: { ...current, ...sent }, request: { method: 'PATCH', path: item(storeId, key), body: sent } };
      },
    };
  },

  deleteStoreEntry(storeId: number, kind: StoreEntryKind, entryId: string): Mutation {
    const { item, words } = storeEntries[kind];
    return {
      collection: kind,
      key: entryId,
      description: `Remove ${words}`,
      build: (current) => (current ? { next: null, request: { method: 'DELETE', path: item(storeId, entryId) } } : null),
    };
  },

  /** The store's whole inspection template (admins), in the order arranged; nothing sent when unchanged. */
  saveInspectionTemplate(storeId: number, groups: InspectionTemplateGroup[]): Mutation {
    const body = inspectionTemplateWriteSchema.parse({ groups });
    refuse(inspectionTemplateProblems(body.groups), 'The inspection template');
    return {
      collection: 'inspectionTemplates',
      key: String(storeId),
      description: 'Change the inspection template',
      build: (current) => {
        if (current && JSON.stringify(current.groups) === JSON.stringify(body.groups)) return null;
        return { next: { ...current, storeId, groups: body.groups }, request: { method: 'PUT', path: apiPaths.inspectionTemplate, body } };
      },
    };
  },

  /** A store's own words for a message template (admins); nothing sent when they are what the store has. */
  saveMessageTemplate(storeId: number, templateType: MessageTemplateType, texts: MessageTemplateWrite): Mutation {
    const body = messageTemplateWriteSchema.parse(texts);
    refuse(templateProblems(body, maxSmsLength), 'The template');
    return {
      collection: 'messageTemplates',
      key: `${storeId}/${templateType}`,
      description: `Change the ${templateLabel(templateType)} template`,
      build: (current) => {
        if (current && current.smsText === body.smsText && current.emailSubject === body.emailSubject && current.emailText === body.emailText) return null;
        return { next: { storeId, templateType, ...body }, request: { method: 'PUT', path: fillPath(apiPaths.messageTemplate, { templateType }), body } };
      },
    };
  },

  /** Back to the default words: the store's own are removed. */
  restoreMessageTemplate(storeId: number, templateType: MessageTemplateType): Mutation {
    return {
      collection: 'messageTemplates',
      key: `${storeId}/${templateType}`,
      description: `Restore the default ${templateLabel(templateType)} template`,
      build: (current) => (current ? { next: null, request: { method: 'DELETE', path: fillPath(apiPaths.messageTemplate, { templateType }) } } : null),
    };
  },

  markRatingRead(ratingId: string): Mutation {
    return {
      collection: 'ratings',
      key: ratingId,
      description: 'Mark rating read',
      build: (current) => {
        if (!current) notOnDevice('rating');
        if (current.isRead === true) return null;
        return {
          next: { ...current, isRead: true },
          request: { method: 'PATCH', path: fillPath(apiPaths.rating, { ratingId }), body: changesBetween(current, { ...current, isRead: true }, ['isRead']) },
        };
      },
    };
  },

  /** Read when clicked (spec section 4: dateMarkedRead set to now); unread again by the user's choice. */
  setNotificationRead(userNotificationId: string, read: boolean, now = new Date()): Mutation {
    return {
      collection: 'userNotifications',
      key: userNotificationId,
      description: read ? 'Mark notification read' : 'Mark notification unread',
      build: (current) => {
        if (!current) notOnDevice('notification');
        if ((current.dateMarkedRead !== null) === read) return null;
        const next = { ...current, dateMarkedRead: read ? now.toISOString() : null };
        return {
          next,
          request: {
            method: 'PATCH',
            path: fillPath(apiPaths.userNotification, { userNotificationId }),
            body: changesBetween(current, next, ['dateMarkedRead']),
          },
        };
      },
    };
  },

  /** Shows or hides a kind of notification in the app; without a saved choice the kind is shown. */
  setNotificationPreference(identityId: string, kind: UserNotificationKind, inApp: boolean): Mutation {
    return {
      collection: 'notificationPreferences',
      key: `${identityId}/${kind}`,
      description: `${inApp ? 'Show' : 'Hide'} ${userNotificationKinds.label(kind).toLowerCase()} notifications`,
      build: (current) => {
        const saved = preferenceFor(current ? [current as NotificationPreference] : [], identityId, kind);
        if (saved.inApp === inApp) return null;
        const next = { ...saved, storeId: null, inApp };
        return { next, request: { method: 'PATCH', path: fillPath(apiPaths.notificationPreference, { kind }), body: changesBetween(saved, next, ['inApp']) } };
      },
    };
  },

  /** A message to platform support, kept on the device until it is sent (and after, in the user's list). */
  sendSupportRequest(identityId: string, storeId: number, model: CreateSupportRequest, now = new Date()): Mutation {
    return {
      collection: 'supportRequests',
      key: model.supportRequestId,
      description: `Message to support: ${model.subject}`,
      build: () => ({
        next: { ...model, identityId, storeId, dateSubmitted: now.toISOString() },
        request: { method: 'POST', path: apiPaths.supportRequests, body: model },
      }),
    };
  },

  archiveMessage(storeMessageId: string): Mutation {
    return {
      collection: 'storeMessages',
      key: storeMessageId,
      description: 'Archive message',
      build: (current) => {
        if (!current) notOnDevice('message');
        const changes = archiveChanges(current as unknown as StoreMessage);
        if (!changes) return null;
        return { next: { ...current, ...changes }, request: { method: 'POST', path: fillPath(apiPaths.markArchived, { storeMessageId }) } };
      },
    };
  },

  markMessageReplied(storeMessageId: string, by: { userId: string; name: string }): Mutation {
    return {
      collection: 'storeMessages',
      key: storeMessageId,
      description: 'Mark message replied',
      build: (current) => {
        if (!current) notOnDevice('message');
        const changes = markRepliedChanges(current as unknown as StoreMessage, by);
        if (!changes) return null;
        return {
          next: { ...current, ...changes },
          request: { method: 'POST', path: fillPath(apiPaths.markReplied, { storeMessageId }) },
        };
      },
    };
  },
};
