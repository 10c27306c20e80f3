import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { StoreService } from '../../contract/entities.ts';
import { messageTemplateTypes } from '../../contract/enum-values.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { AnchorLink } from '../../app/links.tsx';
import { useSession } from '../../app/session.ts';
import { formatPhone } from '../../domain/people/phone.ts';
import { isTemplateType } from '../../domain/messages/message-templates.ts';
import { pickupSummary } from '../../domain/store/pickup-rules.ts';
import { hoursSummary } from '../../domain/store/store-hours.ts';
import { textingEnabled } from '../../domain/messages/texting.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { catalogueSummary } from './services-page.tsx';
import { settingsCategories } from './settings-layout.tsx';

const templateCount = messageTemplateTypes.values.filter(isTemplateType).length;

function textingSummary(store: StoreLocation): string {
  return textingEnabled(store) ? `Texting on: ${formatPhone(store.twilioPhoneNumber)}` : 'Texting off: no texting number';
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
  const services = useLiveQuery(
    () => (store ? replicaOf(store.id).rows<StoreService>('storeServices').toArray() : Promise.resolve([] as StoreService[])),
    [store?.id],
  );
  const people = useLiveQuery(() => (store ? replicaOf(store.id).collection('storeStaff').count() : Promise.resolve(0)), [store?.id]);
  const ownTemplates = useLiveQuery(() => (store ? replicaOf(store.id).collection('messageTemplates').count() : Promise.resolve(0)), [store?.id]);
  const resources = useLiveQuery(() => (store ? replicaOf(store.id).collection('schedulerResources').count() : Promise.resolve(0)), [store?.id]);
  if (!store) return null;
  const summaries: Record<(typeof settingsCategories)[number]['to'], string> = {
    '/settings/general': `#${store.storeNumber} ${store.name} · ${textingSummary(store)}`,
    '/settings/hours': hoursSummary(store),
    '/settings/appointments': appointmentsSummary(store),
    '/settings/services': services ? catalogueSummary(services) : 'Loading…',
    '/settings/resources': resources === undefined ? 'Loading…' : `${resources} ${resources === 1 ? 'column' : 'columns'} on the scheduler`,
    '/settings/inspection-reports': store.inspectionReportLinkEnabled ? 'Report link sent to customers' : 'Report link off',
    '/settings/pickupanddelivery': pickupSummary(store),
    '/settings/message-templates':
      ownTemplates === undefined ? 'Loading…' : ownTemplates === 0 ? 'The default words' : `${ownTemplates} of ${templateCount} in the store's own words`,
    '/settings/users': people === undefined ? 'Loading…' : `${people} ${people === 1 ? 'person works' : 'people work'} here`,
    '/settings/message-sink': 'Texts and emails kept instead of sent, when no texting or email service is set up',
  };
  const categories = settingsCategories.map((c) => ({ ...c, summary: summaries[c.to] }));
  return (
    <Stack maw={960}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {categories.map((c) => (
          <Card key={c.to} withBorder padding="md">
            <AnchorLink to={c.to} fw={600}>
              {c.title}
            </AnchorLink>
            <Text size="sm" c="dimmed" mt={4}>
              {c.summary}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
