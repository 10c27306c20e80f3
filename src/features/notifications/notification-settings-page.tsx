import { Alert, Anchor, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { NotificationPreference } from '../../contract/entities.ts';
import { userNotificationKinds, type UserNotificationKind } from '../../contract/enum-values.ts';
import { ConflictNotice } from '../../app/conflict-notice.tsx';
import { useSession } from '../../app/session.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { allPreferences, kindDescriptions } from '../../domain/messages/notification-preferences.ts';
import { syncClient } from '../../sync/sync-client.ts';

/**
 * Which kinds of notification the bell shows (docs/decisions/shell-and-pwa.md). A change is saved on the device at once
 * and sent with the other changes, so it works offline and follows the user to their other devices.
 */
export function NotificationSettingsPage() {
  const session = useSession();
  const storeId = session?.activeStore?.id ?? null;
  const userId = session?.user.userId;
  const [error, setError] = useState<string | null>(null);
  const preferences = useLiveQuery(async () => {
    if (storeId === null || !userId) return undefined;
    return allPreferences(await replicaOf(storeId).rows<NotificationPreference>('notificationPreferences').toArray(), userId);
  }, [storeId, userId]);

  const change = async (kind: UserNotificationKind, inApp: boolean) => {
    setError(null);
    try {
      await syncClient().setNotificationPreference(kind, inApp);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        Notification Settings
      </Title>
      <Text>
        Choose which notifications the bell shows and counts as unread. Turned-off kinds still appear on the{' '}
        <Anchor component={Link} to="/notifications" underline="always">
          Notifications
        </Anchor>{' '}
        page.
      </Text>
      {error && (
        <Alert color="error" title="The setting was not changed">
          {error}
        </Alert>
      )}
      {storeId !== null && (
        <ConflictNotice
          storeId={storeId}
          collection="notificationPreferences"
          describe={(c) => ({
            field: `"Show in app" for ${userNotificationKinds.label(c.key.split('/')[1] as UserNotificationKind)}`,
            mine: c.mine ? 'On' : 'Off',
            theirs: c.theirs ? 'On' : 'Off',
          })}
        />
      )}
      {preferences === undefined ? (
        <Text c="dimmed">Loading…</Text>
      ) : (
        <Card withBorder padding={0}>
          {preferences.map((p, i) => (
            <Group
              key={p.kind}
              justify="space-between"
              wrap="nowrap"
              p="md"
              style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} id={`kind-${p.kind}`}>
                  {userNotificationKinds.label(p.kind)}
                </Text>
                <Text size="sm" c="dimmed">
                  {kindDescriptions[p.kind]}
                </Text>
              </Stack>
              <Switch
                checked={p.inApp}
                onChange={(event) => void change(p.kind, event.currentTarget.checked)}
                label="Show in app"
                labelPosition="left"
                styles={{ label: { whiteSpace: 'nowrap' } }}
                aria-label={`${userNotificationKinds.label(p.kind)}: show in app`}
                aria-describedby={`kind-${p.kind}`}
              />
            </Group>
          ))}
        </Card>
      )}
    </Stack>
  );
}
