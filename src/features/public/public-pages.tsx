import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { publicPagePaths } from '../../contract/routes.ts';

interface PublicPage {
  /** The address's shape, from the contract: `:name` is a part read by usePublicParam. */
  path: string;
  title: string;
  Page: LazyExoticComponent<ComponentType>;
}

/** Each customers' page by its address (spec section 2), its code fetched when it is opened. */
const pages: PublicPage[] = [
  { path: publicPagePaths.rating, title: 'Rate your visit', Page: lazy(() => import('./rating-page.tsx').then((m) => ({ default: m.RatingPage }))) },
  {
    path: publicPagePaths.inspectionReport,
    title: 'Inspection Report',
    Page: lazy(() => import('./inspection-report-page.tsx').then((m) => ({ default: m.InspectionReportPage }))),
  },
  { path: publicPagePaths.tireQuote, title: 'Tire Quote', Page: lazy(() => import('./tire-quote-page.tsx').then((m) => ({ default: m.TireQuotePage }))) },
  { path: '/work-order', title: 'Work Order', Page: lazy(() => import('./work-order-page.tsx').then((m) => ({ default: m.DeprecatedWorkOrderPage }))) },
  { path: publicPagePaths.workOrder, title: 'Work Order', Page: lazy(() => import('./work-order-page.tsx').then((m) => ({ default: m.WorkOrderPage }))) },
  { path: publicPagePaths.contactForm, title: 'Contact us', Page: lazy(() => import('./contact-us-page.tsx').then((m) => ({ default: m.ContactUsPage }))) },
  { path: publicPagePaths.booking, title: 'Book an appointment', Page: lazy(() => import('./booking-page.tsx').then((m) => ({ default: m.BookingPage }))) },
];

/** The page at `pathname` with its named parts decoded, or null: a trailing slash is allowed, nothing else. */
export function matchPublicPage(pathname: string): { page: PublicPage; params: Record<string, string> } | null {
  const parts = pathname.replace(/\/$/, '').split('/');
  for (const page of pages) {
    const shape = page.path.split('/');
    if (shape.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = shape.every((segment, i) => {
      if (!segment.startsWith(':')) return segment === parts[i];
      try {
        params[segment.slice(1)] = decodeURIComponent(parts[i]!);
      } catch {
        return false;
      }
      return params[segment.slice(1)] !== '';
    });
    if (fits) return { page, params };
  }
  return null;
}
