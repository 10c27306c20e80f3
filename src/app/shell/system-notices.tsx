import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { isPlatformAdmin } from '../../domain/people/roles.ts';
import { activeSystemNotifications, nextNoticeChange, stillDismissed } from '../../domain/messages/system-notifications.ts';
import { NotificationContent } from '../notification-content.tsx';
import { syncClient } from '../../sync/sync-client.ts';
import { globalDb, useSession } from '../session.ts';
import { deviceFormatters } from '../store-time.ts';

/** Spec section 9: system notifications are polled every 60 minutes, and not while the page is hidden. */
const systemNotificationPollMs = 3_600_000;

/**
 * Polls while mounted and visible (and the worker fetches again when the hub says a notice changed); the notices land
 * in the global db and are read live from there, and read again when one of them starts or ends.
 */
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
  const [look, setLook] = useState(0);
  const read = useLiveQuery(async () => {
    const all = await globalDb.systemNotifications.toArray();
    const now = new Date();
    return { active: activeSystemNotifications(all, now, storeId), next: nextNoticeChange(all, now)?.getTime() ?? null };
  }, [storeId, look]);
  const next = read?.next ?? null;
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => setLook((n) => n + 1), Math.max(0, next - Date.now()));
    return () => clearTimeout(timer);
  }, [next]);
  return read?.active ?? [];
}

/** Where this device keeps the Low notices a person dismissed (per person: a counter computer is shared). */
const dismissedKey = (userId: string) => `alltrac-dismissed-notices:${userId}`;
const readDismissed = (userId: string | undefined): string[] => {
  if (!userId) return [];
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(dismissedKey(userId)) ?? '[]');
    return Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
};

/** Low: dismissible info (dismissed for good on this device); Medium: warning with Refresh; High: error, and the app goes to the maintenance page. */
export function SystemNotices() {
  const session = useSession();
  const userId = session?.user.userId;
  const notices = useSystemNotifications(session?.activeStore?.id ?? null);
  const navigate = useNavigate();
  // Dismissed here since the page loaded, else as this device kept them for the person.
  const [dismissedHere, setDismissed] = useState<{ userId: string | undefined; ids: string[] } | null>(null);
  const dismissed = dismissedHere && dismissedHere.userId === userId ? dismissedHere.ids : readDismissed(userId);
  const dismiss = (id: string) => {
    const kept = stillDismissed([...dismissed, id], notices);
    setDismissed({ userId, ids: kept });
    if (userId) localStorage.setItem(dismissedKey(userId), JSON.stringify(kept));
  };
  // The platform's admins are never sent away by a notice: they are the ones who end it (the banner says it).
  const sendAway = notices.some((n) => n.severityLevel === 'High') && !!session && !isPlatformAdmin(session.user.roles);
  useEffect(() => {
    if (sendAway) void navigate({ to: '/system-maintenance', replace: true });
  }, [sendAway, navigate]);

  const shown = notices.filter((n) => n.severityLevel !== 'Low' || !dismissed.includes(n.systemNotificationId));
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {shown.map((n) => {
        const when = (
          <Text size="xs" c="dimmed">
            {deviceFormatters().dateTimeRange(n.dateStarted, n.dateEnded)}
          </Text>
        );
        if (n.severityLevel === 'Low') {
          return (
            <Alert
              key={n.systemNotificationId}
              color="primary"
              variant="light"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => dismiss(n.systemNotificationId)}
              role="status"
            >
              <NotificationContent html={n.content} />
              {when}
            </Alert>
          );
        }
        return (
          <Alert key={n.systemNotificationId} color={n.severityLevel === 'Medium' ? 'yellow' : 'error'} variant="light" role="alert">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <NotificationContent html={n.content} />
                {when}
              </div>
              {n.severityLevel === 'Medium' && (
                <Button size="xs" variant="white" onClick={() => window.location.reload()}>
                  Refresh
                </Button>
              )}
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}
