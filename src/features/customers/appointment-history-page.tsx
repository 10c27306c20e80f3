import { Card, Group, Loader, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { Outlet, useChildMatches, useNavigate, useParams } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CustomerVehicle, ScheduledService, ScheduledVisit, SchedulerResource, StoreService } from '../../contract/entities.ts';
import { CallCustomerNote } from '../../app/call-customer-note.tsx';
import { AnchorLink } from '../../app/links.tsx';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { licenceText, vehicleTitle } from '../../domain/people/display-name.ts';
import { eventTypes, scheduledEventStatus, type ScheduledEventStatus } from '../../domain/scheduler/visit-status.ts';
import { StatusBadge } from '../../app/visit-status-badge.tsx';
import { replicaOf } from '../../db/use-replica.ts';

interface VisitRow {
  visit: ScheduledVisit;
  services: (ScheduledService & { serviceName: string; resourceName: string })[];
  vehicle: CustomerVehicle | undefined;
  status: ScheduledEventStatus;
  start: string | null;
}

async function customerVisits(storeId: number, customerId: string): Promise<VisitRow[]> {
  const db = replicaOf(storeId);
  const visits = await db.rows<ScheduledVisit>('scheduledVisits').where('customerId').equals(customerId).toArray();
  if (visits.length === 0) return [];
  const [services, storeServices, resources, vehicles] = await Promise.all([
    db
      .rows<ScheduledService>('scheduledServices')
      .where('scheduledVisitId')
      .anyOf(visits.map((v) => v.scheduledVisitId))
      .toArray(),
    db.rows<StoreService>('storeServices').toArray(),
    db.rows<SchedulerResource>('schedulerResources').toArray(),
    db.rows<CustomerVehicle>('customerVehicles').where('customerId').equals(customerId).toArray(),
  ]);
  const serviceName = new Map(storeServices.map((s) => [s.storeServiceId, s.name]));
  const resourceName = new Map(resources.map((r) => [r.schedulerResourceId, r.name]));
  return visits
    .map((visit) => {
      const own = services
        .filter((s) => s.scheduledVisitId === visit.scheduledVisitId)
        .sort((a, b) => a.startDate.localeCompare(b.startDate))
        .map((s) => ({
          ...s,
          serviceName: (s.storeServiceId && serviceName.get(s.storeServiceId)) || 'Service',
          resourceName: (s.resourceId && resourceName.get(s.resourceId)) || 'Unassigned',
        }));
      return {
        visit,
        services: own,
        vehicle: vehicles.find((v) => v.vehicleId === visit.vehicleId),
        status: scheduledEventStatus(eventTypes.appointment, visit),
        start: own[0]?.startDate ?? null,
      };
    })
    .sort((a, b) => (b.start ?? '').localeCompare(a.start ?? ''));
}

const visitPath = '/customers/$customerId/appointments/$scheduledVisitId/{-$scheduledServiceId}';

/** The customer's visits at this store, newest first (route customers/{id}/appointments), and one visit's detail. */
export function AppointmentHistoryPage() {
  const session = useSession();
  const { customerId } = useParams({ strict: false }) as { customerId: string };
  const navigate = useNavigate();
  const child = useChildMatches().length > 0;
  const store = session?.activeStore ?? null;
  const rows = useLiveQuery(() => (store ? customerVisits(store.id, customerId) : Promise.resolve([])), [store?.id, customerId]);
  if (!store) return null;
  if (child) return <Outlet />;
  if (!rows) return <Loader aria-label="Loading visits" />;
  const formats = storeFormatters(store);
  if (rows.length === 0) return <Text c="dimmed">No visits at this store yet.</Text>;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {rows.length} {rows.length === 1 ? 'visit' : 'visits'} at {store.name}, at the store's local time.
      </Text>
      <Table highlightOnHover verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Services</Table.Th>
            <Table.Th visibleFrom="sm">Vehicle</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.visit.scheduledVisitId}
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate({ to: visitPath, params: { customerId, scheduledVisitId: row.visit.scheduledVisitId } })}
            >
              <Table.Td>
                <AnchorLink to={visitPath} params={{ customerId, scheduledVisitId: row.visit.scheduledVisitId }} onClick={(e) => e.stopPropagation()}>
                  {row.start ? formats.dateTime(row.start) : 'Date not set'}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{row.services.map((s) => s.serviceName).join(', ') || '—'}</Table.Td>
              <Table.Td visibleFrom="sm">{row.vehicle ? vehicleTitle(row.vehicle) : '—'}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

const milestones: [keyof ScheduledVisit, string][] = [
  ['confirmationDate', 'Confirmed'],
  ['checkInDate', 'Checked in'],
  ['workStartDate', 'Work started'],
  ['workCompleteDate', 'Work complete'],
  ['readyForPickupDate', 'Ready for pickup'],
  ['checkOutDate', 'Picked up'],
  ['cancelDate', 'Canceled'],
];

/** One visit of the customer (route …/appointments/{scheduledVisitId}/{scheduledServiceId?}): services, times, milestones. */
export function AppointmentDetailPage() {
  const session = useSession();
  const { customerId, scheduledVisitId, scheduledServiceId } = useParams({ strict: false }) as {
    customerId: string;
    scheduledVisitId: string;
    scheduledServiceId?: string;
  };
  const store = session?.activeStore ?? null;
  const rows = useLiveQuery(() => (store ? customerVisits(store.id, customerId) : Promise.resolve([])), [store?.id, customerId]);
  if (!store || !rows) return null;
  const row = rows.find((r) => r.visit.scheduledVisitId === scheduledVisitId);
  if (!row) return <Text c="dimmed">This visit is not on this device.</Text>;
  const formats = storeFormatters(store);
  const { visit } = row;
  return (
    <Stack maw={760}>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {row.start ? formats.dateTime(row.start) : 'Visit'}
        </Title>
        <StatusBadge status={row.status} />
      </Group>
      <CallCustomerNote store={store} visit={visit} />
      {row.vehicle && (
        <Text>
          {vehicleTitle(row.vehicle)}
          {licenceText(row.vehicle) ? ` · ${licenceText(row.vehicle)}` : ''}
        </Text>
      )}
      <Card withBorder padding="sm">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Service</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Minutes</Table.Th>
              <Table.Th>Bay or technician</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row.services.map((s) => (
              <Table.Tr key={s.scheduledServiceId} bg={s.scheduledServiceId === scheduledServiceId ? 'var(--mantine-color-primary-light)' : undefined}>
                <Table.Td>{s.serviceName}</Table.Td>
                <Table.Td>{formats.timeRange(s.startDate, s.endDate)}</Table.Td>
                <Table.Td>{s.durationInMinutes}</Table.Td>
                <Table.Td>{s.resourceName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      {(visit.staffNotes || visit.customerComments || visit.keyTag) && (
        <Stack gap={2}>
          {visit.customerComments && (
            <Text size="sm">
              <b>Customer:</b> {visit.customerComments}
            </Text>
          )}
          {visit.staffNotes && (
            <Text size="sm">
              <b>Staff notes:</b> {visit.staffNotes}
            </Text>
          )}
          {visit.keyTag && (
            <Text size="sm">
              <b>Key tag:</b> {visit.keyTag}
            </Text>
          )}
        </Stack>
      )}
      <Timeline bulletSize={14} lineWidth={2} active={milestones.filter(([field]) => visit[field]).length - 1}>
        {milestones
          .filter(([field]) => visit[field])
          .map(([field, label]) => (
            <Timeline.Item key={field} title={label}>
              <Text size="xs" c="dimmed">
                {formats.dateTime(String(visit[field]))}
              </Text>
            </Timeline.Item>
          ))}
      </Timeline>
    </Stack>
  );
}
