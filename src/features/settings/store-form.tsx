import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { focusFirstError } from '../../app/form-focus.ts';
import { offKeepingFocus } from '../../app/keeps-focus.ts';
import { useFollowWhileUntouched, useSectionSave } from '../../app/follow-untouched.ts';
import { LeaveGuard } from '../../app/leave-guard.tsx';
import { useSaveStatus } from '../../app/save-status.ts';
import type { StoreLocation, UpdateStoreLocation } from '../../contract/store-location.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { syncClient } from '../../sync/sync-client.ts';

export interface StoreFormOptions<V> {
  /** The form's values for the store as it is now. */
  values: (store: StoreLocation) => V;
  /** The store fields the values stand for (only those that differ from the store are sent). */
  fields: (values: V) => UpdateStoreLocation;
  /** What is wrong with the values, by form field (the shared rules, in the same words as the server). */
  validate?: (values: V, store: StoreLocation) => Record<string, string | undefined>;
}

export interface StoreForm<V> {
  form: UseFormReturnType<V>;
  submit: (event?: React.FormEvent<HTMLFormElement>) => void;
  error: string | null;
  saved: object | null;
}

/**
 * A form over the active store's own settings: starts from the device's copy, follows changes from other
 * devices while untouched, and on save queues only the changed fields (sent when online).
 */
export function useStoreForm<V extends Record<string, unknown>>(store: StoreLocation, options: StoreFormOptions<V>): StoreForm<V> {
  const current = options.values(store);
  const form = useForm<V>({
    initialValues: current,
    validate: (values) => Object.fromEntries(Object.entries(options.validate?.(values, store) ?? {}).filter(([, message]) => message)),
  });
  useFollowWhileUntouched(form, current);

  const section = useSectionSave(form, async (values: V) => {
    const wanted = options.fields(values);
    const changed = Object.fromEntries(
      Object.entries(wanted).filter(([field, value]) => JSON.stringify(store[field as keyof StoreLocation]) !== JSON.stringify(value)),
    );
    if (Object.keys(changed).length > 0) await syncClient().updateStoreLocation(changed);
  });
  const submit = form.onSubmit(section.submit, focusFirstError(form));
  return { form, submit, error: section.error, saved: section.saved };
}

/** Changes of the store's settings still on this device: waiting to be sent, or refused by the server. */
function useStoreOutbox(storeId: number): OutboxEntry[] | undefined {
  return useLiveQuery(
    () =>
      replicaOf(storeId)
        .outbox.filter((e) => e.collection === 'storeLocations')
        .toArray(),
    [storeId],
  );
}

const storeSettings = { collections: ['storeLocations'] } as const;

/** The frame of a store settings page: title, what it is for, the save bar and where a change stands. */
export function StoreFormFrame<V>({
  store,
  title,
  description,
  state,
  warning,
  children,
}: {
  store: StoreLocation;
  title: string;
  description: string;
  state: StoreForm<V>;
  /** What saving these values would cause that the admin should know first, shown above the save bar. */
  warning?: ReactNode;
  children: ReactNode;
}) {
  const outbox = useStoreOutbox(store.id) ?? [];
  const failed = outbox.find((e) => e.status === 'failed');
  const status = useSaveStatus(store.id, storeSettings, state.saved);
  const dirty = state.form.isDirty();
  return (
    <form onSubmit={state.submit} noValidate>
      <LeaveGuard unsaved={() => state.form.isDirty()} what={`${title.toLowerCase()} settings`} />
      <Stack maw={820} gap="md">
        <div>
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {state.error && (
          <Alert color="red" title="Not saved">
            {state.error}
          </Alert>
        )}
        {failed && (
          <Alert color="red" title="The server refused a change">
            {failed.problem?.detail ?? failed.lastError ?? 'A change of these settings was refused.'} Open the sync status at the top of the screen to retry or
            discard it.
          </Alert>
        )}
        {children}
        {warning}
        {/* Stuck to the bottom of the screen, above the shell's footer (which is fixed there), while the page scrolls. */}
        <Group gap="sm" pos="sticky" bottom="var(--app-shell-footer-offset, 0rem)" py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 1 }}>
          <Button type="submit" {...offKeepingFocus(!dirty)}>
            Save
          </Button>
          <Button variant="default" onClick={() => state.form.reset()} {...offKeepingFocus(!dirty)}>
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
      </Stack>
    </form>
  );
}
