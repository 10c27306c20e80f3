import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { isPlatformAdmin } from '../../domain/roles.ts';
import { activeSystemNotifications } from '../../domain/system-notifications.ts';
import { NotificationContent } from '../notification-content.tsx';
import { syncClient } from '../../sync/sync-client.ts';
import { globalDb, useSession } from '../session.ts';
import { deviceFormatters } from '../store-time.ts';

/** Spec section 9: system notifications are polled every 60 minutes, and not while the page is hidden. */
const systemNotificationPollMs = 3_600_000;

/** Polls while mounted and visible; the notifications land in the global db and are read live from there. */
export function useSystemNotifications(storeId: number | null) {
  // Again when the store changes: a notice may be for some stores only.
  useEffect(() => {
    const poll = () => {
      if (document.visibilityState === 'visible') void syncClient().refreshSystemNotifications();
    };
    poll();
    const timer = setInterval(poll, systemNotificationPollMs);
    return () => clearInterval(timer);
  }, [storeId]);
  return useLiveQuery(async () => activeSystemNotifications(await globalDb.systemNotifications.toArray(), new Date(), storeId), [storeId]) ?? [];
}

/** Low: dismissible info; Medium: warning with Refresh; High: error, and the app goes to the maintenance page. */
export function SystemNotices() {
  const session = useSession();
  const notices = useSystemNotifications(session?.activeStore?.id ?? null);
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState<string[]>([]);
  // The platform's admins are never sent away by a notice: they are the ones who end it (the banner says it).
  const sendAway = notices.some((n) => n.severityLevel === 'High') && !!session && !isPlatformAdmin(session.user.roles);
  useEffect(() => {
    if (sendAway) void navigate({ to: '/system-maintenance', replace: true });
  }, [sendAway, navigate]);

  const shown = notices.filter((n) => !dismissed.includes(n.systemNotificationId));
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {shown.map((n) => {
        const when = <Text size="xs" c="dimmed">{deviceFormatters().dateTimeRange(n.dateStarted, n.dateEnded)}</Text>;
        if (n.severityLevel === 'Low') {
          return (
            <Alert key={n.systemNotificationId} color="primary" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDismissed((d) => [...d, n.systemNotificationId])} role="status">
              <NotificationContent html={n.content} />{when}
            </Alert>
          );
        }
        return (
          <Alert key={n.systemNotificationId} color={n.severityLevel === 'Medium' ? 'yellow' : 'error'} variant="light" role="alert">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div><NotificationContent html={n.content} />{when}</div>
              {n.severityLevel === 'Medium' && <Button size="xs" variant="white" onClick={() => window.location.reload()}>Refresh</Button>}
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}
