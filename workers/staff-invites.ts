import { apiPaths } from '../src/contract/routes.ts';
import { inviteAnswerSchema, inviteStaffSchema, type InviteAnswer, type InviteStaff } from '../src/contract/writes.ts';
import { NetworkError, type ApiClient } from '../src/http/api-client.ts';
import { problemOf } from '../src/http/problem-of.ts';

/**
 * Invites someone to the store. It makes an account and a link the admin passes on at once, so it is done
 * online, not queued: a link that exists only later would be no use to the person standing at the counter.
 */
export async function inviteStaff(api: ApiClient, input: InviteStaff): Promise<InviteAnswer> {
  const model = inviteStaffSchema.parse(input);
  try {
    const response = await api.request('POST', apiPaths.storeUsers, { body: model, idempotencyKey: `invite-${crypto.randomUUID()}` });
    if (response.status === 200 || response.status === 201) return inviteAnswerSchema.parse(response.body);
    const problem = problemOf(response);
    const first = Object.values(problem.errors ?? {})[0]?.[0];
    throw new Error(first ?? problem.detail ?? `The server answered ${response.status}.`);
  } catch (error) {
    if (error instanceof NetworkError) throw new Error('Inviting needs a connection: connect and try again.', { cause: error });
    throw error;
  }
}
