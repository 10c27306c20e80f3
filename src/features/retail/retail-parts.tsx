import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import type { z } from 'zod';
import { offKeepingFocus } from '../../app/keeps-focus.ts';
import type { SaveStatus } from '../../app/save-status.ts';
import type { OutboxEntry } from '../../db/store-db.ts';

/**
 * What a person reads under a price the contract's schema refuses (the server's rule, checked here in the
 * form): the words say what to enter. An empty price is refused only when the field needs one.
 */
export function priceProblem(schema: z.ZodType, cents: number, required: boolean): string | undefined {
  if (Number.isNaN(cents)) return required ? 'Enter a price of 0 or more' : undefined;
  const parsed = schema.safeParse(cents);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0]!;
  return issue.code === 'too_big' ? issue.message : 'Enter a price of 0 or more';
}

/** A refused change of a section, with where to retry or discard it. */
export function RefusedAlert({ entries }: { entries: OutboxEntry[] }) {
  const failed = entries.find((e) => e.status === 'failed');
  if (!failed) return null;
  return (
    <Alert color="red" title="The server refused a change">
      {failed.problem?.detail ?? failed.lastError ?? 'A change was refused.'} Open the sync status at the top of the screen to retry or discard it.
    </Alert>
  );
}

/** A section's save bar: Save and Undo while the form has changes, then where the saved change stands. */
export function SaveBar({ dirty, status, onUndo, saveLabel = 'Save' }: { dirty: boolean; status: SaveStatus; onUndo: () => void; saveLabel?: string }) {
  return (
    <Group gap="sm" mt="md">
      <Button type="submit" {...offKeepingFocus(!dirty)}>
        {saveLabel}
      </Button>
      <Button variant="default" onClick={onUndo} {...offKeepingFocus(!dirty)}>
        Undo changes
      </Button>
      {!dirty && status === 'waiting' && (
        <Badge color="yellow" variant="light" role="status">
          Waiting to send
        </Badge>
      )}
      {!dirty && status === 'held' && (
        <Badge color="yellow" variant="light" role="status">
          Waiting behind the refused change
        </Badge>
      )}
      {!dirty && status === 'saved' && (
        <Text size="sm" c="dimmed" role="status">
          Saved
        </Text>
      )}
    </Group>
  );
}
