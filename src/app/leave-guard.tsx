import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';

/**
 * Asks before leaving a form with changes not saved (a link, the back button, closing the tab): staff get
 * interrupted at the counter, and a half-typed customer should not vanish by a stray click. `unsaved` is
 * asked at the moment of leaving, so a save followed at once by a navigation is not held up.
 */
export function LeaveGuard({ unsaved, what = 'changes' }: { unsaved: () => boolean; what?: string }) {
  const blocker = useBlocker({ shouldBlockFn: () => unsaved(), enableBeforeUnload: unsaved, withResolver: true });
  return (
    <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title="Leave without saving?" centered>
      <Text>Your {what} are not saved. If you leave now, they are lost.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  );
}
