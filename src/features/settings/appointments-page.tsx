import { Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import type { z } from 'zod';
import { useSession } from '../../app/session.ts';
import { storeLocationFieldsSchema, type StoreLocation } from '../../contract/store-location.ts';
import { appointmentsEnabledFields } from '../../contract/store-week.ts';
import { scoreBandLabels } from '../../domain/figures/ratings.ts';
import { StoreFormFrame, useStoreForm } from './store-form.tsx';

const dayShort = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const intervals = [5, 10, 15, 20, 30, 60].map((n) => ({ value: String(n), label: `${n} minutes` }));

const flagFields = [
  'onlineAppointmentsEnabled',
  'walkInsEnabled',
  'autoAdjustAppointmentTimes',
  'appointmentReminderEnabled',
  'appointmentThankYouEnabled',
  'ratingsEnabled',
  'lowRatingFollowUpEnabled',
  'highRatingFollowUpEnabled',
] as const;

type AppointmentValues = Record<string, unknown> & {
  calendarInterval: string;
  onlineBookingLeadMinutes: number | string;
  onlineBookingHorizonDays: number | string;
  /** In hours on the form, minutes in the store's settings; empty: no cap. */
  onlineBookingDailyCapHours: number | string;
  /** Empty: no cap. */
  onlineBookingOpenRequestsPerDay: number | string;
  onlineBookingOpenRequests: number | string;
  appointmentReminderHoursBefore: number | string;
  appointmentThankYouHoursAfter: number | string;
};

const values = (store: StoreLocation): AppointmentValues => ({
  calendarInterval: String(store.calendarInterval),
  onlineBookingLeadMinutes: store.onlineBookingLeadMinutes,
  onlineBookingHorizonDays: store.onlineBookingHorizonDays,
  onlineBookingDailyCapHours: store.onlineBookingDailyCapMinutes === null ? '' : store.onlineBookingDailyCapMinutes / 60,
  onlineBookingOpenRequestsPerDay: store.onlineBookingOpenRequestsPerDay ?? '',
  onlineBookingOpenRequests: store.onlineBookingOpenRequests ?? '',
  appointmentReminderHoursBefore: store.appointmentReminderHoursBefore,
  appointmentThankYouHoursAfter: store.appointmentThankYouHoursAfter,
  ...Object.fromEntries([...flagFields, ...appointmentsEnabledFields].map((f) => [f, store[f]])),
});

const asNumber = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);
const orNoCap = (value: unknown) => (value === '' ? null : asNumber(value));

function fields(form: AppointmentValues) {
  return {
    ...Object.fromEntries([...flagFields, ...appointmentsEnabledFields].map((f) => [f, form[f] as boolean])),
    calendarInterval: Number(form.calendarInterval),
    onlineBookingLeadMinutes: asNumber(form.onlineBookingLeadMinutes),
    onlineBookingHorizonDays: asNumber(form.onlineBookingHorizonDays),
    onlineBookingDailyCapMinutes: form.onlineBookingDailyCapHours === '' ? null : Math.round(asNumber(form.onlineBookingDailyCapHours) * 60),
    onlineBookingOpenRequestsPerDay: orNoCap(form.onlineBookingOpenRequestsPerDay),
    onlineBookingOpenRequests: orNoCap(form.onlineBookingOpenRequests),
    appointmentReminderHoursBefore: asNumber(form.appointmentReminderHoursBefore),
    appointmentThankYouHoursAfter: asNumber(form.appointmentThankYouHoursAfter),
  };
}

function validate(form: AppointmentValues): Record<string, string | undefined> {
  const hours = storeLocationFieldsSchema.shape.appointmentReminderHoursBefore;
  const shape = storeLocationFieldsSchema.shape;
  const problem = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
  const cap = form.onlineBookingDailyCapHours === '' ? null : Math.round(asNumber(form.onlineBookingDailyCapHours) * 60);
  return {
    onlineBookingLeadMinutes:
      problem(shape.onlineBookingLeadMinutes, asNumber(form.onlineBookingLeadMinutes)) && 'Enter whole minutes from 0 to 10,080 (a week)',
    onlineBookingHorizonDays: problem(shape.onlineBookingHorizonDays, asNumber(form.onlineBookingHorizonDays)) && 'Enter whole days from 1 to 90',
    onlineBookingDailyCapHours: problem(shape.onlineBookingDailyCapMinutes, cap) && 'Enter hours from 1 to 500, or leave it empty for no limit',
    onlineBookingOpenRequestsPerDay:
      problem(shape.onlineBookingOpenRequestsPerDay, orNoCap(form.onlineBookingOpenRequestsPerDay)) &&
      'Enter a whole number from 1 to 500, or leave it empty for no limit',
    onlineBookingOpenRequests:
      problem(shape.onlineBookingOpenRequests, orNoCap(form.onlineBookingOpenRequests)) &&
      'Enter a whole number from 1 to 5,000, or leave it empty for no limit',
    appointmentReminderHoursBefore: hours.safeParse(asNumber(form.appointmentReminderHoursBefore)).success
      ? undefined
      : 'Enter whole hours from 1 to 168 (a week)',
    appointmentThankYouHoursAfter: hours.safeParse(asNumber(form.appointmentThankYouHoursAfter)).success
      ? undefined
      : 'Enter whole hours from 1 to 168 (a week)',
  };
}

/** How the store books (settings, appointments): the calendar's step, booking days, walk-ins, and the messages around a visit. */
export function AppointmentsPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  return store ? <AppointmentsForm store={store} /> : null;
}

function AppointmentsForm({ store }: { store: StoreLocation }) {
  const state = useStoreForm(store, { values, fields, validate });
  const { form } = state;
  const checkbox = (field: string) => form.getInputProps(field, { type: 'checkbox' });
  return (
    <StoreFormFrame
      store={store}
      title="Appointments"
      description="How customers and staff book: the scheduler's time step, booking days, and the messages sent around a visit."
      state={state}
    >
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Booking
        </Title>
        <Stack gap="sm">
          <Select
            label="Calendar interval"
            description="The scheduler's rows and the start times offered"
            data={intervals}
            allowDeselect={false}
            maw={240}
            {...form.getInputProps('calendarInterval')}
          />
          <div>
            <Text size="sm" fw={500}>
              Appointments on
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              Days the store takes appointments (walk-ins follow the opening hours).
            </Text>
            <Group gap="md">
              {appointmentsEnabledFields.map((field, i) => (
                <Checkbox key={field} label={dayShort[i]} aria-label={`Appointments on ${dayNames[i]}s`} {...checkbox(field)} />
              ))}
            </Group>
          </div>
          <Switch
            label="Customers can book online"
            description="From the store's booking page, in the free times the bays really have"
            {...checkbox('onlineAppointmentsEnabled')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label="Notice for online bookings"
              description="Minutes between booking and arrival"
              suffix=" min"
              min={0}
              max={10_080}
              step={15}
              allowDecimal={false}
              clampBehavior="none"
              disabled={!form.values.onlineAppointmentsEnabled}
              {...form.getInputProps('onlineBookingLeadMinutes')}
            />
            <NumberInput
              label="Days ahead offered online"
              description="Today counts as the first"
              suffix=" days"
              min={1}
              max={90}
              allowDecimal={false}
              clampBehavior="none"
              disabled={!form.values.onlineAppointmentsEnabled}
              {...form.getInputProps('onlineBookingHorizonDays')}
            />
            <NumberInput
              label="Daily limit on booked hours"
              description="All bays together; empty for no limit"
              suffix=" h"
              min={1}
              max={500}
              decimalScale={2}
              clampBehavior="none"
              disabled={!form.values.onlineAppointmentsEnabled}
              {...form.getInputProps('onlineBookingDailyCapHours')}
            />
            <NumberInput
              label="Requests waiting, per day"
              description="Unanswered online requests for a day"
              min={1}
              max={500}
              allowDecimal={false}
              clampBehavior="none"
              disabled={!form.values.onlineAppointmentsEnabled}
              {...form.getInputProps('onlineBookingOpenRequestsPerDay')}
            />
            <NumberInput
              label="Requests waiting, in all"
              description="Unanswered, all days; then customers call"
              min={1}
              max={5000}
              allowDecimal={false}
              clampBehavior="none"
              disabled={!form.values.onlineAppointmentsEnabled}
              {...form.getInputProps('onlineBookingOpenRequests')}
            />
          </SimpleGrid>
          <Switch label="Walk-ins welcome" {...checkbox('walkInsEnabled')} />
          <Switch
            label="Move later appointments when one runs over"
            description="Adjusts the start of the resource's next appointments automatically"
            {...checkbox('autoAdjustAppointmentTimes')}
          />
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Messages around a visit
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="xs">
            <Switch label="Send a reminder" {...checkbox('appointmentReminderEnabled')} />
            <NumberInput
              label="Hours before the appointment"
              min={1}
              max={168}
              allowDecimal={false}
              disabled={!form.values.appointmentReminderEnabled}
              maw={240}
              {...form.getInputProps('appointmentReminderHoursBefore')}
            />
          </Stack>
          <Stack gap="xs">
            <Switch label="Send a thank-you" {...checkbox('appointmentThankYouEnabled')} />
            <NumberInput
              label="Hours after the visit"
              min={1}
              max={168}
              allowDecimal={false}
              disabled={!form.values.appointmentThankYouEnabled}
              maw={240}
              {...form.getInputProps('appointmentThankYouHoursAfter')}
            />
          </Stack>
        </SimpleGrid>
        <Stack gap="xs" mt="md">
          <Switch
            label="Ask customers to rate their visit"
            description="The thank-you carries a link to rate the visit ({ratingRequest} in its words)"
            {...checkbox('ratingsEnabled')}
          />
          <Switch
            label="Answer a low rating"
            description={`To ${scoreBandLabels.low}: ask what went wrong (Low Rating More Details Response), and answer their reply (Low Rating Accountability Response). The store is told of every low rating.`}
            disabled={!form.values.ratingsEnabled}
            {...checkbox('lowRatingFollowUpEnabled')}
          />
          <Switch
            label="Thank for a high rating"
            description={`To ${scoreBandLabels.high}: thanks, with a request for a review when the store has a review link (General).`}
            disabled={!form.values.ratingsEnabled}
            {...checkbox('highRatingFollowUpEnabled')}
          />
        </Stack>
      </Card>
    </StoreFormFrame>
  );
}
