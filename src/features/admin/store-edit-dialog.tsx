import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import type { StoreLocation } from '../../contract/store-location.ts';
import { useAction } from '../../app/use-action.ts';
import { timeZoneChoices } from '../../domain/calendar/time-zone.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { placedRefusal, storeDraftOf, storeEdits, type StoreDraft, type StoreDraftField } from './store-edits.ts';

/**
 * Changes a store's own fields from the dashboard: what the platform's admins manage (name, number, time zone,
 * where it is, its texting number, its service key when it has one). Only what changed is sent.
 */
export function EditStoreDialog({ store, companyName, onSaved, onClose }: { store: StoreLocation; companyName: string; onSaved(): void; onClose(): void }) {
  const [draft, setDraft] = useState<StoreDraft>(() => storeDraftOf(store));
  const [problems, setProblems] = useState<Partial<Record<StoreDraftField, string>>>({});
  const [unchanged, setUnchanged] = useState(false);
  const { problem, busy, run } = useAction('The store was not changed.');
  const zones = useMemo(() => {
    const choices = timeZoneChoices(Temporal.Now.instant());
    // A zone saved before the list was offered still shows as it is, until a listed one is chosen.
    return store.timeZone && !choices.some((z) => z.value === store.timeZone) ? [{ value: store.timeZone, label: store.timeZone }, ...choices] : choices;
  }, [store.timeZone]);
  const set = (change: Partial<StoreDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setUnchanged(false);
  };

  const save = () => {
    const { changes, problems: found } = storeEdits(store, draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(changes).length === 0) {
      setUnchanged(true);
      return;
    }
    void run(async () => {
      const answer = await syncClient().updateStore(store.id, changes);
      if ('store' in answer) return onSaved();
      setProblems(placedRefusal(answer, Object.keys(draft)));
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Edit store #${store.storeNumber} ${store.name}`} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {companyName} (company {store.alltracCompanyId}). Its hours, messages and bookings are changed by its Admin in Settings.
        </Text>
        {/* One above the other on a phone: a store's name is too long for half its width. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <NumberInput
            label="Store number"
            required
            min={1}
            max={999_999}
            allowDecimal={false}
            value={draft.storeNumber}
            onChange={(v) => set({ storeNumber: v })}
            error={problems.storeNumber}
            data-autofocus
          />
          <TextInput label="Name" required maxLength={150} value={draft.name} onChange={(e) => set({ name: e.currentTarget.value })} error={problems.name} />
        </SimpleGrid>
        <Select
          label="Time zone"
          required
          allowDeselect={false}
          placeholder="The store's time zone"
          searchable
          data={zones}
          value={draft.timeZone}
          onChange={(v) => set({ timeZone: v })}
          description="Its calendar, reminders and messages follow it"
          nothingFoundMessage="No such time zone"
          error={problems.timeZone}
        />
        <Group grow align="flex-start">
          <NumberInput
            label="Latitude"
            required
            min={-90}
            max={90}
            decimalScale={6}
            value={draft.latitude}
            onChange={(v) => set({ latitude: v })}
            error={problems.latitude}
          />
          <NumberInput
            label="Longitude"
            required
            min={-180}
            max={180}
            decimalScale={6}
            value={draft.longitude}
            onChange={(v) => set({ longitude: v })}
            error={problems.longitude}
          />
        </Group>
        <TextInput
          label="Google Place ID"
          required
          maxLength={300}
          value={draft.googlePlaceId}
          onChange={(e) => set({ googlePlaceId: e.currentTarget.value })}
          error={problems.googlePlaceId}
        />
        <TextInput
          label="Texting number"
          placeholder="(555) 010-2000"
          inputMode="tel"
          description="One store per number, across every company; empty: the store stops texting"
          value={draft.twilioPhoneNumber}
          onChange={(e) => set({ twilioPhoneNumber: e.currentTarget.value })}
          error={problems.twilioPhoneNumber}
        />
        {store.serviceKey && (
          <TextInput
            label="Service key"
            description="Turns traction orders on; empty turns them off"
            maxLength={100}
            value={draft.serviceKey}
            onChange={(e) => set({ serviceKey: e.currentTarget.value })}
            error={problems.serviceKey}
          />
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {unchanged && (
          <Text size="sm" c="dimmed" ta="right" role="status">
            Nothing changed
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={save}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
