import { Alert, Button, Checkbox, Chip, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { RadioButtonGroup } from '../../app/radio-button-group.tsx';
import type { checkOutMethods, contactMethods } from '../../contract/enum-values.ts';
import {
  bookingRequestSchema,
  freeTimesSchema,
  onlineBookingSchema,
  takenTimeMessage,
  type BookingReceipt,
  type BookingRequest,
  type FreeTime,
  type FreeTimes,
  type OnlineBooking,
} from '../../contract/online-booking.ts';
import { apiPaths } from '../../contract/routes.ts';
import { bookingRequestProblems } from '../../domain/scheduler/booking-request.ts';
import { NetworkError } from '../../http/api-client.ts';
import { problemOf } from '../../http/problem-of.ts';
import { LoadingPage, NotValidPage, PublicFrame, UnreachablePage } from './public-frame.tsx';
import { publicApi } from './public-api.ts';
import { usePublicParam } from './public-route.ts';
import { usePublicResource } from './use-public-resource.ts';

type ContactMethod = (typeof contactMethods.values)[number];
type CheckOutMethod = (typeof checkOutMethods.values)[number];
/** What the customer types about themselves: kept on their phone until the store has the request. */
interface Details {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  vehicle: string;
  preferredContactMethod: ContactMethod;
  comments: string;
  textConsent: boolean;
}
/** A call until they choose otherwise: texts need the consent box ticked first (issue 46 item 15). */
const emptyDetails: Details = {
  firstName: '',
  lastName: '',
  phoneNumber: '',
  email: '',
  vehicle: '',
  preferredContactMethod: 'Phone',
  comments: '',
  textConsent: false,
};

const dayLabel = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
const timeLabel = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/** The form's fields in the order they are shown: the first with a problem takes the focus. */
const fieldOrder = [
  'storeServiceIds',
  'startDate',
  'firstName',
  'lastName',
  'phoneNumber',
  'email',
  'vehicle',
  'preferredContactMethod',
  'textConsent',
  'comments',
];

type Sending =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'sent'; receipt: BookingReceipt }
  | { state: 'taken'; words: string; nearest: FreeTime[] }
  | { state: 'problem'; words: string };

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
  const path = apiPaths.onlineBooking.replace(':contactFormId', encodeURIComponent(contactFormId));
  const { loaded, refresh, retry } = usePublicResource(path, onlineBookingSchema);
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

function BookingForm({ contactFormId, path, booking, renewToken }: { contactFormId: string; path: string; booking: OnlineBooking; renewToken: () => void }) {
  const [services, setServices] = useState<string[]>([]);
  const [checkOutMethod, setCheckOutMethod] = useState<CheckOutMethod>('Waiting');
  const bookable = booking.days.filter((d) => d.unavailable === null);
  const [date, setDate] = useState<string | null>(bookable[0]?.date ?? null);
  const [loadedTimes, setLoadedTimes] = useState<{ query: string; result: { state: 'unreachable' } | { state: 'ready'; value: FreeTimes } } | null>(null);
  const [startDate, setStartDate] = useState<string | null>(null);
  const [details, setDetails] = useLocalStorage<Details>({
    key: `alltrac-booking-details:${contactFormId}`,
    defaultValue: emptyDetails,
    getInitialValueInEffect: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const [website, setWebsite] = useState('');
  const [reload, setReload] = useState(0);
  const alert = useShownAlert(sending);

  const query =
    date && services.length > 0
      ? `${apiPaths.onlineBookingTimes.replace(':contactFormId', encodeURIComponent(contactFormId))}?services=${services.join(',')}&checkOutMethod=${checkOutMethod}&date=${date}`
      : null;
  useEffect(() => {
    if (!query) return;
    let current = true;
    void publicApi()
      .request('GET', query)
      .then(
        (answer) => {
          if (current)
            setLoadedTimes({ query, result: answer.status === 200 ? { state: 'ready', value: freeTimesSchema.parse(answer.body) } : { state: 'unreachable' } });
        },
        () => {
          if (current) setLoadedTimes({ query, result: { state: 'unreachable' } });
        },
      );
    return () => {
      current = false;
    };
  }, [query, reload]);
  const times = query === null ? { state: 'idle' as const } : loadedTimes?.query === query ? loadedTimes.result : { state: 'loading' as const };

  const edit = <K extends keyof Details>(field: K, value: Details[K]) => {
    setDetails((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const offered = times.state === 'ready' ? times.value.times : [];
  // A time chosen before the services, the day or what was booked since changed is no longer chosen.
  const chosenTime = offered.find((t) => t.startDate === startDate);
  const chosen = chosenTime?.startDate ?? null;

  /** Says every problem at once, as the server would, and takes the person to the first. */
  function showProblems(found: Record<string, string>) {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) document.getElementById(`booking-${first}`)?.focus();
  }

  async function send() {
    const body: BookingRequest = {
      storeServiceIds: services,
      checkOutMethod,
      startDate: chosen ?? '',
      ...details,
      preferredContactMethod: contactMethod,
      email: details.email.trim() || null,
      comments: details.comments.trim() || null,
      textConsent: booking.store.texts && details.textConsent,
      formToken: booking.formToken,
      ...(website ? { website } : {}),
    };
    const checked = bookingRequestSchema.safeParse(body);
    const found: Record<string, string> = checked.success ? {} : Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message]).reverse());
    // The server's own check, word for word: one phone rule, texts only with consent, no links in names.
    for (const [field, words] of Object.entries(bookingRequestProblems(body, booking.store.texts)).reverse()) found[field] ??= words[0]!;
    if (!chosen) found.startDate = services.length === 0 ? 'Choose a service, then a time' : 'Choose a time';
    if (Object.keys(found).length > 0) return showProblems(found);
    setSending({ state: 'sending' });
    try {
      const answer = await publicApi().request('POST', path, { body });
      if (answer.status === 200 || answer.status === 201) {
        setDetails((d) => ({ ...d, comments: '' }));
        return setSending({ state: 'sent', receipt: answer.body as BookingReceipt });
      }
      const problem = problemOf(answer);
      if (answer.status === 400 && problem.errors) {
        showProblems(Object.fromEntries(Object.entries(problem.errors).map(([field, words]) => [field, words[0]!])));
        return setSending({ state: 'idle' });
      }
      if (answer.status === 409 && 'nearest' in (answer.body as object)) {
        setStartDate(null);
        setReload((r) => r + 1);
        return setSending({ state: 'taken', words: problem.detail ?? takenTimeMessage, nearest: (answer.body as { nearest: FreeTime[] }).nearest });
      }
      if (answer.status === 422 && problem.errors?.formToken) renewToken();
      setSending({
        state: 'problem',
        words:
          answer.status >= 500 ? 'Something went wrong on our side. What you entered is kept here: try again in a moment.' : (problem.detail ?? problem.title),
      });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      setSending({ state: 'problem', words: 'There is no connection. What you entered is kept on this phone: send it again when you are back online.' });
    }
  }

  if (sending.state === 'sent') {
    const { receipt } = sending;
    return (
      <PublicFrame storeName={booking.store.name} storePhone={booking.store.phoneNumber}>
        <Stack gap="xs" role="status">
          <Title order={1} size="h3">
            Request sent
          </Title>
          <Text>
            {booking.store.name} has your request for {dayLabel(receipt.date, { weekday: 'long', month: 'long', day: 'numeric' })} at {timeLabel(receipt.time)}.
            We will confirm it shortly.
          </Text>
        </Stack>
      </PublicFrame>
    );
  }
  const methods = [
    { value: 'Phone', label: 'Call me' },
    { value: 'Sms', label: 'Text me' },
    { value: 'Email', label: 'Email me' },
  ].filter((m) => m.value !== 'Sms' || booking.store.texts);
  const contactMethod = methods.some((m) => m.value === details.preferredContactMethod) ? details.preferredContactMethod : 'Phone';
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
          <Chip.Group multiple value={services} onChange={setServices}>
            <Stack gap={6} role="group" aria-label="Services" id="booking-storeServiceIds" tabIndex={-1}>
              <Text fw={500}>What do you need?</Text>
              <Group gap="xs">
                {booking.services.map((s) => (
                  <Chip key={s.storeServiceId} value={s.storeServiceId} size="lg">
                    {s.name}
                  </Chip>
                ))}
              </Group>
              {errors.storeServiceIds && (
                <Text size="sm" c="error">
                  {errors.storeServiceIds}
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
              value={checkOutMethod}
              onChange={(v) => setCheckOutMethod(v as CheckOutMethod)}
              data={[
                { value: 'Waiting', label: 'I will wait' },
                { value: 'DropOff', label: 'I will drop it off' },
              ]}
            />
          </Stack>
          <Stack gap={4}>
            <RadioButtonGroup
              label="Day"
              value={date}
              onChange={setDate}
              options={bookable.map((d) => ({ value: d.date, label: dayLabel(d.date, { weekday: 'short', month: 'short', day: 'numeric' }) }))}
            />
            {booking.store.phoneNumber && booking.days.some((d) => d.unavailable === 'appointmentsOff') && (
              <Text size="sm" c="dimmed">
                Some days the store is open are booked by phone only: call {booking.store.phoneNumber}.
              </Text>
            )}
          </Stack>
          {times.state === 'ready' && offered.length > 0 ? (
            <RadioButtonGroup
              id="booking-startDate"
              label="Time"
              value={chosen}
              error={errors.startDate}
              options={offered.map((t) => ({ value: t.startDate, label: timeLabel(t.time) }))}
              onChange={(startDate) => {
                setStartDate(startDate);
                setErrors((e) => ({ ...e, startDate: '' }));
              }}
            />
          ) : (
            <Stack gap={6} role="group" aria-label="Time" id="booking-startDate" tabIndex={-1}>
              <Text fw={500}>Time</Text>
              {services.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Choose a service to see the free times.
                </Text>
              ) : times.state === 'loading' ? (
                <Loader size="sm" aria-label="Loading the free times" />
              ) : times.state === 'unreachable' ? (
                <Alert color="yellow">
                  The free times could not be loaded.{' '}
                  <Button variant="subtle" size="compact-sm" onClick={() => setReload((r) => r + 1)}>
                    Try again
                  </Button>
                </Alert>
              ) : (
                <Text size="sm">
                  {times.state === 'ready' && times.value.unavailable === 'dailyCap'
                    ? 'This day is fully booked.'
                    : 'No free times this day for what you chose.'}{' '}
                  Try another day.
                </Text>
              )}
              {errors.startDate && (
                <Text size="sm" c="error" role="alert">
                  {errors.startDate}
                </Text>
              )}
            </Stack>
          )}
          {sending.state === 'taken' && (
            <Alert
              ref={alert}
              tabIndex={-1}
              color="yellow"
              role="alert"
              title={sending.words === takenTimeMessage ? 'That time just went' : 'Choose another time'}
            >
              <Text size="sm" mb="xs">
                {sending.nearest.length > 0
                  ? sending.words
                  : `${sending.words.split('.')[0]!}. No free time is near it${booking.store.phoneNumber ? `: call ${booking.store.phoneNumber}` : ''}.`}
              </Text>
              <Group gap="xs">
                {sending.nearest.map((t) => (
                  <Button
                    key={t.startDate}
                    size="compact-sm"
                    variant="white"
                    onClick={() => {
                      setSending({ state: 'idle' });
                      setDate(t.date);
                      setStartDate(t.startDate);
                    }}
                  >
                    {t.date === date ? timeLabel(t.time) : `${dayLabel(t.date, { weekday: 'short', month: 'short', day: 'numeric' })}, ${timeLabel(t.time)}`}
                  </Button>
                ))}
              </Group>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              id="booking-firstName"
              size="md"
              label="First name"
              autoComplete="given-name"
              required
              value={details.firstName}
              error={errors.firstName || undefined}
              onChange={(e) => edit('firstName', e.currentTarget.value)}
            />
            <TextInput
              id="booking-lastName"
              size="md"
              label="Last name"
              autoComplete="family-name"
              required
              value={details.lastName}
              error={errors.lastName || undefined}
              onChange={(e) => edit('lastName', e.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            id="booking-phoneNumber"
            size="md"
            label="Phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            value={details.phoneNumber}
            error={errors.phoneNumber || undefined}
            onChange={(e) => edit('phoneNumber', e.currentTarget.value)}
          />
          <TextInput
            id="booking-email"
            size="md"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={details.email}
            error={errors.email || undefined}
            onChange={(e) => edit('email', e.currentTarget.value)}
          />
          <TextInput
            id="booking-vehicle"
            size="md"
            label="Vehicle"
            description="Year, make and model, or the plate"
            required
            value={details.vehicle}
            error={errors.vehicle || undefined}
            onChange={(e) => edit('vehicle', e.currentTarget.value)}
          />
          <Stack gap={4} id="booking-preferredContactMethod" tabIndex={-1}>
            <Text fw={500} id="contact-by">
              How should we reach you?
            </Text>
            <SegmentedControl
              aria-labelledby="contact-by"
              fullWidth
              size="lg"
              data={methods}
              value={contactMethod}
              onChange={(v) => {
                edit('preferredContactMethod', v as ContactMethod);
                setErrors((e) => ({ ...e, textConsent: '' }));
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
              {dayLabel(chosenTime.date, { weekday: 'long', month: 'long', day: 'numeric' })} at {timeLabel(chosenTime.time)} ·{' '}
              {checkOutMethod === 'Waiting' ? 'you wait' : 'you drop it off'}
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
