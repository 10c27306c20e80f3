import type { Role } from '../../contract/enum-values.ts';
import { frontCounter, leadTechnicians, platformAdmins, storeAdmins, technicians } from '../people/roles.ts';

export type NavIcon =
  | 'home'
  | 'dashboard'
  | 'calendar'
  | 'lead'
  | 'wrench'
  | 'messages'
  | 'star'
  | 'customers'
  | 'tires'
  | 'settings'
  | 'admin'
  | 'store'
  | 'help';

/** A drawer item (spec section 2): title, icon, route, role limit, Ctrl+Alt shortcut and optional badge. */
export interface NavItem {
  title: string;
  icon: NavIcon;
  to: string;
  roles: Role[] | null;
  shortcut: string | null;
  badge?: 'unreadMessages' | 'unreadRatings';
}

export const navItems: NavItem[] = [
  { title: 'Home', icon: 'home', to: '/', roles: null, shortcut: 'h' },
  { title: 'Dashboard', icon: 'dashboard', to: '/dashboard', roles: frontCounter, shortcut: 'd' },
  { title: 'Scheduler', icon: 'calendar', to: '/scheduler-dayview', roles: frontCounter, shortcut: 'n' },
  { title: 'Lead Technician', icon: 'lead', to: '/technicians', roles: leadTechnicians, shortcut: 'l' },
  { title: 'Technician', icon: 'wrench', to: '/technician-appointments', roles: technicians, shortcut: null },
  { title: 'Messages', icon: 'messages', to: '/messages', roles: frontCounter, shortcut: 'm', badge: 'unreadMessages' },
  { title: 'Ratings', icon: 'star', to: '/ratings', roles: frontCounter, shortcut: 'r', badge: 'unreadRatings' },
  { title: 'Customers', icon: 'customers', to: '/customer-search', roles: frontCounter, shortcut: 't' },
  // The tire counter (ours, issue 46): the route's roles; I, as T (Customers), R and E (AltGr+E types €) are taken.
  { title: 'Tires', icon: 'tires', to: '/tires', roles: frontCounter, shortcut: 'i' },
  { title: 'Settings', icon: 'settings', to: '/settings', roles: storeAdmins, shortcut: 's' },
  { title: 'Admin Dashboard', icon: 'admin', to: '/administrator-dashboard', roles: platformAdmins, shortcut: 'a' },
  { title: 'Retail Management', icon: 'store', to: '/retail-management', roles: storeAdmins, shortcut: null },
  { title: 'Help & Support', icon: 'help', to: '/alltracContactUs', roles: null, shortcut: 'o' },
];

/** The drawer items a user sees: those without a role limit, and those whose roles they hold. */
export function visibleNavItems(held: readonly Role[]): NavItem[] {
  return navItems.filter((item) => item.roles === null || item.roles.some((r) => held.includes(r)));
}

/** The route a user lands on after a store switch (spec section 2): technicians go to their queue. */
export function landingAfterStoreSwitch(held: readonly Role[], currentPath: string): string | null {
  if (held.includes('AllTracTechnician') && !held.includes('PointSAdmin')) return '/technician-appointments';
  return currentPath === '/' ? null : '/';
}

/** Store name for the selector: cut to 30 characters and two dots on small screens (spec section 2). */
export function shortStoreName(name: string, small: boolean): string {
  return small && name.length > 30 ? `${name.slice(0, 30)}..` : name;
}
