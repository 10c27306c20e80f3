import { describe, expect, it } from 'vitest';
import type { Role } from '../../src/contract/enums.ts';
import { landingAfterStoreSwitch, shortStoreName, visibleNavItems } from '../../src/domain/app/navigation.ts';

const titles = (roles: Role[]) => visibleNavItems(roles).map((i) => i.title);

describe('the drawer', () => {
  it.each([
    [
      ['PointSAdmin'],
      [
        'Home',
        'Dashboard',
        'Scheduler',
        'Lead Technician',
        'Technician',
        'Messages',
        'Ratings',
        'Customers',
        'Tires',
        'Settings',
        'Admin Dashboard',
        'Retail Management',
        'Help & Support',
      ],
    ],
    [['AllTracAdmin'], ['Home', 'Dashboard', 'Scheduler', 'Messages', 'Ratings', 'Customers', 'Tires', 'Settings', 'Retail Management', 'Help & Support']],
    [['AllTracUser'], ['Home', 'Dashboard', 'Scheduler', 'Messages', 'Ratings', 'Customers', 'Tires', 'Help & Support']],
    [['AllTracTechnician'], ['Home', 'Technician', 'Help & Support']],
    [['AllTracLeadTechnician'], ['Home', 'Lead Technician', 'Help & Support']],
  ] as [Role[], string[]][])('shows %j exactly %j', (roles, expected) => {
    expect(titles(roles)).toEqual(expected);
  });
});

describe('the tire counter in the drawer', () => {
  it("opens its own route with its roles, and its shortcut is no other item's", () => {
    const item = visibleNavItems(['AllTracUser']).find((i) => i.title === 'Tires');
    expect(item).toMatchObject({ to: '/tires', roles: ['PointSAdmin', 'AllTracAdmin', 'AllTracUser'], shortcut: 'i' });
    const shortcuts = visibleNavItems(['PointSAdmin']).flatMap((i) => (i.shortcut ? [i.shortcut] : []));
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
  });
});

describe('after a store switch', () => {
  it.each([
    [['AllTracTechnician'], '/messages', '/technician-appointments'],
    [['AllTracUser'], '/messages', '/'],
    [['AllTracUser'], '/', null],
    [['PointSAdmin'], '/settings', '/'],
  ] as [Role[], string, string | null][])('a user with %j at %s goes to %s', (roles, from, to) => {
    expect(landingAfterStoreSwitch(roles, from)).toBe(to);
  });
});

describe('the store name in the selector', () => {
  it('is cut to 30 characters and two dots on small screens only', () => {
    const long = 'Demo Tire & Auto Springfield North Service Center';
    expect(shortStoreName(long, true)).toBe('Demo Tire & Auto Springfield N..');
    expect(shortStoreName(long, false)).toBe(long);
    expect(shortStoreName('Short', true)).toBe('Short');
  });
});
