import { Alert, Badge, Button, Card, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCar, IconPlus } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { Customer, Rating, StoreMessage } from '../../contract/entities.ts';
import { textConsentMethods } from '../../contract/enum-values.ts';
import type { TireQuote } from '../../contract/tire-pricing.ts';
import { formatCents } from '../../app/money.ts';
import { formatCalendarDate } from '../../domain/calendar/date-format.ts';
import { focusFirstError } from '../../app/form-focus.ts';
import { offKeepingFocus } from '../../app/keeps-focus.ts';
import { useSaveStatus, type SaveStatus } from '../../app/save-status.ts';
import { ConflictNotice } from '../../app/conflict-notice.tsx';
import { LeaveGuard } from '../../app/leave-guard.tsx';
import { AnchorLink, ButtonLink } from '../../app/links.tsx';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { licenceText, vehicleTitle } from '../../domain/people/display-name.ts';
import { changedFields } from '../../domain/app/json-patch.ts';
import { averageScore, halfStars } from '../../domain/figures/ratings.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { CustomerFields, customerFormProblems, customerFormValues, customerFromForm, firstProblemOf, type CustomerFormValues } from './customer-form.tsx';
import { useCustomer } from './use-customer.ts';
import { useCustomerSummary } from './use-customer-summary.ts';

const fieldLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company',
  phoneNumber: 'Phone',
  alternatePhoneNumber: 'Other phone',
  email: 'Email',
  preferredContactMethod: 'Preferred contact',
  addressLine1: 'Address',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
  notes: 'Notes',
  textConsentMethod: 'Texting consent',
};

/**
 * The customer's edit view (the empty child path of /customers/{customerId}): the details, saved as a patch of
 * the changed fields through the outbox (offline too; nothing is sent when nothing changed), the vehicles,
 * visits, messages and rating at a glance.
 */
export function CustomerEditPage() {
  const session = useSession();
  const { customerId } = useParams({ strict: false }) as { customerId: string };
  const store = session?.activeStore ?? null;
  const data = useCustomer(store?.id ?? 0, customerId);
  if (!store || !data?.customer || !session) return null;
  const { customer } = data;
  return (
    <CustomerEditor key={customer.customerId} storeId={store.id} customer={customer} userName={session.user.name} formatDate={storeFormatters(store).date} />
  );
}

type Outcome = { kind: 'saved' | 'unchanged' } | { kind: 'failed'; text: string };

/** What became of the last save, in words: saved here and still on its way, on the server too, or refused there. */
function outcomeText(outcome: Outcome, status: SaveStatus, online: boolean): string {
  if (outcome.kind === 'failed') return outcome.text;
  if (outcome.kind === 'unchanged') return 'Nothing changed.';
  if (status === 'saved') return 'Saved.';
  if (status === null) return 'Not saved: the server refused this change. The sync status at the top of the screen says why, to retry or discard it.';
  if (status === 'held')
    return 'Saved on this device; sent once the change the server refused is tried again or discarded (the sync status, at the top of the screen).';
  return online ? 'Saved on this device; sending it to the server…' : 'Saved on this device; sent when the app is back online.';
}

function CustomerEditor({
  storeId,
  customer,
  userName,
  formatDate,
}: {
  storeId: number;
  customer: Customer;
  userName: string;
  formatDate: (iso: string) => string;
}) {
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const status = useSaveStatus(storeId, { entity: `customers/${customer.customerId}` }, outcome);
  const form = useForm<CustomerFormValues>({
    mode: 'controlled',
    initialValues: customerFormValues(customer),
    validate: (values) => firstProblemOf(customerFormProblems(values)),
    validateInputOnBlur: true,
  });
  // Changes from elsewhere show at once while nothing is being typed here; typing wins otherwise (and a
  // change of this device that is overwritten later is shown by the conflict notice).
  const fromServer = JSON.stringify(customerFormValues(customer));
  useEffect(() => {
    if (!form.isDirty()) {
      const values = JSON.parse(fromServer) as CustomerFormValues;
      form.setValues(values);
      form.setInitialValues(values);
      form.resetDirty(values);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the row, not the form object
  }, [fromServer]);

  const save = form.onSubmit(async (values) => {
    if (saving) return;
    setSaving(true);
    setOutcome(null);
    try {
      // What the person changed since the values they started from (the form's initial values, which follow
      // the row while nothing is typed): never their stale copy of a field someone else changed meanwhile.
      const now = new Date();
      const mine = changedFields(customerFromForm(form.getInitialValues(), userName, customer, now), customerFromForm(values, userName, customer, now));
      const changed = await syncClient().updateCustomer(customer.customerId, mine);
      form.setInitialValues(values);
      form.resetDirty(values);
      setOutcome({ kind: changed ? 'saved' : 'unchanged' });
    } catch (error) {
      setOutcome({ kind: 'failed', text: `Not saved: ${(error as Error).message}` });
    } finally {
      setSaving(false);
    }
  }, focusFirstError(form));

  const consentNote =
    customer.textConsentMethod && customer.textConsentGivenOn
      ? `Agreed ${formatDate(customer.textConsentGivenOn)} (${textConsentMethods.label(customer.textConsentMethod).toLowerCase()}), recorded by ${customer.textConsentRecordedBy ?? 'staff'}.`
      : null;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={save} noValidate>
          <LeaveGuard unsaved={() => form.isDirty()} what="changes to this customer" />
          <Stack>
            <ConflictNotice
              storeId={storeId}
              collection="customers"
              keys={[customer.customerId]}
              describe={(c) => ({ field: fieldLabels[c.field] ?? c.field, mine: String(c.mine ?? 'empty'), theirs: String(c.theirs ?? 'empty') })}
            />
            <Paper withBorder p="md">
              <CustomerFields form={form} consentNote={consentNote} />
            </Paper>
            {outcome && (
              <Alert color={outcome.kind === 'failed' || (outcome.kind === 'saved' && status === null) ? 'error' : 'secondary'} role="status">
                {outcomeText(outcome, status, navigator.onLine)}
              </Alert>
            )}
            <Group>
              <Button type="submit" {...offKeepingFocus(saving || !form.isDirty())}>
                Save changes
              </Button>
              <Button variant="default" onClick={() => form.reset()} {...offKeepingFocus(saving || !form.isDirty())}>
                Undo changes
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack>
          <Vehicles storeId={storeId} customerId={customer.customerId} />
          <TireQuotes storeId={storeId} customerId={customer.customerId} />
          <VisitsAndRating storeId={storeId} customerId={customer.customerId} formatDate={formatDate} />
          <Messages storeId={storeId} customerId={customer.customerId} formatDate={formatDate} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function Vehicles({ storeId, customerId }: { storeId: number; customerId: string }) {
  const summary = useCustomerSummary(storeId, customerId);
  return (
    <Stack gap="xs" role="region" aria-label="Vehicles">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Vehicles
        </Title>
        <ButtonLink size="xs" variant="light" leftSection={<IconPlus size={14} />} to="/customers/$customerId/vehicles/create" params={{ customerId }}>
          Add vehicle
        </ButtonLink>
      </Group>
      {summary?.vehicles.length === 0 && (
        <Text size="sm" c="dimmed">
          No vehicles yet.
        </Text>
      )}
      <SimpleGrid cols={1} spacing="xs">
        {summary?.vehicles.map((v) => (
          <Card key={v.vehicleId} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconCar size={20} style={{ flexShrink: 0 }} aria-hidden />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {vehicleTitle(v)}
                  </Text>
                  {/* Wrapped, not cut: the plate and the VIN's last characters are what staff compare. */}
                  <Text size="xs" c="dimmed">
                    {[licenceText(v), v.color !== 'Unknown' ? v.color : null, v.tireSize, v.vin ? `VIN …${v.vin.slice(-8)}` : null].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
              </Group>
              <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                <ButtonLink
                  size="xs"
                  variant="subtle"
                  to="/tires"
                  search={{ customerId, vehicleId: v.vehicleId }}
                  aria-label={`Quote tires for ${vehicleTitle(v)}`}
                >
                  Tires
                </ButtonLink>
                <ButtonLink
                  size="xs"
                  variant="subtle"
                  to="/customers/$customerId/vehicles/$vehicleId"
                  params={{ customerId, vehicleId: v.vehicleId }}
                  aria-label={`Edit ${vehicleTitle(v)}`}
                >
                  Edit
                </ButtonLink>
              </Group>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function VisitsAndRating({ storeId, customerId, formatDate }: { storeId: number; customerId: string; formatDate: (iso: string) => string }) {
  const summary = useCustomerSummary(storeId, customerId);
  const scores = useLiveQuery(
    async () =>
      (
        await replicaOf(storeId)
          .rows<Rating>('ratings')
          .filter((r) => r.customerId === customerId)
          .toArray()
      ).map((r) => r.score),
    [storeId, customerId],
  );
  const average = scores ? averageScore(scores) : null;
  return (
    <Card withBorder padding="sm">
      <Stack gap={4}>
        <Group justify="space-between">
          <Text fw={600}>{summary ? `${summary.visitCount} ${summary.visitCount === 1 ? 'visit' : 'visits'} at this store` : 'Visits'}</Text>
          <AnchorLink size="sm" to="/customers/$customerId/appointments" params={{ customerId }}>
            Appointment history
          </AnchorLink>
        </Group>
        {summary?.nextVisit && <Text size="sm">Next visit {formatDate(summary.nextVisit)}</Text>}
        <Text size="sm" c="dimmed">
          {summary?.lastVisit ? `Last visit ${formatDate(summary.lastVisit)}` : 'No visit yet'}
        </Text>
        <Group gap="xs">
          <Text size="sm">Rating</Text>
          {average === null ? (
            <Text size="sm" c="dimmed">
              No ratings yet
            </Text>
          ) : (
            <Badge variant="light" color="secondary" aria-label={`Average rating ${halfStars(average)} of 5 from ${scores!.length}`}>
              {halfStars(average).toFixed(1)} ★ from {scores!.length}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The customer's saved tire quotes, newest first: each option's out-the-door total, reopened at the counter. */
function TireQuotes({ storeId, customerId }: { storeId: number; customerId: string }) {
  const quotes = useLiveQuery(
    async () =>
      (await replicaOf(storeId).rows<TireQuote>('tireQuotes').where('customerId').equals(customerId).toArray())
        .sort((a, b) => b.createdOn.localeCompare(a.createdOn))
        .slice(0, 5),
    [storeId, customerId],
  );
  if (!quotes || quotes.length === 0) return null;
  return (
    <Stack gap="xs" role="region" aria-label="Tire quotes">
      <Title order={2} size="h4">
        Tire quotes
      </Title>
      {quotes.map((q) => (
        <Card key={q.tireQuoteId} withBorder padding="xs">
          <Text size="xs" c="dimmed">
            {formatCalendarDate(q.createdOn)} · good through {formatCalendarDate(q.validUntil)}
          </Text>
          <Text size="sm">{q.options.map((o) => `${o.name} ${formatCents(o.totalInCents)}`).join(' · ')}</Text>
          <AnchorLink size="xs" to="/tires" search={{ quote: q.tireQuoteId }}>
            Open the quote
          </AnchorLink>
        </Card>
      ))}
    </Stack>
  );
}

function Messages({ storeId, customerId, formatDate }: { storeId: number; customerId: string; formatDate: (iso: string) => string }) {
  const messages = useLiveQuery(
    async () =>
      (await replicaOf(storeId).rows<StoreMessage>('storeMessages').where('customerId').equals(customerId).toArray())
        .sort((a, b) => b.sentOn.localeCompare(a.sentOn))
        .slice(0, 3),
    [storeId, customerId],
  );
  if (!messages || messages.length === 0) return null;
  return (
    <Stack gap="xs" role="region" aria-label="Latest messages">
      <Title order={2} size="h4">
        Latest messages
      </Title>
      {messages.map((m) => (
        <Card key={m.storeMessageId} withBorder padding="xs">
          <Text size="xs" c="dimmed">
            {formatDate(m.sentOn)} · {m.messageDirection === 'Inbound' ? 'From the customer' : 'To the customer'}
          </Text>
          <Text size="sm" lineClamp={2}>
            {m.content}
          </Text>
          <AnchorLink size="xs" to="/messages/cus/$messageId/{-$customerId}" params={{ messageId: m.storeMessageId, customerId }}>
            Open the conversation
          </AnchorLink>
        </Card>
      ))}
    </Stack>
  );
}
