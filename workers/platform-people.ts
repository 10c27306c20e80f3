import type { Role } from '../src/contract/enums.ts';
import { peopleListSchema, platformPersonSchema, type InvitePerson, type PeopleList, type PlatformPerson } from '../src/contract/platform-people.ts';
import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { inviteAnswerSchema, type InviteAnswer } from '../src/contract/writes.ts';
import type { ApiClient } from '../src/http/api-client.ts';
import { onlineCall } from './online-call.ts';

/** The People tab's calls (PointSAdmin, issue 27), online: disabling someone or changing who works where is now or not at all. */
const call = onlineCall;

export async function searchPeople(api: ApiClient, q: string, alltracCompanyId: number | null): Promise<PeopleList> {
  const query = new URLSearchParams({ q, ...(alltracCompanyId === null ? {} : { alltracCompanyId: String(alltracCompanyId) }) });
  return peopleListSchema.parse(await call(api, 'GET', `${apiPaths.platformPeople}?${query}`));
}

export async function invitePerson(api: ApiClient, model: InvitePerson): Promise<InviteAnswer> {
  return inviteAnswerSchema.parse(await call(api, 'POST', apiPaths.platformPeople, model));
}

/** Gives the person `role` at the store, or (null) no role there. */
export async function setPersonStoreRole(api: ApiClient, userId: string, storeId: number, role: Role | null): Promise<PlatformPerson> {
  const path = fillPath(apiPaths.platformPersonStoreRole, { userId, storeId });
  return platformPersonSchema.parse(await (role ? call(api, 'PUT', path, { role }) : call(api, 'DELETE', path)));
}

export async function setPlatformAdmin(api: ApiClient, userId: string, on: boolean): Promise<PlatformPerson> {
  return platformPersonSchema.parse(await call(api, on ? 'PUT' : 'DELETE', fillPath(apiPaths.platformPersonAdminRole, { userId })));
}

export async function setPersonDisabled(api: ApiClient, userId: string, disabled: boolean): Promise<PlatformPerson> {
  return platformPersonSchema.parse(await call(api, 'PATCH', fillPath(apiPaths.platformPerson, { userId }), { disabled }));
}
