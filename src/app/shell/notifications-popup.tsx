import { ActionIcon, Anchor, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { NotificationPreference, UserNotification } from '../../contract/entities.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { kindsHiddenInApp } from '../../domain/messages/notification-preferences.ts';
import { NotificationContent } from '../notification-content.tsx';
import { syncClient } from '../../sync/sync-client.ts';
import { relativeTime } from '../relative-time.ts';
import { useTopBarPopover } from './top-bar-popover.ts';

/**
 * The 10 newest notifications the user sees in the app, and how many of those are unread: the unread ones by
 * their mark's index (derived-fields.ts), so the badge never reads a user's whole history of notifications.
 */
export async function readNotificationsPopup(db: StoreDb): Promise<{ newest: UserNotification[]; unread: number }> {
  const hidden = new Set<string>(kindsHiddenInApp(await db.rows<NotificationPreference>('notificationPreferences').toArray()));
  const table = db.rows<UserNotification>('userNotifications');
  const [newest, unread] = await Promise.all([
    table
      .orderBy('dateAdded')
      .reverse()
      .filter((n) => !hidden.has(n.kind))
      .limit(10)
      .toArray(),
    table
      .where('unread')
      .equals(1)
      .filter((n) => !hidden.has(n.kind))
      .count(),
  ]);
  return { newest, unread };
}

/**
 * The 10 newest notifications (spec section 2): unread under Recent, read under EARLIER. Kinds the user
 * turned off in notification settings are left out here and in the count, and stay on the notifications page.
 */
export function NotificationsPopup({ storeId }: { storeId: number }) {
  const [opened, setOpened] = useState(false);
  const popover = useTopBarPopover();
  const data = useLiveQuery(() => readNotificationsPopup(replicaOf(storeId)), [storeId]);
  const newest = data?.newest ?? [];
  const recent = newest.filter((n) => n.dateMarkedRead === null);
  const earlier = newest.filter((n) => n.dateMarkedRead !== null);

  // Marked read in the outbox first (it survives the page load), then the link opens with a full load.
  const open = async (n: UserNotification) => {
    await syncClient().setNotificationRead(n.userNotificationId, true);
    window.location.assign(n.link ?? '/notifications');
  };

  const list = (items: UserNotification[]) =>
    items.map((n) => (
      <UnstyledButton
        key={n.userNotificationId}
        onClick={() => void open(n)}
        p="xs"
        style={{ borderRadius: 4 }}
        aria-label={`Notification: ${n.content.replace(/<[^>]*>/g, '')}`}
      >
        <NotificationContent html={n.content} />
        <Text size="xs" c="dimmed">
          {relativeTime(n.dateAdded)}
        </Text>
      </UnstyledButton>
    ));

  return (
    // The badge wraps the popover, not its target: the target must be the button, which carries aria-expanded.
    <Indicator disabled={!data?.unread} label={data?.unread} size={16} color="error" offset={4}>
      <Popover opened={opened} onChange={setOpened} width="min(360px, calc(100vw - 16px))" {...popover}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={`Notifications${data?.unread ? `: ${data.unread} unread` : ''}`}
          >
            <IconBell size={22} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <Group justify="space-between" px="sm" py="xs">
            <Text fw={600}>Notifications</Text>
            <Anchor component={Link} to="/notification/settings" size="sm" onClick={() => setOpened(false)}>
              Settings
            </Anchor>
          </Group>
          <Divider />
          <ScrollArea h={300} type="auto">
            {newest.length === 0 ? (
              <Text p="md" c="dimmed">
                No Notifications
              </Text>
            ) : (
              <Stack gap={0} p="xs">
                {recent.length > 0 && (
                  <Text size="xs" fw={700} c="dimmed" px="xs">
                    Recent
                  </Text>
                )}
                {list(recent)}
                {earlier.length > 0 && (
                  <Text size="xs" fw={700} c="dimmed" px="xs" mt="xs">
                    EARLIER
                  </Text>
                )}
                {list(earlier)}
              </Stack>
            )}
          </ScrollArea>
          <Divider />
          <Button component={Link} to="/notifications" variant="subtle" fullWidth radius={0} onClick={() => setOpened(false)}>
            SEE ALL NOTIFICATIONS
          </Button>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
