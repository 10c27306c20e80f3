import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { OutboxEntry } from '../db/store-db.ts';

/** Where a row's change stands when it is still on this device: waiting to be sent, or refused by the server. */
export function WaitingBadge({ entry }: { entry: OutboxEntry | undefined }) {
  if (!entry) return null;
  // Wrapped, never cut to "WAITING …", in a phone's narrow table cell.
  const wraps = { h: 'auto', radius: 'sm', styles: { label: { whiteSpace: 'normal', overflow: 'visible' } } } as const;
  return entry.status === 'failed' ? (
    <Badge color="red" variant="light" title={entry.problem?.detail ?? undefined} {...wraps}>
      Not saved
    </Badge>
  ) : (
    <Badge color="yellow" variant="light" {...wraps}>
      Waiting to send
    </Badge>
  );
}

/**
 * The foot of an edit dialog: remove (asked once more, saying what happens), cancel and save. `onRemove`
 * is absent for a new row.
 */
export function DialogFooter({
  removeLabel,
  removeQuestion,
  onRemove,
  onCancel,
  submitLabel,
}: {
  removeLabel: string;
  removeQuestion: string;
  onRemove?: () => void;
  onCancel: () => void;
  submitLabel: string;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Group justify="space-between">
      {onRemove ? (
        confirming ? (
          <Group gap="xs">
            <Text size="sm">{removeQuestion}</Text>
            <Button color="red" size="xs" onClick={onRemove}>
              {removeLabel}
            </Button>
            <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </Group>
        ) : (
          <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
            {removeLabel}
          </Button>
        )
      ) : (
        <span />
      )}
      <Group gap="xs">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{submitLabel}</Button>
      </Group>
    </Group>
  );
}

/**
 * The edit dialogs of the settings pages: closing with changes asks first, and an action (save, remove)
 * closes the dialog when it is queued or shows why it was not.
 */
export function useEditDialog(onClose: () => void, isDirty: () => boolean, what: string) {
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (isDirty() && !window.confirm(`Leave without saving? Your changes to ${what} will be lost.`)) return;
    onClose();
  };
  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return { error, close, act };
}

/** An edit dialog's frame: the title, what went wrong, the fields, and the foot. */
export function EditDialog({
  title,
  size,
  dialog,
  onSubmit,
  footer,
  children,
}: {
  title: string;
  size?: string;
  dialog: ReturnType<typeof useEditDialog>;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  footer: Omit<Parameters<typeof DialogFooter>[0], 'onCancel'>;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={dialog.close} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {dialog.error && (
            <Alert color="red" title="Not saved">
              {dialog.error}
            </Alert>
          )}
          {children}
          <DialogFooter {...footer} onCancel={dialog.close} />
        </Stack>
      </form>
    </Modal>
  );
}
