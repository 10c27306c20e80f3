import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  type AnyRoute,
  type RouteComponent,
} from '@tanstack/react-router';
import { z } from 'zod/mini';
import type { Role } from '../contract/enum-values.ts';
import { frontCounter, leadTechnicians, platformAdmins, storeAdmins, technicians } from '../domain/people/roles.ts';
import { schedulerViews } from '../domain/scheduler/scheduler-views.ts';
import { hasAnyRole, type Session } from '../app/session.ts';
import { RouteError } from './route-error.tsx';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** On the forbidden page: the roles of the page the role check refused (its words fit them). */
    refusedRoles?: Role[];
  }
  interface StaticDataRouteOption {
    /** The screen's title, as the spec names it. */
    title?: string;
    /** Who may open it; absent: any signed-in user (public routes are outside the app layout). */
    roles?: Role[];
  }
}

/** What routes need from the app: the session, once there is one, or a sign-in. */
export interface AuthPort {
  /** The session; starts sign-in (and never resolves) when nobody is signed in. */
  requireSession(returnTo: string): Promise<Session>;
}

export interface RouterContext {
  auth: AuthPort;
}

/**
 * A search parameter a link may leave out; a wrong one (a hand-edited or an old link) is dropped rather than
 * failing the screen. zod's mini form: the router's checks come without zod's method API in the first paint.
 */
const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
/** A day as "2026-11-28", one the calendar has (not the 30th of February): zod's own date check, as the entities'. */
const isoDay = z.iso.date();
const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteError,
});

// Screens open without sign-in (the customers' pages start from public.html: src/public-main.tsx).
const maintenance = createRoute({
  getParentRoute: () => rootRoute,
  path: '/system-maintenance',
  staticData: { title: 'System Maintenance' },
  component: lazyRouteComponent(() => import('../features/maintenance/maintenance-page.tsx'), 'MaintenancePage'),
});
const forbidden = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forbidden',
  staticData: { title: 'No access' },
  component: lazyRouteComponent(() => import('../features/forbidden/forbidden-page.tsx'), 'ForbiddenPage'),
});

// Everything else needs a signed-in user with a store, inside the shell.
const app = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => ({ session: await context.auth.requireSession(location.href) }),
  component: lazyRouteComponent(() => import('../app/shell/app-layout.tsx'), 'AppLayout'),
});

/** A signed-in route: its title, its roles (checked against the active store's roles) and its screen. */
function screen<const TParent extends AnyRoute, const P extends string>(
  parent: TParent,
  path: P,
  title: string,
  roles: Role[] | undefined,
  component: RouteComponent,
) {
  return createRoute({
    getParentRoute: () => parent,
    path,
    staticData: { title, ...(roles ? { roles } : {}) },
    beforeLoad: guard(roles),
    component,
  });
}

function guard(roles: Role[] | undefined) {
  return ({ context }: { context: unknown }) => {
    const session = (context as { session: Session }).session;
    if (roles && !hasAnyRole(session, roles)) throw redirect({ to: '/forbidden', replace: true, state: { refusedRoles: roles } });
  };
}

const optionalText = optional(z.string().check(z.maxLength(200)));

const home = createRoute({
  getParentRoute: () => app,
  path: '/',
  staticData: { title: 'Home' },
  beforeLoad: ({ context }) => {
    const { session } = context;
    if (session.roles.includes('AllTracTechnician') && !session.roles.includes('PointSAdmin'))
      throw redirect({ to: '/technician-appointments', replace: true });
  },
  component: lazyRouteComponent(() => import('../features/home/home-page.tsx'), 'HomePage'),
});

/** The scheduler's day and view live in the URL: a shared or reloaded link opens the same calendar. */
const schedulerSearch = z.object({
  date: optional(isoDay),
  view: optional(z.enum(schedulerViews)),
  quote: optional(z.uuid()),
});
const scheduler = createRoute({
  getParentRoute: () => app,
  path: '/scheduler-dayview',
  staticData: { title: 'Scheduler', roles: frontCounter },
  beforeLoad: guard(frontCounter),
  validateSearch: schedulerSearch,
  // The day's rows are read while the screen's code loads and renders, not once it has drawn. A chunk that fails
  // here fails again when the screen renders, and is shown there.
  loaderDeps: ({ search }) => ({ date: search.date, view: search.view }),
  loader: ({ context, deps }) => {
    const store = context.session.activeStore;
    if (store) void import('../features/scheduler/use-scheduler.ts').then((scheduler) => scheduler.prefetchShownDays(store, deps)).catch(() => undefined);
  },
  component: lazyRouteComponent(() => import('../features/scheduler/scheduler-page.tsx'), 'SchedulerPage'),
});
const schedulerAppointment = screen(
  scheduler,
  'appointments/$scheduledVisitId/{-$scheduledServiceId}',
  'Appointment',
  frontCounter,
  lazyRouteComponent(() => import('../features/scheduler/appointment-panel.tsx'), 'AppointmentPanel'),
);

/** The dashboard's period and view live in the URL: a reload, or a link sent to a colleague, shows the same figures. */
const dashboardDay = optional(isoDay);
const dashboard = createRoute({
  getParentRoute: () => app,
  path: '/dashboard',
  staticData: { title: 'Dashboard', roles: frontCounter },
  beforeLoad: guard(frontCounter),
  validateSearch: z.object({
    period: optional(z.enum(['today', 'week', 'month', 'custom'])),
    date: dashboardDay,
    from: dashboardDay,
    to: dashboardDay,
    view: optional(z.enum(['store', 'compare'])),
  }),
  component: lazyRouteComponent(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage'),
});

const technicianAppointments = screen(
  app,
  '/technician-appointments',
  'Technician',
  technicians,
  lazyRouteComponent(() => import('../features/technicians/technician-queue-page.tsx'), 'TechnicianQueuePage'),
);
const technicianAppointment = screen(
  app,
  '/technician-appointments/$id',
  'Technician Appointment',
  technicians,
  lazyRouteComponent(() => import('../features/technicians/technician-visit-page.tsx'), 'TechnicianVisitPage'),
);

const messages = screen(
  app,
  '/messages',
  'Messages',
  frontCounter,
  lazyRouteComponent(() => import('../features/messages/messages-page.tsx'), 'MessagesPage'),
);
const customerMessages = screen(
  messages,
  'cus/$messageId/{-$customerId}',
  'Customer Messages',
  frontCounter,
  lazyRouteComponent(() => import('../features/messages/thread-page.tsx'), 'ThreadPage'),
);

const customer = screen(
  app,
  '/customers/$customerId',
  'Customer',
  frontCounter,
  lazyRouteComponent(() => import('../features/customers/customer-layout.tsx'), 'CustomerLayout'),
);
const customerEdit = screen(
  customer,
  '/',
  'Edit Customer',
  frontCounter,
  lazyRouteComponent(() => import('../features/customers/customer-edit-page.tsx'), 'CustomerEditPage'),
);
// Beside the customer's edit view, as Create Vehicle is: a child of the index route `/` never matched (the router
// answered Not Found at /customers/{id}/vehicles/{vehicleId}).
const customerEditVehicle = screen(
  customer,
  'vehicles/$vehicleId',
  'Edit Vehicle',
  frontCounter,
  lazyRouteComponent(() => import('../features/customers/vehicle-form-page.tsx'), 'VehicleFormPage'),
);
const customerCreateVehicle = screen(
  customer,
  'vehicles/create',
  'Create Vehicle',
  frontCounter,
  lazyRouteComponent(() => import('../features/customers/vehicle-form-page.tsx'), 'VehicleFormPage'),
);
const customerAppointments = screen(
  customer,
  'appointments',
  'Appointment History',
  frontCounter,
  lazyRouteComponent(() => import('../features/customers/appointment-history-page.tsx'), 'AppointmentHistoryPage'),
);
const customerAppointment = screen(
  customerAppointments,
  '$scheduledVisitId/{-$scheduledServiceId}',
  'Appointment',
  frontCounter,
  lazyRouteComponent(() => import('../features/customers/appointment-history-page.tsx'), 'AppointmentDetailPage'),
);
const customerSearch = createRoute({
  getParentRoute: () => app,
  path: '/customer-search',
  staticData: { title: 'Customers', roles: frontCounter },
  beforeLoad: guard(frontCounter),
  validateSearch: z.object({ q: optionalText }),
  component: lazyRouteComponent(() => import('../features/customers/customer-search-page.tsx'), 'CustomerSearchPage'),
});
/** The counter's tire finder and quote: for a customer and vehicle (from their page), or a saved quote reopened. */
const tireCounter = createRoute({
  getParentRoute: () => app,
  path: '/tires',
  staticData: { title: 'Tires', roles: frontCounter },
  beforeLoad: guard(frontCounter),
  validateSearch: z.object({ customerId: optional(z.uuid()), vehicleId: optional(z.uuid()), quote: optional(z.uuid()) }),
  component: lazyRouteComponent(() => import('../features/counter/tire-counter-page.tsx'), 'TireCounterPage'),
});
const customerCreate = createRoute({
  getParentRoute: () => app,
  path: '/customer-create',
  staticData: { title: 'Create Customer', roles: frontCounter },
  beforeLoad: guard(frontCounter),
  validateSearch: z.object({ prefill: optionalText }),
  component: lazyRouteComponent(() => import('../features/customers/customer-create-page.tsx'), 'CustomerCreatePage'),
});

const settings = screen(
  app,
  '/settings',
  'Settings',
  storeAdmins,
  lazyRouteComponent(() => import('../features/settings/settings-layout.tsx'), 'SettingsLayout'),
);
const settingsPages = [
  screen(
    settings,
    '/',
    'Settings',
    storeAdmins,
    lazyRouteComponent(() => import('../features/settings/settings-index-page.tsx'), 'SettingsIndexPage'),
  ),
  screen(
    settings,
    'general',
    'General',
    storeAdmins,
    lazyRouteComponent(() => import('../features/settings/general-page.tsx'), 'GeneralPage'),
  ),
  screen(
    settings,
    'hours',
    'Hours',
    storeAdmins,
    lazyRouteComponent(() => import('../features/settings/hours-page.tsx'), 'HoursPage'),
  ),
  screen(
    settings,
    'appointments',
    'Appointments',
    storeAdmins,
    lazyRouteComponent(() => import('../features/settings/appointments-page.tsx'), 'AppointmentsPage'),
  ),
  screen(
    settings,
    'services',
    'Services',
    storeAdmins,
    lazyRouteComponent(() => import('../features/settings/services-page.tsx'), 'ServicesPage'),
  ),
  screen(
    settings,
    'resources',
    'Resources',
    storeAdmins,
    lazyRouteComponent(() => import('../features/settings/resources-page.tsx'), 'ResourcesPage'),
  ),
  screen(
    settings,
    'users',
    'Users',
    storeAdmins,
    lazyRouteComponent(() => import('../features/settings/users-page.tsx'), 'UsersPage'),
  ),
  screen(
    settings,
    'pickupanddelivery',
    'Pickup and Delivery',
    storeAdmins,
    lazyRouteComponent(() => import('../features/settings/pickup-page.tsx'), 'PickupPage'),
  ),
  screen(
    settings,
    'message-templates',
    'Message Templates',
    storeAdmins,
    lazyRouteComponent(() => import('../features/settings/message-templates-page.tsx'), 'MessageTemplatesPage'),
  ),
  screen(
    settings,
    'message-sink',
    'Message Sink',
    storeAdmins,
    lazyRouteComponent(() => import('../features/settings/message-sink-page.tsx'), 'MessageSinkPage'),
  ),
  screen(
    settings,
    'inspection-reports',
    'Inspection Reports',
    storeAdmins,
    lazyRouteComponent(() => import('../features/settings/inspection-page.tsx'), 'InspectionPage'),
  ),
];

const routeTree = rootRoute.addChildren([
  maintenance,
  forbidden,
  app.addChildren([
    home,
    dashboard,
    scheduler.addChildren([schedulerAppointment]),
    screen(
      app,
      '/technicians',
      'Lead Technician',
      leadTechnicians,
      lazyRouteComponent(() => import('../features/technicians/lead-board-page.tsx'), 'LeadBoardPage'),
    ),
    technicianAppointments,
    technicianAppointment,
    messages.addChildren([customerMessages]),
    screen(
      app,
      '/ratings',
      'Ratings',
      frontCounter,
      lazyRouteComponent(() => import('../features/ratings/ratings-page.tsx'), 'RatingsPage'),
    ),
    customerSearch,
    screen(
      app,
      '/possible-duplicates',
      'Possible Duplicates',
      frontCounter,
      lazyRouteComponent(() => import('../features/customers/possible-duplicates-page.tsx'), 'PossibleDuplicatesPage'),
    ),
    customerCreate,
    screen(
      app,
      '/declined-work',
      'Declined work due',
      frontCounter,
      lazyRouteComponent(() => import('../features/customers/declined-work-page.tsx'), 'DeclinedWorkPage'),
    ),
    tireCounter,
    customer.addChildren([customerEdit, customerEditVehicle, customerCreateVehicle, customerAppointments.addChildren([customerAppointment])]),
    settings.addChildren(settingsPages),
    screen(
      app,
      '/retail-management',
      'Retail Management',
      storeAdmins,
      lazyRouteComponent(() => import('../features/retail/retail-management-page.tsx'), 'RetailManagementPage'),
    ),
    screen(
      app,
      '/traction-orders',
      'Traction Orders',
      frontCounter,
      lazyRouteComponent(() => import('../features/traction/traction-orders-page.tsx'), 'TractionOrdersPage'),
    ),
    screen(
      app,
      '/alltracContactUs',
      'Help & Support',
      undefined,
      lazyRouteComponent(() => import('../features/help/help-page.tsx'), 'HelpPage'),
    ),
    screen(
      app,
      '/notification/settings',
      'Notification Settings',
      undefined,
      lazyRouteComponent(() => import('../features/notifications/notification-settings-page.tsx'), 'NotificationSettingsPage'),
    ),
    screen(
      app,
      '/notifications',
      'Notifications',
      undefined,
      lazyRouteComponent(() => import('../features/notifications/notifications-page.tsx'), 'NotificationsPage'),
    ),
    screen(
      app,
      '/appointment-request/$id',
      'Appointment Request',
      undefined,
      lazyRouteComponent(() => import('../features/scheduler/appointment-requests.tsx'), 'AppointmentRequestPage'),
    ),
    screen(
      app,
      '/appointment-rating/$id',
      'Appointment Rating',
      undefined,
      lazyRouteComponent(() => import('../features/ratings/appointment-rating-page.tsx'), 'AppointmentRatingPage'),
    ),
    screen(
      app,
      '/administrator-dashboard',
      'Admin Dashboard',
      platformAdmins,
      lazyRouteComponent(() => import('../features/admin/admin-dashboard-page.tsx'), 'AdminDashboardPage'),
    ),
  ]),
]);

export function createAppRouter(auth: AuthPort) {
  return createRouter({ routeTree, context: { auth }, defaultPreload: 'intent', scrollRestoration: true });
}

/**
 * Starts fetching the code of the screens at a path (the shell's with them), so it arrives while the device is
 * still read: the router fetches a screen's code only once the session check before it has passed. A chunk that
 * fails here fails again when the router loads it, and is handled there.
 */
export function preloadScreens(router: ReturnType<typeof createAppRouter>, pathname: string): void {
  for (const route of router.getMatchedRoutes(pathname)[0]) void router.loadRouteChunk(route)?.catch(() => undefined);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
