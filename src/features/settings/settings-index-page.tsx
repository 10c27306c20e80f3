import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { StoreService } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { isOpenFields } from '../../contract/store-location.ts';
import { AnchorLink } from '../../app/links.tsx';
import { useSession } from '../../app/session.ts';
import { formatPhone } from '../../domain/phone.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { catalogueSummary } from './services-page.tsx';

const dayShort = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "Open Mon–Sat", "Open Mon–Fri, Sun", "Closed every day": the open days in a line. */
export function openDaysSummary(store: Pick<StoreLocation, (typeof isOpenFields)[number]>): string {
  const open = isOpenFields.map((f) => store[f]);
  const runs: string[] = [];
  for (let day = 0; day < 7; day++) {
    if (!open[day]) continue;
    let end = day;
    while (end + 1 < 7 && open[end + 1]) end++;
    runs.push(end === day ? dayShort[day]! : `${dayShort[day]}–${dayShort[end]}`);
    day = end;
  }
  return runs.length === 0 ? 'Closed every day' : `Open ${runs.join(', ')}`;
}

function textingSummary(store: StoreLocation): string {
  return store.twilioPhoneNumber ? `Texting on: ${formatPhone(store.twilioPhoneNumber)}` : 'Texting off: no texting number';
}

function appointmentsSummary(store: StoreLocation): string {
  return [
    `Every ${store.calendarInterval} min`,
    store.onlineAppointmentsEnabled ? 'online booking on' : 'online booking off',
    store.walkInsEnabled ? 'walk-ins on' : 'walk-ins off',
  ].join(', ');
}

/** The settings categories (settings index), each with a line on how it stands now. */
export function SettingsIndexPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const services = useLiveQuery(() => (store ? replicaOf(store.id).rows<StoreService>('storeServices').toArray() : Promise.resolve([] as StoreService[])), [store?.id]);
  const resources = useLiveQuery(() => (store ? replicaOf(store.id).collection('schedulerResources').count() : Promise.resolve(0)), [store?.id]);
  if (!store) return null;
  const categories: { to: string; title: string; summary: string }[] = [
    { to: '/settings/general', title: 'General', summary: `#${store.storeNumber} ${store.name} · ${textingSummary(store)}` },
    { to: '/settings/hours', title: 'Hours', summary: openDaysSummary(store) },
    { to: '/settings/appointments', title: 'Appointments', summary: appointmentsSummary(store) },
    { to: '/settings/services', title: 'Services', summary: services ? catalogueSummary(services) : 'Loading…' },
    { to: '/settings/resources', title: 'Resources', summary: resources === undefined ? 'Loading…' : `${resources} ${resources === 1 ? 'column' : 'columns'} on the scheduler` },
    { to: '/settings/inspection-reports', title: 'Inspection Reports', summary: store.inspectionReportLinkEnabled ? 'Report link sent to customers' : 'Report link off' },
    { to: '/settings/pickupanddelivery', title: 'Pickup and Delivery', summary: store.pickupAndDeliveryEnabled ? 'Offered' : 'Not offered' },
    { to: '/settings/users', title: 'Users', summary: 'Who works here, and their roles' },
  ];
  return (
    <Stack maw={960}>
      <Title order={1} size="h2">Settings</Title>
      <Text c="dimmed" size="sm">{store.name} (#{store.storeNumber})</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {categories.map((c) => (
          <Card key={c.to} withBorder padding="md">
            <AnchorLink to={c.to} fw={600}>{c.title}</AnchorLink>
            <Text size="sm" c="dimmed" mt={4}>{c.summary}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
