import { createContext, useContext } from 'react';

/** What the customers' page at this address reads from it: the path's named parts and the query's parameters. */
export interface PublicRoute {
  params: Record<string, string>;
  search: URLSearchParams;
}

export const PublicRouteContext = createContext<PublicRoute>({ params: {}, search: new URLSearchParams() });

/** A named part of this page's path (`/book/{contactFormId}` → `usePublicParam('contactFormId')`), or '' when absent. */
export function usePublicParam(name: string): string {
  return useContext(PublicRouteContext).params[name] ?? '';
}

/** A rating link's visit: a visit's id is at most 64 characters, so a longer one is no link of ours (none). */
export function ratingLinkVisit(search: URLSearchParams): string | undefined {
  const visit = search.get('visit') ?? undefined;
  return visit !== undefined && visit.length <= 64 ? visit : undefined;
}

/** An inspection report opened to print (`?print=true`, from the staff's Print): anything else is not. */
export const printRequested = (search: URLSearchParams): boolean => search.get('print') === 'true';

/** The old work order link's visit (/work-order?…, deprecated), by whichever name it carries it, or undefined. */
export function oldWorkOrderVisit(search: URLSearchParams): string | undefined {
  return [search.get('visitHashId'), search.get('id'), search.get('visit')].find((v): v is string => typeof v === 'string' && /^[\w-]{16,64}$/.test(v));
}

/** This page's query, for the readers above. */
export function usePublicQuery(): URLSearchParams {
  return useContext(PublicRouteContext).search;
}
