import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { UserNotification } from '../../contract/entities.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { ConflictNotice } from '../../app/conflict-notice.tsx';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { NotificationContent } from '../../app/notification-content.tsx';

const pageSize = 20;

/** Every notification of the user, newest first, a page at a time; each can be marked read or unread. */
export function NotificationsPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const storeId = store?.id ?? null;
  const [shown, setShown] = useState(pageSize);
  const data = useLiveQuery(async () => {
    if (storeId === null) return { items: [] as UserNotification[], total: 0 };
    const table = replicaOf(storeId).rows<UserNotification>('userNotifications');
    const [items, total] = await Promise.all([table.orderBy('dateAdded').reverse().limit(shown).toArray(), table.count()]);
    return { items, total };
  }, [storeId, shown]);
  const formats = store && storeFormatters(store);

  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        Notifications
      </Title>
      {storeId !== null && (
        <ConflictNotice
          storeId={storeId}
          collection="userNotifications"
          keys={data?.items.map((n) => n.userNotificationId)}
          describe={(c) => {
            const readState = (value: unknown) => (value ? 'read' : 'unread');
            const content = data?.items.find((n) => n.userNotificationId === c.key)?.content.replace(/<[^>]*>/g, '') ?? 'a notification';
            return { field: `"${content}"`, mine: readState(c.mine), theirs: readState(c.theirs) };
          }}
        />
      )}
      {data === undefined ? (
        <Text c="dimmed">Loading…</Text>
      ) : data.items.length === 0 ? (
        <Text>No Notifications</Text>
      ) : (
        <>
          {data.items.map((n) => (
            <Card key={n.userNotificationId} withBorder padding="sm" bg={n.dateMarkedRead ? undefined : 'primary.0'}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2}>
                  <NotificationContent html={n.content} />
                  <Text size="xs" c="dimmed">
                    {formats?.dateTime(n.dateAdded)}
                  </Text>
                </Stack>
                <Button size="xs" variant="subtle" onClick={() => void syncClient().setNotificationRead(n.userNotificationId, n.dateMarkedRead === null)}>
                  {n.dateMarkedRead ? 'Mark unread' : 'Mark read'}
                </Button>
              </Group>
            </Card>
          ))}
          {data.total > data.items.length && (
            <Button variant="light" w="fit-content" onClick={() => setShown((n) => n + pageSize)}>
              Show more
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
