import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../../src/contract/routes.ts';
import { devicePublicId } from '../../../src/contract/public-id.ts';
import type { PublicTireQuote } from '../../../src/contract/tire-pricing.ts';
import { formatPhone } from '../../../src/domain/people/phone.ts';
import { oneLineAddress } from '../../../src/domain/store/store-address.ts';
import { ProblemError } from '../../http/problem.ts';
import type { ModuleContext } from '../context.ts';

const notFound = "There is no tire quote at this address. Check the link in the store's message, or call the store for a new quote.";
const limit = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

/**
 * The customer's tire quote (route /tire-quotes/{id}, public), by the quote's unguessable public id: the options
 * as the store priced them, until when they hold, the vehicle, and the store to call. Of the customer, only
 * their first name (to greet them): no surname, phone, email or address, since whoever holds the link reads it.
 */
export async function tireQuotePublicRoutes(app: FastifyInstance, { db }: ModuleContext): Promise<void> {
  app.get(apiPaths.publicTireQuote, limit, async (request, reply): Promise<PublicTireQuote> => {
    const parsed = devicePublicId.safeParse((request.params as { tireQuoteHashId?: unknown }).tireQuoteHashId);
    if (!parsed.success) throw new ProblemError('notFound', notFound);
    const quote = await db
      .selectFrom('tireQuotes')
      .innerJoin('storeLocations', 'storeLocations.id', 'tireQuotes.storeId')
      .leftJoin('customers', (join) => join.onRef('customers.customerId', '=', 'tireQuotes.customerId').on('customers.deleted', '=', false))
      .leftJoin('customerVehicles', (join) => join.onRef('customerVehicles.vehicleId', '=', 'tireQuotes.vehicleId').on('customerVehicles.deleted', '=', false))
      .select([
        'tireQuotes.createdOn',
        'tireQuotes.validUntil',
        'tireQuotes.options',
        'storeLocations.name as storeName',
        'storeLocations.phoneNumber',
        'storeLocations.addressLine1',
        'storeLocations.city',
        'storeLocations.state',
        'storeLocations.postalCode',
        'customers.firstName',
        'customerVehicles.year',
        'customerVehicles.make',
        'customerVehicles.model',
      ])
      .where('tireQuotes.tireQuoteHashId', '=', parsed.data)
      .where('tireQuotes.deleted', '=', false)
      .where('storeLocations.deleted', '=', false)
      .executeTakeFirst();
    if (!quote) throw new ProblemError('notFound', notFound);
    // The store may change the quote (the counter re-prices it): never an old copy from a cache.
    void reply.header('cache-control', 'no-store');
    return {
      store: { name: quote.storeName, phoneNumber: quote.phoneNumber ? formatPhone(quote.phoneNumber) : null, address: oneLineAddress(quote) },
      customerFirstName: quote.firstName?.trim() || null,
      vehicle: [quote.year, quote.make, quote.model].filter(Boolean).join(' ') || null,
      createdOn: quote.createdOn,
      validUntil: quote.validUntil,
      options: quote.options,
    };
  });
}
