import { Button, Card, Checkbox, Grid, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { focusFirstError } from '../../app/form-focus.ts';
import { useSession } from '../../app/session.ts';
import type { SpecialStoreHours } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { isOpenFields, weekdayHoursFields } from '../../contract/store-week.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { formatCalendarDate } from '../../domain/calendar/date-format.ts';
import { bookingsLeftOutside, specialHoursProblems, timeText, weekdayHoursProblems, type Booking, type WeekdayHours } from '../../domain/store/store-hours.ts';
import { storeTimeZone } from '../../domain/calendar/time-zone.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { EditDialog, useEditDialog, WaitingBadge } from '../../app/edit-dialog.tsx';
import { LeftOutsideWarning, useUpcomingBookings } from './hours-conflicts.tsx';
import { StoreFormFrame, useStoreForm } from './store-form.tsx';

const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const hoursOf = (store: StoreLocation): WeekdayHours & Record<string, unknown> =>
  Object.fromEntries(
    weekdayHoursFields.flatMap((d, i) => [
      [isOpenFields[i]!, store[isOpenFields[i]!]],
      [d.open, store[d.open]],
      [d.close, store[d.close]],
    ]),
  ) as WeekdayHours & Record<string, unknown>;

const firstOf = (problems: Record<string, string[]>) => Object.fromEntries(Object.entries(problems).map(([field, messages]) => [field, messages[0]]));

/** The store's weekly hours and its special days (settings, hours): the scheduler's grid follows them. */
export function HoursPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  if (!store) return null;
  return <StoreHours store={store} />;
}

function StoreHours({ store }: { store: StoreLocation }) {
  const special = useSpecialDays(store.id);
  const bookings = useUpcomingBookings(store) ?? [];
  return (
    <Stack maw={820} gap="xl">
      <WeeklyHours store={store} special={special?.days ?? []} bookings={bookings} />
      <SpecialDays store={store} special={special} bookings={bookings} />
    </Stack>
  );
}

function WeeklyHours({ store, special, bookings }: { store: StoreLocation; special: SpecialStoreHours[]; bookings: Booking[] }) {
  const state = useStoreForm(store, { values: hoursOf, fields: (v) => v, validate: (v) => firstOf(weekdayHoursProblems(v)) });
  const { form } = state;
  // Checked as the admin types, once the hours read as hours: which appointments the new week leaves outside.
  const outside =
    form.isDirty() && Object.keys(weekdayHoursProblems(form.values)).length === 0
      ? bookingsLeftOutside({ store, special }, { store: form.values, special }, bookings)
      : [];
  return (
    <StoreFormFrame
      store={store}
      title="Hours"
      description="When the store is open each week. The scheduler shows these hours, and customers book within them."
      state={state}
      warning={<LeftOutsideWarning store={store} bookings={outside} />}
    >
      <Card withBorder padding="sm">
        <Stack gap={0}>
          {weekdayHoursFields.map((d, i) => {
            const open = form.values[isOpenFields[i]!] as boolean;
            return (
              <Grid key={d.day} align="center" py={6} style={{ borderBottom: i < 6 ? '1px solid var(--mantine-color-default-border)' : undefined }}>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <Switch label={dayNames[i]} aria-label={`Open on ${dayNames[i]}s`} {...form.getInputProps(isOpenFields[i]!, { type: 'checkbox' })} />
                </Grid.Col>
                {open ? (
                  <>
                    <Grid.Col span={{ base: 6, sm: 4 }}>
                      <TimeInput
                        aria-label={`${dayNames[i]} opens`}
                        leftSection={
                          <Text size="xs" c="dimmed">
                            from
                          </Text>
                        }
                        leftSectionWidth={44}
                        {...form.getInputProps(d.open)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 6, sm: 4 }}>
                      <TimeInput
                        aria-label={`${dayNames[i]} closes`}
                        leftSection={
                          <Text size="xs" c="dimmed">
                            to
                          </Text>
                        }
                        leftSectionWidth={32}
                        {...form.getInputProps(d.close)}
                      />
                    </Grid.Col>
                  </>
                ) : (
                  <Grid.Col span={{ base: 12, sm: 8 }}>
                    <Text size="sm" c="dimmed">
                      Closed
                    </Text>
                  </Grid.Col>
                )}
              </Grid>
            );
          })}
        </Stack>
      </Card>
    </StoreFormFrame>
  );
}

function useSpecialDays(storeId: number) {
  return useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const [days, outbox] = await Promise.all([
      db.rows<SpecialStoreHours>('specialStoreHours').orderBy('date').toArray(),
      db.outbox.filter((e) => e.collection === 'specialStoreHours').toArray(),
    ]);
    return { days, waiting: new Map(outbox.map((e) => [e.key, e])) };
  }, [storeId]);
}

function SpecialDays({ store, special, bookings }: { store: StoreLocation; special: ReturnType<typeof useSpecialDays>; bookings: Booking[] }) {
  const [editing, setEditing] = useState<SpecialStoreHours | 'new' | null>(null);
  const today = Temporal.Now.plainDateISO(storeTimeZone(store.timeZone)).toString();
  const days = special?.days ?? [];
  const coming = days.filter((d) => d.date >= today);
  const past = days.length - coming.length;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <div>
          <Title order={2} size="h3">
            Special hours
          </Title>
          <Text size="sm" c="dimmed">
            Holidays, short days and closures: on these dates they replace the weekly hours.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add special hours
        </Button>
      </Group>
      {special && coming.length === 0 && <Text c="dimmed">No special hours coming up.</Text>}
      {coming.length > 0 && (
        <Card withBorder padding="sm">
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Hours</Table.Th>
                <Table.Th visibleFrom="sm">Note</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {coming.map((day) => (
                <Table.Tr key={day.specialStoreHoursId}>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      px={0}
                      onClick={() => setEditing(day)}
                      aria-label={`Edit special hours on ${formatCalendarDate(day.date)}`}
                    >
                      {formatCalendarDate(day.date)}
                    </Button>
                  </Table.Td>
                  <Table.Td>{day.isClosed ? 'Closed' : `${timeText(day.openTime!)} – ${timeText(day.closeTime!)}`}</Table.Td>
                  <Table.Td visibleFrom="sm">{day.description}</Table.Td>
                  <Table.Td>
                    <WaitingBadge entry={special?.waiting.get(day.specialStoreHoursId)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      {past > 0 && (
        <Text size="xs" c="dimmed">
          {past} past {past === 1 ? 'day is' : 'days are'} kept for the calendar&apos;s history.
        </Text>
      )}
      {editing !== null && (
        <SpecialDayDialog store={store} bookings={bookings} day={editing === 'new' ? null : editing} taken={days} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

interface DayValues {
  date: string | null;
  isClosed: boolean;
  openTime: string;
  closeTime: string;
  description: string;
}

function SpecialDayDialog({
  store,
  bookings,
  day,
  taken,
  onClose,
}: {
  store: StoreLocation;
  bookings: Booking[];
  day: SpecialStoreHours | null;
  taken: SpecialStoreHours[];
  onClose: () => void;
}) {
  const form = useForm<DayValues>({
    initialValues: {
      date: day?.date ?? null,
      isClosed: day?.isClosed ?? true,
      openTime: day?.openTime ?? '08:00',
      closeTime: day?.closeTime ?? '14:00',
      description: day?.description ?? '',
    },
    validate: (v) => {
      const problems: Record<string, string | undefined> = firstOf(
        specialHoursProblems({ isClosed: v.isClosed, openTime: v.openTime || null, closeTime: v.closeTime || null }),
      );
      if (!v.date) problems.date = 'Choose the date';
      else if (taken.some((d) => d.date === v.date && d.specialStoreHoursId !== day?.specialStoreHoursId))
        problems.date = 'This date already has special hours; change those instead';
      return problems;
    },
  });
  const dialog = useEditDialog(onClose, form.isDirty, 'these special hours');
  // The day as it would be, once it reads as a day: the appointments it leaves outside its hours.
  const v = form.values;
  const hours = { isClosed: v.isClosed, openTime: v.isClosed ? null : v.openTime || null, closeTime: v.isClosed ? null : v.closeTime || null };
  const outside =
    v.date && Object.keys(specialHoursProblems(hours)).length === 0
      ? bookingsLeftOutside(
          { store, special: taken },
          { store, special: [...taken.filter((d) => d.specialStoreHoursId !== day?.specialStoreHoursId), { date: v.date, ...hours }] },
          bookings,
        )
      : [];
  const save = form.onSubmit((v) => {
    const fields = {
      date: v.date!,
      isClosed: v.isClosed,
      openTime: v.isClosed ? null : v.openTime,
      closeTime: v.isClosed ? null : v.closeTime,
      description: v.description.trim() || null,
    };
    void dialog.act(() =>
      day
        ? syncClient().updateSpecialStoreHours(day.specialStoreHoursId, fields)
        : syncClient().createSpecialStoreHours({ ...fields, specialStoreHoursId: crypto.randomUUID() }),
    );
  }, focusFirstError(form));
  return (
    <EditDialog
      title={day ? `Special hours on ${formatCalendarDate(day.date)}` : 'Add special hours'}
      dialog={dialog}
      onSubmit={save}
      footer={{
        removeLabel: 'Remove',
        removeQuestion: 'Remove these special hours?',
        submitLabel: day ? 'Save' : 'Add',
        onRemove: day ? () => void dialog.act(() => syncClient().deleteSpecialStoreHours(day.specialStoreHoursId)) : undefined,
      }}
    >
      <DatePickerInput label="Date" required valueFormat="ddd, MMM D, YYYY" placeholder="Choose a date" {...form.getInputProps('date')} />
      <Checkbox label="Closed all day" {...form.getInputProps('isClosed', { type: 'checkbox' })} />
      {!form.values.isClosed && (
        <Group grow align="flex-start">
          <TimeInput label="Opens" required {...form.getInputProps('openTime')} />
          <TimeInput label="Closes" required {...form.getInputProps('closeTime')} />
        </Group>
      )}
      <TextInput label="Note" description="Shown to staff on the calendar, e.g. Christmas Eve" maxLength={200} {...form.getInputProps('description')} />
      <LeftOutsideWarning store={store} bookings={outside} />
    </EditDialog>
  );
}
