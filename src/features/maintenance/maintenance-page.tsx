import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { syncClient } from '../../sync/sync-client.ts';
import { globalDb, useSession } from '../../app/session.ts';
import { deviceFormatters } from '../../app/store-time.ts';
import { activeSystemNotifications } from '../../domain/messages/system-notifications.ts';
import { NotificationContent } from '../../app/notification-content.tsx';
import { useSystemNotifications } from '../../app/shell/system-notices.tsx';

/** Where a high-severity system notification sends everyone (spec section 8): what is happening, and a retry. */
export function MaintenancePage() {
  const storeId = useSession()?.activeStore?.id ?? null;
  // Read live, and again when one ends: the worker fetches the notices as soon as the hub says one changed.
  const high = useSystemNotifications(storeId).filter((n) => n.severityLevel === 'High');
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);
  // Sent here by a High notice: once none is left (ended, or moved off this store), back to the app at once.
  const [held, setHeld] = useState(false);
  if (high.length > 0 && !held) setHeld(true);
  const released = held && high.length === 0;
  useEffect(() => {
    if (released) window.location.assign('/');
  }, [released]);

  // Ask the server first: the app would send us straight back here on the last notice it saw.
  const retry = async () => {
    setChecking(true);
    const reached = await syncClient().refreshSystemNotifications();
    const remaining = activeSystemNotifications(await globalDb.systemNotifications.toArray(), new Date(), storeId).some((n) => n.severityLevel === 'High');
    setChecking(false);
    if (reached && !remaining) window.location.assign('/');
    else setStillDown(true);
  };
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          System maintenance
        </Title>
        <Text>AllTrac is down for maintenance. Changes you made on this device are kept and will be sent when it is back.</Text>
        {high.map((n) => (
          <Stack key={n.systemNotificationId} gap={2}>
            <NotificationContent html={n.content} />
            <Text size="sm" c="dimmed">
              {deviceFormatters().dateTimeRange(n.dateStarted, n.dateEnded)}
            </Text>
          </Stack>
        ))}
        {stillDown && (
          <Text c="error.7" role="status">
            Still under maintenance. Try again in a few minutes.
          </Text>
        )}
        <Button w="fit-content" loading={checking} onClick={() => void retry()}>
          Try again
        </Button>
      </Stack>
    </Container>
  );
}
