import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconShare2 } from '@tabler/icons-react';
import { useState, useSyncExternalStore } from 'react';
import { installOffer } from '../../domain/app/install-offer.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { installPromptWaiting, promptInstall, readInstallDevice, subscribeInstallPrompt } from '../install-prompt.ts';
import { useAction } from '../use-action.ts';

/**
 * The install prompt of spec section 2: a bottom sheet on mobile devices offering the installed app. Open App
 * shows the browser's install prompt (kept by src/app/install-prompt.ts); iOS Safari, which has none, gets the
 * steps instead. Not Now hides it for good: the time goes into the user's settings (`allTracHideInstallPrompt`,
 * `hiddenAt` here), saved on the device at once and sent when online, so it holds on the user's other devices.
 * Closing it any other way (Escape, a tap outside) only closes it for this visit.
 */
export function InstallSheet({ hiddenAt }: { hiddenAt: string | null }) {
  const [device] = useState(readInstallDevice);
  const promptWaiting = useSyncExternalStore(subscribeInstallPrompt, installPromptWaiting, () => false);
  const [closed, setClosed] = useState(false);
  const { problem, busy, run } = useAction('The choice was not saved.');
  const offer = installOffer(device, { promptWaiting, hiddenAt });
  const opened = offer !== null && !closed;

  const notNow = async () => {
    if (await run(() => syncClient().hideInstallPrompt())) setClosed(true);
  };
  const openApp = async () => {
    // The sheet closes once accepted; a spent prompt is forgotten either way, which closes it too.
    if ((await promptInstall()) === 'accepted') setClosed(true);
  };

  return (
    <Drawer
      opened={opened}
      onClose={() => setClosed(true)}
      position="bottom"
      title="Install AllTrac Staff"
      // As tall as its content, its top corners rounded, above the phone's home indicator (the page is laid out
      // under it: viewport-fit=cover).
      styles={{
        content: { height: 'auto', borderRadius: 'var(--mantine-radius-md) var(--mantine-radius-md) 0 0' },
        title: { fontWeight: 700 },
        body: { paddingBottom: 'calc(var(--mantine-spacing-md) + env(safe-area-inset-bottom))' },
      }}
    >
      <Stack gap="md">
        {offer === 'ios-hint' ? (
          <Text size="sm">
            Install: tap Share
            <IconShare2 size={16} aria-hidden style={{ marginInline: 2, verticalAlign: 'text-bottom' }} />, then Add to Home Screen. It opens full screen and
            works with no signal.
          </Text>
        ) : (
          <Text size="sm">Open AllTrac as an app from your home screen: full screen, and it works with no signal.</Text>
        )}
        {problem && (
          <Text size="sm" c="error" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" wrap="nowrap">
          <Button variant="default" onClick={() => void notNow()} loading={busy}>
            Not Now
          </Button>
          {offer !== 'ios-hint' && <Button onClick={() => void openApp()}>Open App</Button>}
        </Group>
      </Stack>
    </Drawer>
  );
}
