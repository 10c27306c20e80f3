import type { FastifyInstance } from 'fastify';
import { apiVersion } from '../../src/contract/routes.ts';
import { ProblemError } from './problem.ts';

/** Every /api call carries api-version=1.0 (spec section 7); anything else is a 400 naming the parameter. */
export function requireApiVersion(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const value = new URL(request.url, 'http://x').searchParams.getAll('api-version');
    if (value.length === 1 && value[0] === apiVersion) return;
    const message =
      value.length === 0
        ? `The query parameter api-version is required; use api-version=${apiVersion}.`
        : `api-version ${value.join(', ')} is not supported; use api-version=${apiVersion}.`;
    throw new ProblemError('badRequest', message, { errors: { 'api-version': [message] } });
  });
}
