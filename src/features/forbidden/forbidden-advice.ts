import { roles as roleEnum, type Role } from '../../contract/enum-values.ts';

/** What the forbidden page says to a person: why, and what to do about it, for their role. */
export interface ForbiddenAdvice {
  text: string;
  /** A store's Admin gives people their roles there: the page links to it. */
  toUsers: boolean;
}

const platformOnly = "This page is for AllTrac's platform administrators only. If you need something done there, ask AllTrac support through Help & Support.";

/**
 * The forbidden page's words (spec section 2 leaves the page to us; docs/decisions/security.md): a page only the platform's
 * administrators use is theirs alone, whoever asks; a store's Admin is pointed to where roles are given, never
 * told to ask their store's Admin; anyone else is told to ask that Admin. `refused` is the roles of the page
 * refused, when known (a reload of the forbidden page no longer knows it).
 */
export function forbiddenAdvice(held: readonly Role[], refused: readonly Role[] | undefined): ForbiddenAdvice {
  const storeRoles = refused?.filter((r) => r !== 'PointSAdmin') ?? [];
  if (refused && storeRoles.length === 0) return { text: platformOnly, toUsers: false };
  const role = [...new Set(held.map((r) => roleEnum.label(r)))].join(', ') || 'none';
  const pageRoles = [...new Set(storeRoles.map((r) => roleEnum.label(r)))];
  const forWhom = pageRoles.length > 0 ? ` It is for the ${pageRoles.join(' and ')} role${pageRoles.length > 1 ? 's' : ''}.` : '';
  if (held.includes('AllTracAdmin')) {
    return {
      text: `Your role at this store (Admin) does not include this page.${forWhom} As this store's Admin, you give people their roles in Settings, under Users.${refused ? '' : " A page of the platform's administrators is theirs alone."}`,
      toUsers: true,
    };
  }
  return { text: `Your role at this store (${role}) does not include this page.${forWhom} If you need it, ask your store's Admin.`, toUsers: false };
}
