import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import type { Company } from '../../contract/companies.ts';
import { missingRequiredStoreFields, storeTimeZoneMessages, type CreateStoreLocation, type StoreLocation } from '../../contract/store-location.ts';
import { useAction } from '../../app/use-action.ts';
import { textingNumberOf } from '../../domain/people/phone.ts';
import { timeZoneChoices } from '../../domain/calendar/time-zone.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { EditStoreDialog } from './store-edit-dialog.tsx';
import { placedRefusal, textingNumberWords } from './store-edits.ts';
import { CompanyStores } from './store-list.tsx';

/**
 * What a new store starts with beyond what the form asks (spec section 5 requires each to be set): the usual
 * week and the usual messages, which the store's own Admin changes in its Settings.
 */
const newStoreDefaults = {
  calendarInterval: 15,
  appointmentReminderEnabled: true,
  appointmentReminderHoursBefore: 24,
  appointmentThankYouEnabled: true,
  appointmentThankYouHoursAfter: 2,
  autoAdjustAppointmentTimes: false,
  inspectionReportLinkEnabled: true,
  onlineAppointmentsEnabled: false,
  pickupAndDeliveryEnabled: false,
  ratingsEnabled: true,
  walkInsEnabled: true,
  isOpenMondays: true,
  isOpenTuesdays: true,
  isOpenWednesdays: true,
  isOpenThursdays: true,
  isOpenFridays: true,
  isOpenSaturdays: true,
  isOpenSundays: false,
  mondayAppointmentsEnabled: true,
  tuesdayAppointmentsEnabled: true,
  wednesdayAppointmentsEnabled: true,
  thursdayAppointmentsEnabled: true,
  fridayAppointmentsEnabled: true,
  saturdayAppointmentsEnabled: true,
  sundayAppointmentsEnabled: false,
} as const;

/** The form's words for the fields a person types; the rest have defaults above. */
const fieldWords: Record<string, string> = {
  name: 'Enter the store name',
  storeNumber: 'Enter the store number',
  latitude: 'Enter the latitude',
  longitude: 'Enter the longitude',
  googlePlaceId: 'Enter the Google Place ID',
  alltracCompanyId: 'Choose the company',
};

interface Draft {
  alltracCompanyId: string | null;
  storeNumber: number | string;
  name: string;
  timeZone: string | null;
  latitude: number | string;
  longitude: number | string;
  googlePlaceId: string;
  twilioPhoneNumber: string;
}

function NewStoreDialog({ companies, onCreated, onClose }: { companies: Company[]; onCreated(store: StoreLocation): void; onClose(): void }) {
  const [draft, setDraft] = useState<Draft>({
    alltracCompanyId: null,
    storeNumber: '',
    name: '',
    timeZone: null,
    latitude: '',
    longitude: '',
    googlePlaceId: '',
    twilioPhoneNumber: '',
  });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { problem, busy, run } = useAction('The store was not created.');
  const [zones] = useState(() => timeZoneChoices(Temporal.Now.instant()));
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const numberOrNull = (v: number | string) => (v === '' ? null : Number(v));

  const save = () => {
    const typedNumber = draft.twilioPhoneNumber.trim();
    const model = {
      ...newStoreDefaults,
      name: draft.name.trim() || null,
      storeNumber: numberOrNull(draft.storeNumber),
      latitude: numberOrNull(draft.latitude),
      longitude: numberOrNull(draft.longitude),
      googlePlaceId: draft.googlePlaceId.trim() || null,
      timeZone: draft.timeZone,
      twilioPhoneNumber: typedNumber === '' ? null : textingNumberOf(typedNumber),
      alltracCompanyId: draft.alltracCompanyId === null ? undefined : Number(draft.alltracCompanyId),
    };
    const found = Object.fromEntries(missingRequiredStoreFields(model).map((f) => [f, fieldWords[f] ?? 'Required']));
    if (model.alltracCompanyId === undefined) found.alltracCompanyId = fieldWords.alltracCompanyId!;
    if (typedNumber !== '' && model.twilioPhoneNumber === null) found.twilioPhoneNumber = textingNumberWords;
    if (!model.timeZone) found.timeZone = storeTimeZoneMessages.field;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    // Every required field is checked here first, in the server's rule (missingRequiredStoreFields); what the
    // server still refuses (a number taken, a texting number in use) is said in its words, beside its field.
    void run(async () => {
      const answer = await syncClient().createStore(model as CreateStoreLocation);
      if ('store' in answer) return onCreated(answer.store);
      setProblems(placedRefusal(answer, Object.keys(draft)));
    });
  };
  return (
    <Modal opened onClose={onClose} title="Open a new store" size="lg">
      <Stack gap="sm">
        <Select
          label="Company"
          required
          placeholder="Choose the company"
          data={companies.map((c) => ({ value: String(c.alltracCompanyId), label: `${c.name} (${c.alltracCompanyId})` }))}
          value={draft.alltracCompanyId}
          onChange={(v) => set({ alltracCompanyId: v })}
          error={problems.alltracCompanyId}
          searchable
          data-autofocus
        />
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
          description="One store per number, across every company; leave empty for none yet"
          value={draft.twilioPhoneNumber}
          onChange={(e) => set({ twilioPhoneNumber: e.currentTarget.value })}
          error={problems.twilioPhoneNumber}
        />
        <Text size="xs" c="dimmed">
          It opens Monday to Saturday, takes walk-ins and ratings, sends reminders a day before and thanks two hours after, and takes no online bookings yet:
          its Admin changes these in its Settings.
        </Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={save}>
            Open the store
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Asks before a store is closed, saying what happens to the people who work there. */
function CloseStoreDialog({ store, onClosed, onClose }: { store: StoreLocation; onClosed(): void; onClose(): void }) {
  const { problem, busy, run } = useAction('The store was not closed.');
  return (
    <Modal opened onClose={onClose} title={`Close store #${store.storeNumber} ${store.name}?`}>
      <Stack gap="sm">
        <Text size="sm">
          It leaves every device and list. Whoever had it as their current store moves to their next one; nothing else of the company changes.
        </Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it open
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() =>
              void run(async () => {
                await syncClient().closeStore(store.id);
                onClosed();
              })
            }
          >
            Close the store
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The dealer network's companies and their stores (issue 27): each store's number, name, time zone, texting
 * number, whether traction orders are on and when a device last synced there; a store opened with every required field, changed, or closed.
 */
export function StoresTab({ companies, stores, onChanged }: { companies: Company[]; stores: StoreLocation[]; onChanged(): void }) {
  const [opening, setOpening] = useState(false);
  const [closing, setClosing] = useState<StoreLocation | null>(null);
  const [editing, setEditing] = useState<StoreLocation | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Companies and stores
        </Title>
        <Button onClick={() => setOpening(true)}>New store</Button>
      </Group>
      {companies.map((company) => {
        const own = stores.filter((s) => s.alltracCompanyId === company.alltracCompanyId);
        return (
          <Stack key={company.alltracCompanyId} gap={4} role="group" aria-label={company.name}>
            <Group gap="xs">
              <Title order={3} size="h5">
                {company.name}
              </Title>
              <Text size="sm" c="dimmed">
                company {company.alltracCompanyId} · {own.length} {own.length === 1 ? 'store' : 'stores'}
              </Text>
            </Group>
            {own.length === 0 ? (
              <Text size="sm" c="dimmed">
                No open stores.
              </Text>
            ) : (
              <CompanyStores
                companyName={company.name}
                stores={own}
                activity={new Map(company.storeActivity.map((a) => [a.storeId, a.lastActivityAt]))}
                onEdit={setEditing}
                onClose={setClosing}
              />
            )}
          </Stack>
        );
      })}
      {opening && (
        <NewStoreDialog
          companies={companies}
          onClose={() => setOpening(false)}
          onCreated={() => {
            setOpening(false);
            onChanged();
          }}
        />
      )}
      {editing && (
        <EditStoreDialog
          store={editing}
          companyName={companies.find((c) => c.alltracCompanyId === editing.alltracCompanyId)?.name ?? ''}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
          }}
        />
      )}
      {closing && (
        <CloseStoreDialog
          store={closing}
          onClose={() => setClosing(null)}
          onClosed={() => {
            setClosing(null);
            onChanged();
          }}
        />
      )}
    </Stack>
  );
}
