import { scheduledVisitSchema } from '../src/contract/entities.ts';
import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { NetworkError, type ApiClient } from '../src/http/api-client.ts';
import { problemOf } from '../src/http/problem-of.ts';

/**
 * Confirms a customer's appointment request. The server finds or makes the customer and books the visit
 * with ids of its own, so it is done online: the request stays in the list until it is done.
 */
export async function confirmAppointmentRequest(api: ApiClient, unconfirmedVisitId: string): Promise<string> {
  const at = fillPath(apiPaths.confirmUnconfirmedVisit, { unconfirmedVisitId });
  try {
    const response = await api.request('POST', at, { idempotencyKey: `confirm-${unconfirmedVisitId}`, occurredAt: new Date().toISOString() });
    if (response.status === 200) return scheduledVisitSchema.parse(response.body).scheduledVisitId;
    const problem = problemOf(response);
    throw new Error(problem.detail ?? `The server answered ${response.status}.`);
  } catch (error) {
    if (error instanceof NetworkError) throw new Error('Confirming needs a connection: connect and try again.', { cause: error });
    throw error;
  }
}
