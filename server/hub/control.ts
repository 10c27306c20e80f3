/**
 * Words between server processes over the backplane, addressed to a person's group and acted on by the hub of
 * each process; never delivered to a device (deviceless targets, not events a client may raise).
 */
/** A person's roles changed: each of their connections leaves the store groups they no longer hold a role at. */
export const rolesChangedTarget = 'alltrac:roles-changed';
export type HubControlTarget = typeof rolesChangedTarget;
