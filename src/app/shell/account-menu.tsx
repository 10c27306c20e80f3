import { Avatar, Button, Group, Menu, Modal, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { roles as roleEnum } from '../../contract/enum-values.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { useAppServices } from '../app-services.ts';
import type { Session } from '../session.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** The user's name, their role at this store, and sign-out (which warns when changes have not been sent). */
export function AccountMenu({ session }: { session: Session }) {
  const { signOut } = useAppServices();
  const [waiting, setWaiting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const roleText = [...new Set(session.roles.map((r) => roleEnum.label(r)))].join(', ') || 'No role at this store';

  const attempt = async (force: boolean) => {
    setBusy(true);
    try {
      const result = await syncClient().signOut(force);
      if (!result.done) {
        setWaiting(result.waiting);
        return;
      }
      await signOut();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {/* Named by its hidden words, the initials shown but not read: an aria-label would leave out the text shown. */}
          <UnstyledButton>
            <VisuallyHidden>Account: {session.user.name}</VisuallyHidden>
            <Avatar color="primary" radius="xl" size="md" aria-hidden>
              {initials(session.user.name)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text fw={600} c="dark" size="sm">
              {session.user.name}
            </Text>
            <Text size="xs">{session.user.email}</Text>
            <Text size="xs">
              {roleText}
              {session.activeStore ? ` at #${session.activeStore.storeNumber}` : ''}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item onClick={() => void attempt(false)} disabled={busy}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={waiting !== null} onClose={() => setWaiting(null)} title="Changes not sent yet" centered>
        <Stack>
          <Text>
            {waiting} {waiting === 1 ? 'change has' : 'changes have'} not reached the server yet. Signing out now deletes
            {waiting === 1 ? ' it' : ' them'} from this device. Stay signed in until you are back online to keep {waiting === 1 ? 'it' : 'them'}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWaiting(null)}>
              Stay signed in
            </Button>
            <Button color="error" loading={busy} onClick={() => void attempt(true)}>
              Sign out and delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
