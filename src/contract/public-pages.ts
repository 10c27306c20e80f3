/**
 * The customers' pages (spec section 2): served from public.html, a start of their own with none of the staff
 * app's code (no sign-in, replica or worker), online only. The server, the service worker and the staff app's
 * router read this list, so a page is public in one place.
 */
export const publicPagePatterns = [/^\/rating\/?$/, /^\/inspection-reports\//, /^\/tire-quotes\//, /^\/work-order(\/|$)/, /^\/contact-us\//, /^\/book\//];

export const isPublicPath = (pathname: string): boolean => publicPagePatterns.some((pattern) => pattern.test(pathname));

/** The built page that starts the customers' pages (vite.config.ts builds it beside index.html). */
export const publicPageFile = 'public.html';
