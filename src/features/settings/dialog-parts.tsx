import { Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { OutboxEntry } from '../../db/store-db.ts';

/** Where a row's change stands when it is still on this device: waiting to be sent, or refused by the server. */
export function WaitingBadge({ entry }: { entry: OutboxEntry | undefined }) {
  if (!entry) return null;
  return entry.status === 'failed'
    ? <Badge color="red" variant="light" title={entry.problem?.detail ?? undefined}>Not saved</Badge>
    : <Badge color="yellow" variant="light">Waiting to send</Badge>;
}

/**
 * The foot of an edit dialog: remove (asked once more, saying what happens), cancel and save. `onRemove`
 * is absent for a new row.
 */
export function DialogFooter({ removeLabel, removeQuestion, onRemove, onCancel, submitLabel }: {
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
        confirming
          ? <Group gap="xs"><Text size="sm">{removeQuestion}</Text><Button color="red" size="xs" onClick={onRemove}>{removeLabel}</Button><Button variant="default" size="xs" onClick={() => setConfirming(false)}>Keep</Button></Group>
          : <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>{removeLabel}</Button>
      ) : <span />}
      <Group gap="xs">
        <Button variant="default" onClick={onCancel}>Cancel</Button>
        <Button type="submit">{submitLabel}</Button>
      </Group>
    </Group>
  );
}
