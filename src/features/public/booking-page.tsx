import { Alert, Button, Checkbox, Chip, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { RadioButtonGroup } from '../../app/radio-button-group.tsx';
import { takenTimeMessage, type BookingReceipt, type FreeTime, type OnlineBooking } from '../../contract/online-booking.ts';
import { fillPath } from '../../contract/fill-path.ts';
import { apiPaths } from '../../contract/routes.ts';
import { NetworkError } from '../../http/api-client.ts';
import {
  bookingOutcome,
  bookingProblems,
  bookingRequest,
  type CheckOutMethod,
  type ContactMethod,
  contactChoices,
  contactMethodOf,
  dayLabel,
  type Details,
  emptyDetails,
  fieldOrder,
  offlineWords,
  type Sending,
  takenWords,
  timeLabel,
} from './booking-form-model.ts';
import { LoadingPage, NotValidPage, PublicFrame, UnreachablePage } from './public-frame.tsx';
import { publicApi } from './public-api.ts';
import { usePublicParam } from './public-route.ts';
import { type FreeTimesState, useFreeTimes } from './use-free-times.ts';
import { usePublicResource } from './use-public-resource.ts';

/**
 * The alert that says why a request went nowhere, in view and in focus when it appears: on a phone the button that
 * sent it is far below it (issue 46 item 15: "That time just went" was off screen).
 */
function useShownAlert(sending: Sending) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sending.state !== 'taken' && sending.state !== 'problem') return;
    alert.current?.scrollIntoView({ block: 'center' });
    alert.current?.focus({ preventScroll: true });
  }, [sending]);
  return alert;
}

/**
 * A store's booking page (issue 30), public, phone first: the services, waiting or leaving the car, a day and one
 * of its free times (worked out by the server from the store's real capacity), then who is coming. A time taken
 * meanwhile is said so, with the nearest free ones to choose instead. A store that takes no online bookings shows
 * its phone.
 */
export function BookingPage() {
  const contactFormId = usePublicParam('contactFormId');
  const path = fillPath(apiPaths.onlineBooking, { contactFormId });
  const { loaded, refresh, retry } = usePublicResource<OnlineBooking>(path);
  if (loaded.state === 'loading') return <LoadingPage label="Loading the booking page" />;
  if (loaded.state === 'missing')
    return <NotValidPage title="This booking page is not available">Check the link on the store's website, or call the store.</NotValidPage>;
  if (loaded.state === 'unreachable') return <UnreachablePage what="the booking page" onRetry={retry} />;
  const booking = loaded.value;
  // No day of the horizon takes online appointments (closed, or the weekday's appointments off): as good as off.
  if (!booking.open || booking.services.length === 0 || booking.days.every((d) => d.unavailable !== null)) {
    return (
      <PublicFrame storeName={booking.store.name} storePhone={booking.store.phoneNumber}>
        <Stack gap="xs">
          <Title order={1} size="h3">
            Call us to book
          </Title>
          <Text>
            {booking.store.name} is not taking appointments online right now.
            {booking.store.phoneNumber ? ` Call ${booking.store.phoneNumber} and we will find you a time.` : ''}
          </Text>
        </Stack>
      </PublicFrame>
    );
  }
  return <BookingForm contactFormId={contactFormId} path={path} booking={booking} renewToken={refresh} />;
}

const shortDay = (date: string) => dayLabel(date, { weekday: 'short', month: 'short', day: 'numeric' });
const longDay = (date: string) => dayLabel(date, { weekday: 'long', month: 'long', day: 'numeric' });
type Errors = Record<string, string>;

function BookingForm({ contactFormId, path, booking, renewToken }: { contactFormId: string; path: string; booking: OnlineBooking; renewToken: () => void }) {
  const [services, setServices] = useState<string[]>([]);
  const [checkOutMethod, setCheckOutMethod] = useState<CheckOutMethod>('Waiting');
  const bookable = booking.days.filter((d) => d.unavailable === null);
  const [date, setDate] = useState<string | null>(bookable[0]?.date ?? null);
  const [startDate, setStartDate] = useState<string | null>(null);
  const [details, setDetails] = useLocalStorage<Details>({
    key: `alltrac-booking-details:${contactFormId}`,
    defaultValue: emptyDetails,
    getInitialValueInEffect: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const [website, setWebsite] = useState('');
  const { times, reload } = useFreeTimes(contactFormId, { services, checkOutMethod, date });
  const alert = useShownAlert(sending);
  const clearError = (field: string) => setErrors((e) => ({ ...e, [field]: '' }));
  const edit = <K extends keyof Details>(field: K, value: Details[K]) => {
    setDetails((d) => ({ ...d, [field]: value }));
    clearError(field);
  };
  // A time chosen before the services, the day or what was booked since changed is no longer chosen.
  const chosenTime = (times.state === 'ready' ? times.value.times : []).find((t) => t.startDate === startDate);

  /** Says every problem at once, as the server would, and takes the person to the first. */
  function showProblems(found: Errors) {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) document.getElementById(`booking-${first}`)?.focus();
  }

  async function send() {
    const body = bookingRequest({ services, checkOutMethod, startDate: chosenTime?.startDate ?? null, details, website }, booking.store, booking.formToken);
    const found = bookingProblems(body, booking.store.texts);
    if (Object.keys(found).length > 0) return showProblems(found);
    setSending({ state: 'sending' });
    try {
      const outcome = bookingOutcome(await publicApi().request('POST', path, { body }));
      if (outcome.kind === 'sent') setDetails((d) => ({ ...d, comments: '' }));
      if (outcome.kind === 'problems') showProblems(outcome.problems);
      if (outcome.kind === 'taken') {
        setStartDate(null);
        reload();
      }
      if (outcome.kind === 'refused' && outcome.renewToken) renewToken();
      setSending(sendingAfter(outcome));
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      setSending({ state: 'problem', words: offlineWords });
    }
  }

  if (sending.state === 'sent') return <RequestSent booking={booking} receipt={sending.receipt} />;
  return (
    <PublicFrame storeName={booking.store.name} storePhone={booking.store.phoneNumber}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Stack gap="md">
          <Title order={1} size="h3">
            Book an appointment
          </Title>
          {booking.store.address && (
            <Text size="sm" c="dimmed">
              {booking.store.address}
            </Text>
          )}
          <ServicesAndDay
            booking={booking}
            services={services}
            onServices={setServices}
            checkOutMethod={checkOutMethod}
            onCheckOutMethod={setCheckOutMethod}
            date={date}
            onDate={setDate}
            error={errors.storeServiceIds}
          />
          <TimeChoice
            times={times}
            services={services}
            chosen={chosenTime?.startDate ?? null}
            error={errors.startDate}
            onChoose={(time) => {
              setStartDate(time);
              clearError('startDate');
            }}
            onReload={reload}
          />
          {sending.state === 'taken' && (
            <TakenAlert
              ref={alert}
              sending={sending}
              date={date}
              storePhone={booking.store.phoneNumber}
              onChoose={(t) => {
                setSending({ state: 'idle' });
                setDate(t.date);
                setStartDate(t.startDate);
              }}
            />
          )}
          <CustomerDetails booking={booking} details={details} errors={errors} edit={edit} onContactMethod={() => clearError('textConsent')} />
          {/* People never see this field; a bot that fills every field fills it too. */}
          <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
            <label>
              Leave this empty
              <input name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.currentTarget.value)} />
            </label>
          </div>
          {sending.state === 'problem' && (
            <Alert ref={alert} tabIndex={-1} color="error" role="alert">
              {sending.words}
            </Alert>
          )}
          {chosenTime && date && (
            <Text fw={500}>
              {longDay(chosenTime.date)} at {timeLabel(chosenTime.time)} · {checkOutMethod === 'Waiting' ? 'you wait' : 'you drop it off'}
            </Text>
          )}
          <Button type="submit" size="md" loading={sending.state === 'sending'}>
            Request this time
          </Button>
        </Stack>
      </form>
    </PublicFrame>
  );
}

/** The page's state once the server answered (problems stay idle: the fields say them). */
function sendingAfter(outcome: ReturnType<typeof bookingOutcome>): Sending {
  if (outcome.kind === 'sent') return { state: 'sent', receipt: outcome.receipt };
  if (outcome.kind === 'taken') return { state: 'taken', words: outcome.words, nearest: outcome.nearest };
  if (outcome.kind === 'refused') return { state: 'problem', words: outcome.words };
  return { state: 'idle' };
}

function RequestSent({ booking, receipt }: { booking: OnlineBooking; receipt: BookingReceipt }) {
  return (
    <PublicFrame storeName={booking.store.name} storePhone={booking.store.phoneNumber}>
      <Stack gap="xs" role="status">
        <Title order={1} size="h3">
          Request sent
        </Title>
        <Text>
          {booking.store.name} has your request for {longDay(receipt.date)} at {timeLabel(receipt.time)}. We will confirm it shortly.
        </Text>
      </Stack>
    </PublicFrame>
  );
}

function ServicesAndDay(props: {
  booking: OnlineBooking;
  services: string[];
  onServices(ids: string[]): void;
  checkOutMethod: CheckOutMethod;
  onCheckOutMethod(method: CheckOutMethod): void;
  date: string | null;
  onDate(date: string | null): void;
  error: string | undefined;
}) {
  const { booking } = props;
  return (
    <>
      <Chip.Group multiple value={props.services} onChange={props.onServices}>
        <Stack gap={6} role="group" aria-label="Services" id="booking-storeServiceIds" tabIndex={-1}>
          <Text fw={500}>What do you need?</Text>
          <Group gap="xs">
            {booking.services.map((s) => (
              <Chip key={s.storeServiceId} value={s.storeServiceId} size="lg">
                {s.name}
              </Chip>
            ))}
          </Group>
          {props.error && (
            <Text size="sm" c="error">
              {props.error}
            </Text>
          )}
        </Stack>
      </Chip.Group>
      <Stack gap={4}>
        <Text fw={500} id="check-out">
          Will you wait, or leave the car?
        </Text>
        <SegmentedControl
          aria-labelledby="check-out"
          fullWidth
          size="lg"
          value={props.checkOutMethod}
          onChange={(v) => props.onCheckOutMethod(v as CheckOutMethod)}
          data={[
            { value: 'Waiting', label: 'I will wait' },
            { value: 'DropOff', label: 'I will drop it off' },
          ]}
        />
      </Stack>
      <Stack gap={4}>
        <RadioButtonGroup
          label="Day"
          value={props.date}
          onChange={props.onDate}
          options={booking.days.filter((d) => d.unavailable === null).map((d) => ({ value: d.date, label: shortDay(d.date) }))}
        />
        {booking.store.phoneNumber && booking.days.some((d) => d.unavailable === 'appointmentsOff') && (
          <Text size="sm" c="dimmed">
            Some days the store is open are booked by phone only: call {booking.store.phoneNumber}.
          </Text>
        )}
      </Stack>
    </>
  );
}

function TimeChoice(props: {
  times: FreeTimesState;
  services: string[];
  chosen: string | null;
  error: string | undefined;
  onChoose(startDate: string | null): void;
  onReload(): void;
}) {
  const { times } = props;
  if (times.state === 'ready' && times.value.times.length > 0) {
    return (
      <RadioButtonGroup
        id="booking-startDate"
        label="Time"
        value={props.chosen}
        error={props.error}
        options={times.value.times.map((t) => ({ value: t.startDate, label: timeLabel(t.time) }))}
        onChange={props.onChoose}
      />
    );
  }
  return (
    <Stack gap={6} role="group" aria-label="Time" id="booking-startDate" tabIndex={-1}>
      <Text fw={500}>Time</Text>
      {props.services.length === 0 ? (
        <Text size="sm" c="dimmed">
          Choose a service to see the free times.
        </Text>
      ) : times.state === 'loading' ? (
        <Loader size="sm" aria-label="Loading the free times" />
      ) : times.state === 'unreachable' ? (
        <Alert color="yellow">
          The free times could not be loaded.{' '}
          <Button variant="subtle" size="compact-sm" onClick={props.onReload}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Text size="sm">
          {times.state === 'ready' && times.value.unavailable === 'dailyCap' ? 'This day is fully booked.' : 'No free times this day for what you chose.'} Try
          another day.
        </Text>
      )}
      {props.error && (
        <Text size="sm" c="error" role="alert">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}

function TakenAlert({
  ref,
  ...props
}: {
  ref: React.Ref<HTMLDivElement>;
  sending: { words: string; nearest: FreeTime[] };
  date: string | null;
  storePhone: string | null;
  onChoose(time: FreeTime): void;
}) {
  const { sending } = props;
  return (
    <Alert ref={ref} tabIndex={-1} color="yellow" role="alert" title={sending.words === takenTimeMessage ? 'That time just went' : 'Choose another time'}>
      <Text size="sm" mb="xs">
        {takenWords(sending, props.storePhone)}
      </Text>
      <Group gap="xs">
        {sending.nearest.map((t) => (
          <Button key={t.startDate} size="compact-sm" variant="white" onClick={() => props.onChoose(t)}>
            {t.date === props.date ? timeLabel(t.time) : `${shortDay(t.date)}, ${timeLabel(t.time)}`}
          </Button>
        ))}
      </Group>
    </Alert>
  );
}

function CustomerDetails({
  booking,
  details,
  errors,
  edit,
  onContactMethod,
}: {
  booking: OnlineBooking;
  details: Details;
  errors: Errors;
  edit<K extends keyof Details>(field: K, value: Details[K]): void;
  onContactMethod(): void;
}) {
  const text = (field: 'firstName' | 'lastName' | 'phoneNumber' | 'email' | 'vehicle') => ({
    id: `booking-${field}`,
    size: 'md',
    value: details[field],
    error: errors[field] || undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => edit(field, e.currentTarget.value),
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput {...text('firstName')} label="First name" autoComplete="given-name" required />
        <TextInput {...text('lastName')} label="Last name" autoComplete="family-name" required />
      </SimpleGrid>
      <TextInput {...text('phoneNumber')} label="Phone" type="tel" autoComplete="tel" inputMode="tel" required />
      <TextInput {...text('email')} label="Email" type="email" autoComplete="email" inputMode="email" />
      <TextInput {...text('vehicle')} label="Vehicle" description="Year, make and model, or the plate" required />
      <Stack gap={4} id="booking-preferredContactMethod" tabIndex={-1}>
        <Text fw={500} id="contact-by">
          How should we reach you?
        </Text>
        <SegmentedControl
          aria-labelledby="contact-by"
          fullWidth
          size="lg"
          data={contactChoices(booking.store.texts)}
          value={contactMethodOf(details, booking.store.texts)}
          onChange={(v) => {
            edit('preferredContactMethod', v as ContactMethod);
            onContactMethod();
          }}
        />
        {errors.preferredContactMethod && (
          <Text size="sm" c="error">
            {errors.preferredContactMethod}
          </Text>
        )}
      </Stack>
      {booking.store.texts && (
        <Checkbox
          id="booking-textConsent"
          size="md"
          label={`Text me about this appointment. Reply STOP to end texts from ${booking.store.name}.`}
          checked={details.textConsent}
          error={errors.textConsent || undefined}
          onChange={(e) => edit('textConsent', e.currentTarget.checked)}
        />
      )}
      <Textarea
        id="booking-comments"
        size="md"
        label="Anything we should know? (optional)"
        autosize
        minRows={2}
        maxLength={2000}
        value={details.comments}
        error={errors.comments || undefined}
        onChange={(e) => edit('comments', e.currentTarget.value)}
      />
    </>
  );
}
