import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { fillPath } from '../../../src/contract/fill-path.ts';
import { apiPaths, publicPagePaths } from '../../../src/contract/routes.ts';
import { tireQuoteCreateSchema, tireQuoteMessageSchema, tireQuotePatchableFields, tireQuoteSchema } from '../../../src/contract/tire-pricing.ts';
import { destinationOf, outgoingStoreMessage } from '../../../src/domain/messages/outgoing-messages.ts';
import { quoteSendProblem } from '../../../src/domain/messages/texting-consent.ts';
import { messageName } from '../../../src/domain/people/display-name.ts';
import { e164 } from '../../../src/domain/people/phone.ts';
import { quoteChoicesChanged, quoteExpiredProblem, quoteMessage, quoteStillGood, savedQuotePrices } from '../../../src/domain/tires/saved-quote-prices.ts';
import { queueMessage } from '../../messaging/queue-message.ts';
import type { FieldProblems } from '../../../src/domain/people/customer-rules.ts';
import { choicesAtRulePrices, tireIdsOf } from '../../../src/domain/tires/retail-tire-price.ts';
import { frontCounter } from '../../../src/domain/people/roles.ts';
import type { Database } from '../../db/schema.ts';
import { parseODataQuery, runODataList, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { readScope, storeScope, type StoreScope } from '../../sync/scope.ts';
import { findRow, versionColumns, type RowSpec, type Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { customers, survivorOf, vehicleOfCustomer } from '../customers/tables.ts';
import { storeToday } from '../store-today.ts';
import { priceChoices, storePriceList, tirePricesByRule } from './prices.ts';

export const tireQuotes: RowSpec<typeof tireQuoteSchema> = {
  table: 'tireQuotes',
  schema: tireQuoteSchema,
  scope: 'store',
  notFound: 'This store has no such tire quote.',
  exists: 'A quote with this id, or this public id, already exists.',
};

type Trx = Transaction<Database>;
const params = z.object({ tireQuoteId: z.uuid('The quote id must be a UUID') });
const what = 'tire quotes';
/** The fields a list is filtered and ordered by (the options and choices are documents, not columns to compare). */
const listFields = ['tireQuoteId', 'tireQuoteHashId', 'customerId', 'vehicleId', 'createdOn', 'validUntil'] as const;
const resource: ODataResource = { fields: Object.fromEntries([...listFields, 'version'].map((f) => [f, f])), schema: tireQuoteSchema };
const listOptions = z.object({ customerId: z.uuid('Name the customer by its customerId').optional() }).strict();
const rowColumns = [...Object.keys(tireQuoteSchema.shape), ...versionColumns] as (keyof Database['tireQuotes'])[];

/**
 * A quote holds from its date for the store's number of days: dated ahead, it would hold longer than the store
 * offers. Dated before today is a quote that waited in an outbox, and holds from the day it was made.
 */
/** A quote past its good-through date (by the store's date) is neither changed nor sent: a 409 saying to start a new one. */
function refuseExpired(quote: { validUntil: string }, today: string): void {
  if (!quoteStillGood(quote, today)) throw new ProblemError('conflict', `${quoteExpiredProblem(quote)}.`);
}

async function dateProblems(w: Writer, scope: StoreScope, createdOn: string): Promise<FieldProblems> {
  const today = await storeToday(w.trx, scope.storeId, w.now);
  return createdOn > today ? { createdOn: [`Date the quote the day it is made: ${today} at the store`] } : {};
}

/** A quote's vehicle is one of its customer's (or of the customer they were merged into), or none. */
async function vehicleProblems(trx: Trx, companyId: number, customerId: string, vehicleId: string | null): Promise<FieldProblems> {
  if (vehicleId === null) return {};
  const vehicle = await trx
    .selectFrom('customerVehicles')
    .select('customerId')
    .where('companyId', '=', companyId)
    .where('vehicleId', '=', vehicleId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return (await vehicleOfCustomer(trx, companyId, vehicle, customerId))
    ? {}
    : { vehicleId: ["This vehicle is not one of the customer's: choose one of theirs, or none"] };
}

/**
 * The customer a new quote is saved on: the one named, or the one they were merged into since the device saw
 * them. Locked, then looked up again, as a new vehicle's owner is: a merge at the same moment is before or
 * after, never between, so the quote never lands on a tombstone.
 */
async function quoteCustomer(w: Writer, companyId: number, customerId: string): Promise<string | null> {
  const seen = await survivorOf(w.trx, companyId, customerId);
  if (seen) await w.lockRow(customers, { customerId: seen });
  return survivorOf(w.trx, companyId, customerId);
}

/**
 * Tire quotes saved on a customer (issue 26; ours, docs/api.md): the counter prices options on its device and
 * saves the quote; the server prices the choices again with the store's prices of now on the quote's date
 * (src/domain/tires/tire-quote.ts), so what is stored, replicated and shown on the public page is the one rule's
 * answer, never a total a device sent. The front counter makes, reads and changes them; the bay has no part in
 * retail data (src/domain/app/visibility.ts).
 */
export async function tireQuoteRoutes(app: FastifyInstance, { db, auth, writes, outbound, config }: ModuleContext): Promise<void> {
  app.get(apiPaths.tireQuotes, async (request) => {
    const scope = await readScope(db, auth, request, 'tireQuotes');
    const { 'api-version': _version, ...rest } = request.query as Record<string, unknown>;
    const named = Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith('$')));
    const odata = Object.fromEntries(Object.entries(rest).filter(([key]) => key.startsWith('$')));
    const { customerId } = parseOrProblem(listOptions, named, 'The list options');
    let base = db
      .selectFrom('tireQuotes')
      .select(rowColumns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    if (customerId) base = base.where('customerId', '=', customerId);
    const query = parseODataQuery(odata, resource);
    // Newest first: by date, then the one changed last (a version is unique, so pages hold still).
    const ordered =
      query.orderBy.length > 0
        ? query
        : {
            ...query,
            orderBy: [
              { field: 'createdOn', direction: 'desc' as const },
              { field: 'version', direction: 'desc' as const },
            ],
          };
    return runODataList(base, ordered, resource, 'tireQuoteId');
  });

  app.get(apiPaths.tireQuote, async (request) => {
    const scope = await readScope(db, auth, request, 'tireQuotes');
    return findRow(db, tireQuotes, scope, parseOrProblem(params, request.params, 'The path'));
  });

  app.post(apiPaths.tireQuotes, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, what);
    // Options, totals and validUntil a device sends are not read: the server prices the choices itself.
    const model = parseOrProblem(tireQuoteCreateSchema, request.body, 'The quote');
    const result = await writes.run(request, scope, async (w) => {
      const customerId = await quoteCustomer(w, scope.companyId, model.customerId);
      if (!customerId)
        throw new ProblemError('validation', 'The quote names no customer of this company.', {
          errors: { customerId: ['There is no such customer: search for them again, or add them'] },
        });
      // Catalogue tires at the store's price by the retail price rule, whatever unit price the device sent.
      const ruled = choicesAtRulePrices(model.choices, await tirePricesByRule(w.trx, scope, tireIdsOf(model.choices)), 'choices');
      const priced = priceChoices(model.createdOn, await storePriceList(w.trx, scope), ruled.choices);
      refuseProblems(
        {
          ...(await dateProblems(w, scope, model.createdOn)),
          ...(await vehicleProblems(w.trx, scope.companyId, customerId, model.vehicleId)),
          ...ruled.problems,
          ...(priced.ok ? {} : priced.problems),
        },
        'The quote',
      );
      const { quote } = priced as Extract<typeof priced, { ok: true }>; // refused above otherwise
      // The public id is the server's, 128 random bits (issue 46): a device's could be made guessable by hand.
      const tireQuoteHashId = randomBytes(16).toString('base64url');
      const row = await w.create(tireQuotes, {
        ...model,
        tireQuoteHashId,
        customerId,
        choices: ruled.choices,
        validUntil: quote.validUntil,
        options: quote.options,
      });
      w.event(tireQuotes, row, 'ReplicaChanged', ['tireQuotes', row.tireQuoteId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /**
   * A JSON patch document of `choices` and `vehicleId`. By the rule of a saved quote's prices
   * (src/domain/tires/saved-quote-prices.ts): options as saved keep their prices; options changed are priced again
   * on the quote's own date with the store's prices of now. A quote past its good-through date is not changed
   * (409): the counter starts a new one. An empty patch changes nothing, as everywhere.
   */
  app.patch(apiPaths.tireQuote, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, what);
    const key = parseOrProblem(params, request.params, 'The path');
    const changes = Array.isArray(request.body) && request.body.length > 0;
    const result = await writes.run(request, scope, async (w) => {
      const saved = await w.find(tireQuotes, key);
      if (changes) refuseExpired(saved, await storeToday(w.trx, scope.storeId, w.now));
      let pricing: FieldProblems = {};
      const { row, changed } = await w.patch(tireQuotes, key, request.body, tireQuotePatchableFields, {
        // Priced from the choices as patched: of two patches at once, the second prices what the first left.
        // Catalogue tires at the store's price by the retail price rule of now, as the add-ons are.
        normalize: async (next) => {
          if (!quoteChoicesChanged(saved.choices, next.choices))
            return { ...next, choices: saved.choices, validUntil: saved.validUntil, options: saved.options };
          const [byRule, prices] = await Promise.all([tirePricesByRule(w.trx, scope, tireIdsOf(next.choices)), storePriceList(w.trx, scope)]);
          const ruled = choicesAtRulePrices(next.choices, byRule, 'choices');
          const priced = savedQuotePrices(saved, next.choices, () => priceChoices(next.createdOn, prices, ruled.choices));
          if (!priced.ok || Object.keys(ruled.problems).length > 0) {
            pricing = { ...ruled.problems, ...(priced.ok ? {} : priced.problems) };
            return next;
          }
          return { ...next, choices: ruled.choices, validUntil: priced.quote.validUntil, options: priced.quote.options };
        },
        problems: async (current, next) => ({
          ...pricing,
          ...(next.vehicleId === current.vehicleId ? {} : await vehicleProblems(w.trx, scope.companyId, current.customerId, next.vehicleId)),
        }),
      });
      if (changed) w.event(tireQuotes, row, 'ReplicaChanged', ['tireQuotes', row.tireQuoteId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /**
   * Texts or emails a saved quote to its customer (issue 46): the message is written here, in the write that
   * queues it, from the quote as stored (after the quote's own write, when the device queued both: the message's
   * outbox entry waits for the quote's), so its totals are the ones the public page shows and the store
   * honours. To the customer's number or address on file; a text only by the texting consent rule
   * (src/domain/messages/texting-consent.ts), else a 409 saying why and to email it; a quote past its
   * good-through date is not sent.
   */
  app.post(apiPaths.tireQuoteMessages, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter, 'messages to customers');
    const key = parseOrProblem(params, request.params, 'The path');
    const { storeMessageId, channel } = parseOrProblem(tireQuoteMessageSchema, request.body, 'The message');
    const store = await db.selectFrom('storeLocations').select(['name', 'twilioPhoneNumber']).where('id', '=', scope.storeId).executeTakeFirstOrThrow();
    const result = await writes.run(request, scope, async (w) => {
      // A STOP and a send at the store at once: the send sees the stop, or the stop comes after the send.
      await w.lockOn('messages-of-store', scope.storeId);
      // Locked: a change of the quote at the same moment is before this message (its figures) or after it.
      const quote = await w.find(tireQuotes, key);
      refuseExpired(quote, await storeToday(w.trx, scope.storeId, w.now));
      const customer = await w.trx
        .selectFrom('customers')
        .select(['customerId', 'firstName', 'lastName', 'companyName', 'phoneNumber', 'email', 'textConsentMethod'])
        .where('companyId', '=', scope.companyId)
        .where('customerId', '=', quote.customerId)
        .where('deleted', '=', false)
        .executeTakeFirst();
      if (!customer) throw new ProblemError('conflict', "The quote's customer is no longer on file: open the customer and quote again.");
      const number = e164(customer.phoneNumber);
      const stopped = number
        ? (await w.trx
            .selectFrom('textStops')
            .select('phoneNumber')
            .where('companyId', '=', scope.companyId)
            .where('storeId', '=', scope.storeId)
            .where('phoneNumber', '=', number)
            .where('deleted', '=', false)
            .executeTakeFirst()) !== undefined
        : false;
      const refused = quoteSendProblem(channel, customer, store, () => stopped);
      if (refused) throw new ProblemError('conflict', `${refused}.`);
      const link = `${config.publicUrl}${fillPath(publicPagePaths.tireQuote, { id: quote.tireQuoteHashId })}`;
      const content = quoteMessage(store.name, quote, link);
      const model = {
        storeMessageId,
        customerId: customer.customerId,
        visitId: null,
        name: messageName(customer),
        templateType: 'FreeForm' as const,
        content,
        ...(channel === 'sms' ? { destinationPhoneNumber: number } : { destinationEmailAddress: customer.email }),
      };
      const to = destinationOf(channel, model);
      const row = await queueMessage(w, outgoingStoreMessage(channel, model as never, w.now.toISOString()), {
        channel,
        to,
        from: channel === 'sms' ? store.twilioPhoneNumber : null,
        subject: channel === 'sms' ? null : `Your tire quote from ${store.name}`,
        body: content,
      });
      return { status: 201, body: row };
    });
    outbound.kick();
    return reply.code(result.status).send(result.body);
  });
}
