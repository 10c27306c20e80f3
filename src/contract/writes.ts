/**
 * What a client may send to change replicated rows: create models (the client makes the id, so a row
 * created offline has its key before the server sees it) and the fields a JSON patch may touch.
 * The server adds what only it may decide (created time stamps, replied-by, versions).
 */
import type { z } from 'zod';
import type { ratingSchema } from './entities.ts';
import { customerSchema, customerVehicleSchema, supportRequestSchema } from './entities.ts';

export const createCustomerSchema = customerSchema.omit({ createdOn: true, legacyCustomerId: true }).strict();
export type CreateCustomer = z.infer<typeof createCustomerSchema>;
export const customerPatchableFields = Object.keys(createCustomerSchema.shape).filter((f) => f !== 'customerId');

export const createVehicleSchema = customerVehicleSchema.omit({ vehicleHashId: true, legacyVehicleId: true, customerId: true }).strict();
export type CreateVehicle = z.infer<typeof createVehicleSchema>;
export const vehiclePatchableFields = Object.keys(createVehicleSchema.shape).filter((f) => f !== 'vehicleId');

export const ratingPatchableFields = ['isRead'] satisfies (keyof z.infer<typeof ratingSchema>)[];

/** A message to support: the server adds who sent it, from which store, and when. */
export const createSupportRequestSchema = supportRequestSchema.omit({ identityId: true, dateSubmitted: true }).strict();
export type CreateSupportRequest = z.infer<typeof createSupportRequestSchema>;
