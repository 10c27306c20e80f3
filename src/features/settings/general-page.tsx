import { Button, Card, CopyButton, Grid, Group, NumberInput, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Temporal } from 'temporal-polyfill';
import { useAppServices } from '../../app/app-services.ts';
import { useSession } from '../../app/session.ts';
import { mapsEnabled, storeMapUrl } from '../../domain/store/store-map.ts';
import { storeLocationFieldsSchema, storeTimeZoneMessages, type StoreLocation } from '../../contract/store-location.ts';
import { fillPath } from '../../contract/fill-path.ts';
import { publicPagePaths } from '../../contract/routes.ts';
import { e164, formatPhone, phoneDigits, textingNumberOf } from '../../domain/people/phone.ts';
import { timeZoneChoices } from '../../domain/calendar/time-zone.ts';
import { mayAssignTextingNumber } from '../../domain/messages/texting.ts';
import { mayReadServiceKey } from '../../domain/app/visibility.ts';
import { ContactsSection, SocialMediaSection } from './contacts-section.tsx';
import { StoreFormFrame, useStoreForm } from './store-form.tsx';

interface GeneralValues extends Record<string, unknown> {
  name: string;
  storeNumber: number | string;
  addressLine1: string;
  city: string;
  state: string;
  postalCode: string;
  phoneNumber: string;
  timeZone: string | null;
  latitude: number | string;
  longitude: number | string;
  googlePlaceId: string;
  twilioPhoneNumber: string;
  serviceKey: string;
  googleReviewUrl: string;
  yelpReviewUrl: string;
}

const values = (store: StoreLocation): GeneralValues => ({
  name: store.name,
  storeNumber: store.storeNumber,
  addressLine1: store.addressLine1 ?? '',
  city: store.city ?? '',
  state: store.state ?? '',
  postalCode: store.postalCode ?? '',
  phoneNumber: formatPhone(store.phoneNumber),
  timeZone: store.timeZone,
  latitude: store.latitude,
  longitude: store.longitude,
  googlePlaceId: store.googlePlaceId,
  twilioPhoneNumber: formatPhone(store.twilioPhoneNumber),
  serviceKey: store.serviceKey ?? '',
  googleReviewUrl: store.googleReviewUrl ?? '',
  yelpReviewUrl: store.yelpReviewUrl ?? '',
});

const orNull = (text: string) => text.trim() || null;
const asNumber = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

/**
 * The store fields the form stands for; the service key only when the person may read it, the texting number
 * only when they may assign it (else each stays as it is).
 */
function fields(form: GeneralValues, mayReadKey: boolean, mayAssignNumber: boolean) {
  return {
    name: form.name.trim(),
    storeNumber: asNumber(form.storeNumber),
    addressLine1: orNull(form.addressLine1),
    city: orNull(form.city),
    state: orNull(form.state),
    postalCode: orNull(form.postalCode),
    phoneNumber: e164(form.phoneNumber) ?? orNull(form.phoneNumber),
    timeZone: form.timeZone,
    latitude: asNumber(form.latitude),
    longitude: asNumber(form.longitude),
    googlePlaceId: form.googlePlaceId.trim(),
    ...(mayAssignNumber ? { twilioPhoneNumber: textingNumberOf(form.twilioPhoneNumber) } : {}),
    ...(mayReadKey ? { serviceKey: orNull(form.serviceKey) } : {}),
    googleReviewUrl: orNull(form.googleReviewUrl),
    yelpReviewUrl: orNull(form.yelpReviewUrl),
  };
}

/** Each field's problem in the contract's words, with plainer ones where people type loosely. */
function validate(form: GeneralValues): Record<string, string | undefined> {
  const problems: Record<string, string | undefined> = {};
  const texting = form.twilioPhoneNumber.trim();
  if (texting && !textingNumberOf(texting))
    problems.twilioPhoneNumber = 'Enter a 10-digit number, e.g. (555) 010-2000 (or +44… abroad), or leave it empty to turn texting off';
  // The server refuses a store with no zone (its calendar and messages follow it): say so here first.
  if (!form.timeZone) problems.timeZone = storeTimeZoneMessages.missing;
  const phone = form.phoneNumber.trim();
  if (phone && phoneDigits(phone).length < 7) problems.phoneNumber = "Enter the store's phone number with its area code";
  const parsed = storeLocationFieldsSchema.partial().safeParse(fields(form, true, true));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      problems[field] ??=
        field === 'storeNumber'
          ? 'Enter the store number, a whole number from 1 to 999999'
          : field === 'latitude'
            ? 'Enter a latitude from -90 to 90'
            : field === 'longitude'
              ? 'Enter a longitude from -180 to 180'
              : field === 'googlePlaceId'
                ? 'Enter the Google place id (find it in Google Maps)'
                : issue.message;
    }
  }
  return problems;
}

/** The store's name, address, time zone, texting number, service key and review links (settings, general). */
export function GeneralPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  if (!store) return null;
  return (
    <Stack gap="md" maw={820}>
      <GeneralForm store={store} mayReadKey={mayReadServiceKey(session!.roles)} mayAssignNumber={mayAssignTextingNumber(session!.user.roles)} />
      <ContactFormLink store={store} />
      <ContactsSection storeId={store.id} />
      <SocialMediaSection storeId={store.id} />
    </Stack>
  );
}

/** The store on the map as it is saved, where the server has a maps key; else the fields alone say where it is. */
function StoreMap({ store }: { store: StoreLocation }) {
  const { mapsKey } = useAppServices();
  if (!mapsEnabled(mapsKey))
    return (
      <Text size="sm" c="dimmed" mb="sm">
        A map shows here once the server has a maps key (MAPS_KEY).
      </Text>
    );
  return (
    <iframe
      title={`${store.name} on the map`}
      src={storeMapUrl(mapsKey, store)}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      style={{ width: '100%', height: 240, border: 0, borderRadius: 'var(--mantine-radius-sm)', marginBottom: 'var(--mantine-spacing-sm)' }}
    />
  );
}

/** Where customers write to the store without signing in: the address to put on the store's website. */
function ContactFormLink({ store }: { store: StoreLocation }) {
  const link = `${window.location.origin}${fillPath(publicPagePaths.contactForm, { contactFormId: store.contactFormId })}`;
  return (
    <Card withBorder>
      <Title order={3} size="h5" mb={4}>
        Contact form
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Put this link on the store's website. Messages sent through it arrive in Messages as Form messages, and the store's contacts are emailed.
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput aria-label="Contact form link" readOnly value={link} style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button component="a" variant="subtle" href={link} target="_blank" rel="noopener">
          Open
        </Button>
      </Group>
    </Card>
  );
}

function GeneralForm({ store, mayReadKey, mayAssignNumber }: { store: StoreLocation; mayReadKey: boolean; mayAssignNumber: boolean }) {
  const state = useStoreForm(store, { values, fields: (form) => fields(form, mayReadKey, mayAssignNumber), validate });
  const zones = useMemo(() => timeZoneChoices(Temporal.Now.instant()), []);
  const { form } = state;
  return (
    <StoreFormFrame store={store} title="General" description="How the store is named and found, and how it reaches customers." state={state}>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Store
        </Title>
        <Stack gap="sm">
          <Grid>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput label="Name" required maxLength={150} {...form.getInputProps('name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NumberInput
                label="Store number"
                required
                min={1}
                max={999_999}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('storeNumber')}
              />
            </Grid.Col>
          </Grid>
          <TextInput label="Address" maxLength={200} autoComplete="street-address" {...form.getInputProps('addressLine1')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="City" maxLength={100} {...form.getInputProps('city')} />
            <TextInput label="State" maxLength={50} {...form.getInputProps('state')} />
            <TextInput label="ZIP code" maxLength={20} {...form.getInputProps('postalCode')} />
          </SimpleGrid>
          <TextInput label="Phone" type="tel" maxLength={30} {...form.getInputProps('phoneNumber')} />
          <Select
            label="Time zone"
            description="The scheduler, reminders and every time shown for this store use it"
            data={zones}
            searchable
            nothingFoundMessage="No time zone of that name"
            placeholder="Choose the store's time zone"
            withAsterisk
            allowDeselect={false}
            {...form.getInputProps('timeZone')}
          />
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Map position
        </Title>
        <StoreMap store={store} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label="Latitude" required min={-90} max={90} decimalScale={6} {...form.getInputProps('latitude')} />
          <NumberInput label="Longitude" required min={-180} max={180} decimalScale={6} {...form.getInputProps('longitude')} />
          <TextInput label="Google place id" required maxLength={300} {...form.getInputProps('googlePlaceId')} />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Texting and traction orders
        </Title>
        <Stack gap="sm">
          {mayAssignNumber ? (
            <TextInput
              label="Texting number"
              type="tel"
              placeholder="No texting number: texting is off"
              description={
                form.values.twilioPhoneNumber.trim()
                  ? 'Customers who prefer texts get them from this number. A number belongs to one store.'
                  : 'Without a texting number the store cannot text: messages from customers who prefer texts are answered by phone.'
              }
              {...form.getInputProps('twilioPhoneNumber')}
            />
          ) : (
            <div>
              <Text size="sm">Texting number: {store.twilioPhoneNumber ? formatPhone(store.twilioPhoneNumber) : 'none, so the store cannot text'}</Text>
              <Text size="xs" c="dimmed">
                The platform's administrators assign texting numbers: ask them to set or change it.
              </Text>
            </div>
          )}
          {mayReadKey ? (
            <PasswordInput
              label="Service key"
              description="Without a service key, traction orders are off for this store."
              maxLength={100}
              placeholder="No service key: traction orders are off"
              {...form.getInputProps('serviceKey')}
            />
          ) : (
            <Text size="sm">Service key: {store.hasServiceKey ? "set (only the store's admins see it)" : 'none, so traction orders are off'}</Text>
          )}
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Review links
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Where happy customers are asked to leave a review after rating their visit.
        </Text>
        <Stack gap="sm">
          <TextInput label="Google review link" type="url" placeholder="https://" maxLength={2000} {...form.getInputProps('googleReviewUrl')} />
          <TextInput label="Yelp review link" type="url" placeholder="https://" maxLength={2000} {...form.getInputProps('yelpReviewUrl')} />
        </Stack>
      </Card>
    </StoreFormFrame>
  );
}
