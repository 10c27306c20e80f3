import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import type { Customer, CustomerVehicle, SchedulerResource, StoreService } from '../../contract/entities.ts';
import { isTimeOfDay } from '../../contract/store-week.ts';
import { checkOutMethods } from '../../contract/enum-values.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { dateFormats } from '../../domain/calendar/date-format.ts';
import { displayName, licenceText, vehicleTitle } from '../../domain/people/display-name.ts';
import { snapDuration, wallMinutesBetween } from '../../domain/calendar/durations.ts';
import { newHashId } from '../../domain/app/hash-id.ts';
import type { FreeSlot } from '../../domain/scheduler/free-slots.ts';
import { formatPhone } from '../../domain/people/phone.ts';
import { minutesOf } from '../../domain/store/store-hours.ts';
import { wallClockIsoToInstant } from '../../domain/calendar/time-zone.ts';
import { recurrenceProblems } from '../../domain/scheduler/visit-rules.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { PossibleMatches } from '../../app/customers/possible-matches.tsx';
import { searchCustomers } from '../../app/customers/search-replica.ts';
import {
  type AgreedAppointment,
  type AppointmentDraft,
  appointmentBooking,
  appointmentProblems,
  noTires,
  type PickedSlot,
  startingDraft,
  startingPlace,
  whenProblems,
  withBay,
  withCustomer,
  withFitting,
  withServices,
} from './appointment-draft.ts';
import { staffFreeTimes } from './replica-free-times.ts';
import { useBookingCatalogue, type BookingCatalogue } from './use-scheduler.ts';

const minutesBetween = (a: string, b: string) => snapDuration(wallMinutesBetween(a, b));
/** The technician select's value for a job nobody does yet (a select's values are strings). */
const noTechnician = 'nobody';

interface Props {
  store: StoreLocation;
  timeZone: string;
  place: PickedSlot;
  initial?: AgreedAppointment;
  onClose(): void;
}

type FormProps = Props & { catalogue: BookingCatalogue };

/** What to book on an empty slot: an appointment (customer, vehicle, services) or blocked time. */
export function BookingDialog(props: Props) {
  const [tab, setTab] = useState<string | null>('appointment');
  const catalogue = useBookingCatalogue(props.store.id);
  return (
    <Modal opened onClose={props.onClose} title="New on the calendar" size="lg">
      {catalogue ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="appointment">Appointment</Tabs.Tab>
            <Tabs.Tab value="block">Blocked time</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="appointment">
            <AppointmentForm {...props} catalogue={catalogue} />
          </Tabs.Panel>
          <Tabs.Panel value="block">
            <BlockForm {...props} catalogue={catalogue} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Loader size="sm" aria-label="Loading the store's services" />
      )}
    </Modal>
  );
}

/** The day and time of the slot, editable. */
function When({
  date,
  time,
  onDate,
  onTime,
  error,
}: {
  date: string;
  time: string;
  onDate(d: string): void;
  onTime(t: string): void;
  error?: string | undefined;
}) {
  return (
    <Group grow align="flex-start">
      <DatePickerInput label="Date" value={date} onChange={(v) => v && onDate(String(v).slice(0, 10))} valueFormat="ddd, MMM D, YYYY" firstDayOfWeek={1} />
      <TimeInput label="Starts" value={time} onChange={(e) => onTime(e.currentTarget.value)} error={error} />
    </Group>
  );
}

/** Saving a form: one save at a time, the dialog closed once it is done, a failure kept in words. */
function useSave(onClose: () => void) {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = async (work: () => Promise<unknown>) => {
    setSaving(true);
    setFailure(null);
    try {
      await work();
      onClose();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return { saving, failure, save };
}

function Footer({ saving, failure, label, onCancel, onSave }: { saving: boolean; failure: string | null; label: string; onCancel(): void; onSave(): void }) {
  return (
    <>
      {failure && <Alert color="red">{failure}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button loading={saving} onClick={onSave}>
          {label}
        </Button>
      </Group>
    </>
  );
}

function CustomerPicker({ storeId, chosen, onChoose }: { storeId: number; chosen: Customer | null; onChoose(c: Customer | null): void }) {
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const hits = useLiveQuery(async () => (query.trim().length >= 2 ? (await searchCustomers(replicaOf(storeId), query, 8)).hits : []), [storeId, query]);
  if (chosen) {
    return (
      <Group justify="space-between">
        <Stack gap={0}>
          <Text fw={600}>{displayName(chosen)}</Text>
          <Text size="sm" c="dimmed">
            {[formatPhone(chosen.phoneNumber), chosen.email].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Button variant="subtle" onClick={() => onChoose(null)}>
          Change customer
        </Button>
      </Group>
    );
  }
  if (creating) return <NewCustomer storeId={storeId} initial={query} onCreated={onChoose} onCancel={() => setCreating(false)} />;
  return (
    <Stack gap="xs">
      <TextInput label="Customer" placeholder="Name, phone, email or plate" value={query} onChange={(e) => setQuery(e.currentTarget.value)} data-autofocus />
      {hits && hits.length > 0 && (
        <Stack gap={2} role="listbox" aria-label="Matching customers">
          {hits.map((hit) => (
            <UnstyledButton
              key={hit.customer.customerId}
              role="option"
              aria-selected={false}
              onClick={() => onChoose(hit.customer)}
              p={6}
              style={{ borderRadius: 4, border: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm" fw={600}>
                {displayName(hit.customer)}
              </Text>
              <Text size="xs" c="dimmed">
                {[formatPhone(hit.customer.phoneNumber), hit.customer.email, hit.vehicle ? licenceText(hit.vehicle) : null].filter(Boolean).join(' · ')}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      {hits && hits.length === 0 && query.trim().length >= 2 && (
        <Text size="sm" c="dimmed">
          No customer matches “{query}”.
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" onClick={() => setCreating(true)}>
          New customer
        </Button>
      </Group>
    </Stack>
  );
}

/** A customer made on the spot, with the customers screen's warning when they look like someone already here. */
function NewCustomer({ storeId, initial, onCreated, onCancel }: { storeId: number; initial: string; onCreated(c: Customer): void; onCancel(): void }) {
  const looksLikePhone = /\d{3}/.test(initial);
  const [fields, setFields] = useState({
    firstName: looksLikePhone ? '' : (initial.split(' ')[0] ?? ''),
    lastName: looksLikePhone ? '' : initial.split(' ').slice(1).join(' '),
    phoneNumber: looksLikePhone ? initial : '',
    email: '',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof fields) => (e: React.ChangeEvent<HTMLInputElement>) => setFields({ ...fields, [field]: e.currentTarget.value });
  const save = async () => {
    if (!fields.firstName.trim() && !fields.lastName.trim()) return setError("Enter the customer's name.");
    const customer = {
      customerId: crypto.randomUUID(),
      firstName: fields.firstName.trim() || null,
      lastName: fields.lastName.trim() || null,
      companyName: null,
      email: fields.email.trim() || null,
      phoneNumber: fields.phoneNumber.trim() || null,
      preferredContactMethod: !fields.phoneNumber.trim() && fields.email.trim() ? ('Email' as const) : ('Phone' as const),
      addressLine1: null,
      city: null,
      state: null,
      postalCode: null,
      notes: null,
    };
    try {
      await syncClient().createCustomer(customer);
      const stored = await replicaOf(storeId).rows<Customer>('customers').get(customer.customerId);
      if (stored) onCreated(stored);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Stack gap="xs">
      <Group grow>
        <TextInput label="First name" value={fields.firstName} onChange={set('firstName')} data-autofocus />
        <TextInput label="Last name" value={fields.lastName} onChange={set('lastName')} />
      </Group>
      <Group grow>
        <TextInput label="Phone" value={fields.phoneNumber} onChange={set('phoneNumber')} />
        <TextInput label="Email" value={fields.email} onChange={set('email')} />
      </Group>
      <PossibleMatches
        storeId={storeId}
        wanted={{
          firstName: fields.firstName,
          lastName: fields.lastName,
          companyName: null,
          email: fields.email || null,
          phoneNumber: fields.phoneNumber || null,
          alternatePhoneNumber: null,
        }}
      />
      {error && <Alert color="red">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Back to search
        </Button>
        <Button onClick={() => void save()}>Create customer</Button>
      </Group>
    </Stack>
  );
}

function AppointmentForm({ store, timeZone, place, catalogue, initial, onClose }: FormProps) {
  const storeId = store.id;
  const form = useForm<AppointmentDraft>({
    initialValues: startingDraft(place, catalogue, initial),
    validate: (draft) => appointmentProblems(draft, catalogue, initial),
  });
  const draft = form.getValues();
  const change = (next: AppointmentDraft) => form.setValues(next);
  const { saving, failure, save: saveWith } = useSave(onClose);
  const tireOptions = initial?.tireOptions ?? [];
  const vehicles = useLiveQuery(
    async () =>
      draft.customer ? replicaOf(storeId).rows<CustomerVehicle>('customerVehicles').where('customerId').equals(draft.customer.customerId).toArray() : [],
    [storeId, draft.customer?.customerId],
  );
  const chosen = catalogue.services.filter((s) => draft.serviceIds.includes(s.storeServiceId));
  const canDoAll = (id: string) => chosen.every((s) => catalogue.able.some((a) => a.appointmentResourceId === id && a.storeServiceId === s.storeServiceId));
  const today = Temporal.Now.plainDateISO(timeZone).toString();

  const save = () => {
    if (form.validate().hasErrors || !draft.customer) return;
    const context = { initial, timeZone, today, newId: () => crypto.randomUUID(), newHashId };
    const booking = appointmentBooking({ ...draft, customer: draft.customer }, catalogue, context);
    return saveWith(() => syncClient().bookVisit(booking.visit, booking.services, booking.tires));
  };

  return (
    <Stack gap="sm">
      <CustomerPicker storeId={storeId} chosen={draft.customer} onChoose={(c) => change(withCustomer(draft, c))} />
      {form.errors.customer && (
        <Text c="red" size="sm">
          {form.errors.customer}
        </Text>
      )}
      {draft.customer && (
        <Select
          label="Vehicle"
          placeholder={vehicles && vehicles.length === 0 ? 'No vehicles on file' : 'Choose a vehicle'}
          clearable
          {...form.getInputProps('vehicleId')}
          data={(vehicles ?? []).map((v) => ({ value: v.vehicleId, label: [vehicleTitle(v), licenceText(v)].filter(Boolean).join(' · ') }))}
        />
      )}
      <MultiSelect
        label="Services"
        placeholder="Choose services"
        searchable
        value={draft.serviceIds}
        onChange={(ids) => change(withServices(draft, catalogue, ids))}
        data={catalogue.services.map((s) => ({ value: s.storeServiceId, label: `${s.name} (${s.durationInMinutes} min)` }))}
      />
      {tireOptions.length > 0 && (
        <Select
          label="Tires to fit"
          placeholder="Which option is the customer buying?"
          value={draft.fitting}
          onChange={(value) => change(withFitting(draft, initial, value))}
          allowDeselect={false}
          error={form.errors.tires}
          data={[
            ...tireOptions.map((o, i) => ({ value: String(i), label: `${o.name}: ${o.tires.map((t) => `${t.quantity} × ${t.description}`).join(', ')}` })),
            { value: noTires, label: 'No tires yet' },
          ]}
        />
      )}
      <Group grow align="flex-start">
        <Select
          label="Bay"
          required
          value={draft.resourceId}
          allowDeselect={false}
          error={form.errors.resource}
          onChange={(id) => change(withBay(draft, catalogue, id))}
          data={catalogue.columns.map((c) => ({
            value: c.schedulerResourceId,
            label: chosen.length > 0 && !canDoAll(c.schedulerResourceId) ? `${c.name} (not set up for these services)` : c.name,
          }))}
        />
        <Select
          label="Technician"
          value={draft.technicianId ?? noTechnician}
          allowDeselect={false}
          onChange={(v) => form.setFieldValue('technicianId', v === noTechnician || v === null ? null : v)}
          data={[...catalogue.technicians.map((t) => ({ value: t.userId, label: t.name })), { value: noTechnician, label: 'Nobody yet' }]}
        />
      </Group>
      <When
        date={draft.date}
        time={draft.time}
        onDate={(d) => form.setFieldValue('date', d)}
        onTime={(t) => form.setFieldValue('time', t)}
        error={form.errors.time as string | undefined}
      />
      <FreeTimes
        store={store}
        timeZone={timeZone}
        date={draft.date}
        time={draft.time}
        resourceId={draft.resourceId}
        services={chosen}
        columns={catalogue.columns}
        onPick={(slot) => change({ ...withBay(draft, catalogue, slot.jobs[0]!.resourceId), time: slot.time })}
      />
      <NumberInput label="Minutes" description="In steps of 15" min={15} step={15} {...form.getInputProps('minutes')} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          The customer is
        </Text>
        <SegmentedControl
          {...form.getInputProps('status')}
          data={checkOutMethods.values.map((v, i) => ({ value: String(i + 1), label: checkOutMethods.label(v) }))}
          aria-label="The customer is"
        />
      </Stack>
      <Textarea label="Staff notes" autosize minRows={2} {...form.getInputProps('staffNotes')} maxLength={4000} />
      <TextInput label="Key tag" {...form.getInputProps('keyTag')} maxLength={20} w={160} />
      {draft.date === today && <Checkbox label="Walk-in: check the customer in now" {...form.getInputProps('walkIn', { type: 'checkbox' })} />}
      <Footer saving={saving} failure={failure} label="Book" onCancel={onClose} onSave={() => void save()} />
    </Stack>
  );
}

/** How many free times the dialog offers: the nearest to the time in it. */
const freeTimesShown = 6;

/**
 * The free times of the day for the chosen services, nearest to the time in the dialog first, each on the bay the
 * work would go to (the shared rule, over this device's rows): one tap sets the time and the bay.
 */
function FreeTimes({
  store,
  timeZone,
  date,
  time,
  resourceId,
  services,
  columns,
  onPick,
}: {
  store: StoreLocation;
  timeZone: string;
  date: string;
  time: string;
  resourceId: string | null;
  services: readonly StoreService[];
  columns: readonly SchedulerResource[];
  onPick(slot: FreeSlot): void;
}) {
  const serviceKey = services.map((s) => `${s.storeServiceId}:${s.durationInMinutes}`).join();
  const day = useLiveQuery(() => staffFreeTimes(replicaOf(store.id), store, { date, services }, new Date()), [store, date, serviceKey]);
  if (services.length === 0 || day === undefined) return null;
  if (day === null || day.unavailable === 'closed')
    return (
      <Text size="sm" c="dimmed">
        The store is closed this day.
      </Text>
    );
  if (day.slots.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No free time left this day for these services.
      </Text>
    );
  const wanted = isTimeOfDay(time) ? minutesOf(time) : 0;
  const nearest = [...day.slots]
    .sort((a, b) => Math.abs(minutesOf(a.time) - wanted) - Math.abs(minutesOf(b.time) - wanted) || minutesOf(a.time) - minutesOf(b.time))
    .slice(0, freeTimesShown)
    .sort((a, b) => minutesOf(a.time) - minutesOf(b.time));
  const bayName = (id: string) => columns.find((c) => c.schedulerResourceId === id)?.name ?? 'a bay';
  const { time: clock } = dateFormats(timeZone);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="free-times">
        Free for these services
      </Text>
      <Group gap={6} role="group" aria-labelledby="free-times">
        {nearest.map((slot) => {
          const bay = slot.jobs[0]!.resourceId;
          const chosen = slot.time === time && bay === resourceId;
          return (
            <Button key={`${slot.startDate}-${bay}`} size="compact-sm" variant={chosen ? 'filled' : 'light'} aria-pressed={chosen} onClick={() => onPick(slot)}>
              {clock(slot.startDate)} · {bayName(bay)}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}

function BlockForm({ timeZone, place, catalogue, onClose }: FormProps) {
  const starting = startingPlace(place, catalogue.columns);
  const [description, setDescription] = useState('');
  const [resourceId, setResourceId] = useState<string | null>(starting.resourceId ?? 'all');
  const [date, setDate] = useState(place.startDate.slice(0, 10));
  const [time, setTime] = useState(place.startDate.slice(11, 16));
  const [minutes, setMinutes] = useState<number | string>(minutesBetween(place.startDate, place.endDate));
  const [weekly, setWeekly] = useState(false);
  const [until, setUntil] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { saving, failure, save: saveWith } = useSave(onClose);

  const save = () => {
    const found = whenProblems(time, Number(minutes));
    const recurrence = weekly
      ? recurrenceProblems({ startDate: date, recurrenceEndDate: until, durationInMinutes: Number(minutes) }).recurrenceEndDate?.[0]
      : undefined;
    if (recurrence) found.until = `${recurrence}.`;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const column = resourceId === 'all' ? null : resourceId;
    const startDate = wallClockIsoToInstant(`${date}T${time}:00`, timeZone);
    return saveWith(() =>
      weekly
        ? syncClient().createRecurringBlockedTime({
            recurringBlockedTimeId: crypto.randomUUID(),
            resourceId: column,
            startDate: date,
            timeOfDay: time,
            durationInMinutes: Number(minutes),
            description: description.trim() || null,
            recurrenceEndDate: until,
          })
        : syncClient().createBlockedTime({
            blockedTimeId: crypto.randomUUID(),
            resourceId: column,
            startDate,
            endDate: startDate,
            durationInMinutes: Number(minutes),
            description: description.trim() || null,
          }),
    );
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Description"
        placeholder="Lunch, equipment service…"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        maxLength={500}
        data-autofocus
      />
      <Select
        label="Bay"
        value={resourceId}
        onChange={setResourceId}
        allowDeselect={false}
        data={[{ value: 'all', label: 'The whole store' }, ...catalogue.columns.map((c) => ({ value: c.schedulerResourceId, label: c.name }))]}
      />
      <When date={date} time={time} onDate={setDate} onTime={setTime} error={problems.time} />
      <NumberInput label="Minutes" description="In steps of 15" min={15} step={15} value={minutes} onChange={setMinutes} error={problems.minutes} />
      <Checkbox label="Repeat every week" checked={weekly} onChange={(e) => setWeekly(e.currentTarget.checked)} />
      {weekly && (
        <DatePickerInput
          label="Final date"
          description="Leave empty to repeat until it is removed"
          clearable
          value={until}
          onChange={(v) => setUntil(v ? String(v).slice(0, 10) : null)}
          valueFormat="ddd, MMM D, YYYY"
          firstDayOfWeek={1}
          error={problems.until}
        />
      )}
      <Footer saving={saving} failure={failure} label="Block time" onCancel={onClose} onSave={() => void save()} />
    </Stack>
  );
}
