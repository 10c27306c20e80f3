import { Group, Stack, Text, Title } from '@mantine/core';
import { Outlet, useLocation } from '@tanstack/react-router';
import { AnchorLink } from '../../app/links.tsx';
import { useSession } from '../../app/session.ts';

/** The settings pages, in the order of the index. */
export const settingsCategories = [
  { to: '/settings/general', title: 'General' },
  { to: '/settings/hours', title: 'Hours' },
  { to: '/settings/appointments', title: 'Appointments' },
  { to: '/settings/services', title: 'Services' },
  { to: '/settings/resources', title: 'Resources' },
  { to: '/settings/inspection-reports', title: 'Inspection Reports' },
  { to: '/settings/pickupanddelivery', title: 'Pickup and Delivery' },
  { to: '/settings/message-templates', title: 'Message Templates' },
  { to: '/settings/users', title: 'Users' },
  { to: '/settings/message-sink', title: 'Message Sink' },
] as const;

/** Settings of the active store: the page's heading, a row of links to every category, and the category. */
export function SettingsLayout() {
  const session = useSession();
  const onIndex = useLocation({ select: (l) => l.pathname.replace(/\/$/, '') === '/settings' });
  const store = session?.activeStore;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Settings
        </Title>
        {store && (
          <Text c="dimmed" size="sm">
            {store.name} (#{store.storeNumber})
          </Text>
        )}
      </div>
      {!onIndex && (
        <nav aria-label="Settings categories">
          <Group gap="sm">
            <AnchorLink to="/settings" size="sm" style={{ whiteSpace: 'nowrap' }} activeOptions={{ exact: true }}>
              All settings
            </AnchorLink>
            {settingsCategories.map((c) => (
              <AnchorLink
                key={c.to}
                to={c.to}
                size="sm"
                style={{ whiteSpace: 'nowrap' }}
                activeProps={{ fw: 700, c: 'var(--mantine-color-text)', 'aria-current': 'page' } as never}
              >
                {c.title}
              </AnchorLink>
            ))}
          </Group>
        </nav>
      )}
      <Outlet />
    </Stack>
  );
}
