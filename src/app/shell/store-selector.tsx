import { Button, Menu, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { hasRole, rolesAtStore, storeAdmins } from '../../domain/people/roles.ts';
import { landingAfterStoreSwitch, shortStoreName } from '../../domain/app/navigation.ts';
import { syncClient } from '../../sync/sync-client.ts';
import type { Session } from '../session.ts';

/** The active store, the others the user may open, and Manage Store for Admins (spec section 2). */
export function StoreSelector({ session, compact = false }: { session: Session; compact?: boolean }) {
  const small = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const store = session.activeStore;
  if (!store) return null;
  const others = session.stores.filter((s) => s.id !== store.id);
  const mayManage = hasRole(session.user.roles, store.id, storeAdmins);

  const switchTo = async (storeId: number) => {
    await syncClient().selectStore(storeId);
    const landing = landingAfterStoreSwitch(rolesAtStore(session.user.roles, storeId), path);
    if (landing) await navigate({ to: landing });
  };

  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          rightSection={<IconChevronDown size={16} />}
          visibleFrom={compact ? undefined : 'xs'}
          fullWidth={compact}
          justify={compact ? 'space-between' : undefined}
          aria-label={`Store: ${store.name} #${store.storeNumber}. Change store`}
        >
          <Text fw={600} size="sm" truncate>
            {shortStoreName(store.name, compact || (small ?? false))}
          </Text>
          <Text size="sm" c="dimmed" ml={6}>
            #{store.storeNumber}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah="80vh" style={{ overflowY: 'auto' }}>
        {others.length > 0 && <Menu.Label>Switch store</Menu.Label>}
        {others.map((s) => (
          <Menu.Item key={s.id} onClick={() => void switchTo(s.id)}>
            {s.name}{' '}
            <Text span c="dimmed" size="sm">
              #{s.storeNumber}
            </Text>
          </Menu.Item>
        ))}
        {mayManage && (
          <>
            {others.length > 0 && <Menu.Divider />}
            <Menu.Item component={Link} to="/settings">
              Manage Store
            </Menu.Item>
          </>
        )}
        {others.length === 0 && !mayManage && <Menu.Label>No other stores</Menu.Label>}
      </Menu.Dropdown>
    </Menu>
  );
}
