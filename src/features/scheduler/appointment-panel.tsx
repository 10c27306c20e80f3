import { Alert, Button, CloseButton, Divider, Drawer, Group, NumberInput, Paper, ScrollArea, Select, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type ReactNode } from 'react';
import { CallCustomerNote } from '../../app/call-customer-note.tsx';
import { AnchorLink } from '../../app/links.tsx';
import { hasAnyRole, useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import type { Customer, CustomerVehicle, ScheduledService, ScheduledVisit, SchedulerResource, StoreService, StoreStaff } from '../../contract/entities.ts';
import { isTimeOfDay } from '../../contract/store-week.ts';
import { checkOutMethods } from '../../contract/enum-values.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { displayName, licenceText, vehicleTitle } from '../../domain/people/display-name.ts';
import { durationProblem } from '../../domain/calendar/durations.ts';
import { formatPhone } from '../../domain/people/phone.ts';
import { visitEventType } from '../../domain/scheduler/scheduler-events.ts';
import { checkInTooEarly, isDeletable, isVisitOpen } from '../../domain/scheduler/visit-rules.ts';
import { instantToWallClock, storeTimeZone, wallClockIsoToInstant } from '../../domain/calendar/time-zone.ts';
import { scheduledEventStatus } from '../../domain/scheduler/visit-status.ts';
import { bayRoles, frontCounter } from '../../domain/people/roles.ts';
import { technicianOf } from '../../domain/scheduler/technician-rules.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { StatusBadge } from '../../app/visit-status-badge.tsx';
import { InspectionSummary } from './inspection-summary.tsx';
import { VisitTiresSummary } from './visit-tires-summary.tsx';
import { ServiceEditor } from './service-editor.tsx';
import type { SchedulerSearch } from './scheduler-page.tsx';
import { PromiseEditor } from './promise-editor.tsx';

const milestones: [keyof ScheduledVisit, string][] = [
  ['confirmationDate', 'Confirmed'],
  ['checkInDate', 'Checked in'],
  ['workStartDate', 'Work started'],
  ['workCompleteDate', 'Work complete'],
  ['readyForPickupDate', 'Ready for pickup'],
  ['checkOutDate', 'Checked out'],
  ['cancelDate', 'Canceled'],
];

async function readVisit(storeId: number, scheduledVisitId: string) {
  const db = replicaOf(storeId);
  const visit = await db.rows<ScheduledVisit>('scheduledVisits').get(scheduledVisitId);
  if (!visit) return { visit: null } as const;
  const [services, customer, vehicle, storeServices, resources, staff] = await Promise.all([
    db.rows<ScheduledService>('scheduledServices').where('scheduledVisitId').equals(scheduledVisitId).sortBy('startDate'),
    visit.customerId ? db.rows<Customer>('customers').get(visit.customerId) : undefined,
    visit.vehicleId ? db.rows<CustomerVehicle>('customerVehicles').get(visit.vehicleId) : undefined,
    db.rows<StoreService>('storeServices').toArray(),
    db.rows<SchedulerResource>('schedulerResources').toArray(),
    db.rows<StoreStaff>('storeStaff').toArray(),
  ]);
  const byId = new Map(resources.map((r) => [r.schedulerResourceId, r]));
  return {
    visit,
    services,
    customer,
    vehicle,
    serviceName: (id: string | null) => (id && storeServices.find((s) => s.storeServiceId === id)?.name) || 'Service',
    resourceName: (id: string | null) => (id && resources.find((r) => r.schedulerResourceId === id)?.name) || 'Unassigned',
    /** Who does a service: the technician chosen for it, else its column's (technician-rules.ts). */
    technicianName: (service: ScheduledService) => {
      const id = technicianOf(service, byId);
      return (id && staff.find((s) => s.userId === id)?.name) || null;
    },
    columns: resources
      .filter((r) => r.isActive)
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((r) => ({ value: r.schedulerResourceId, label: r.name })),
    columnTechnician: (resourceId: string | null) => {
      const id = resourceId ? byId.get(resourceId)?.assignedTechnicianId : null;
      return (id && staff.find((s) => s.userId === id)?.name) || null;
    },
    technicians: staff
      .filter((p) => p.roles.some((r) => bayRoles.includes(r)))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((p) => ({ value: p.userId, label: p.name })),
  } as const;
}

/** The appointment's detail beside the calendar (a drawer on a phone), route scheduler-appointments. */
export function AppointmentPanel() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const wide = useMediaQuery('(min-width: 62em)', true);
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as SchedulerSearch;
  const close = () => void navigate({ to: '/scheduler-dayview', search });
  if (!store) return null;
  const body = <AppointmentDetail store={store} onClose={close} />;
  if (!wide)
    return (
      <Drawer opened onClose={close} position="right" size="md" title="Appointment" aria-label="Appointment">
        {body}
      </Drawer>
    );
  return (
    <Paper
      withBorder
      shadow="sm"
      p="md"
      w={380}
      style={{ flexShrink: 0, position: 'sticky', top: 'var(--app-shell-header-offset, 0px)' }}
      role="complementary"
      aria-label="Appointment"
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Appointment
        </Title>
        <CloseButton aria-label="Close the appointment" onClick={close} />
      </Group>
      <ScrollArea.Autosize mah="calc(100dvh - 160px)">{body}</ScrollArea.Autosize>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={120} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Group>
  );
}

function AppointmentDetail({ store, onClose }: { store: StoreLocation; onClose(): void }) {
  const { scheduledVisitId, scheduledServiceId } = useParams({ strict: false }) as { scheduledVisitId: string; scheduledServiceId?: string };
  const data = useLiveQuery(() => readVisit(store.id, scheduledVisitId), [store.id, scheduledVisitId]);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<'cancel' | 'delete' | null>(null);
  const session = useSession();
  if (!data)
    return (
      <Text size="sm" c="dimmed">
        Loading…
      </Text>
    );
  if (!data.visit)
    return (
      <Text size="sm" c="dimmed">
        This appointment is not on this device yet, or it was deleted. A new one shows here as soon as the device has synced.
      </Text>
    );
  const { visit, services, customer, vehicle } = data;
  const timeZone = storeTimeZone(store.timeZone);
  const formats = storeFormatters(store);
  const status = scheduledEventStatus(visitEventType(visit), visit);
  const open = isVisitOpen(visit);
  const day = { firstStart: services[0]?.startDate ?? null, timeZone };
  const tooEarly = visit.checkInDate || visit.cancelDate ? null : checkInTooEarly(day, new Date().toISOString());
  const act = async (work: () => Promise<unknown>, after?: () => void) => {
    try {
      setProblem(null);
      await work();
      after?.();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };
  const deleteAll = () =>
    act(async () => {
      for (const s of services) await syncClient().deleteScheduledService(s.scheduledServiceId);
    }, onClose);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          {customer ? (
            <AnchorLink to="/customers/$customerId" params={{ customerId: customer.customerId }} fw={700}>
              {displayName(customer)}
            </AnchorLink>
          ) : (
            <Text fw={700}>No customer</Text>
          )}
          {customer?.phoneNumber && <Text size="sm">{formatPhone(customer.phoneNumber)}</Text>}
        </Stack>
        <StatusBadge status={status} />
      </Group>
      <CallCustomerNote store={store} visit={visit} />
      {vehicle && (
        <Text size="sm">
          {vehicleTitle(vehicle)}
          {licenceText(vehicle) ? ` · ${licenceText(vehicle)}` : ''}
        </Text>
      )}
      <Table verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Service</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Where</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.map((s) => (
            <Table.Tr key={s.scheduledServiceId} bg={s.scheduledServiceId === scheduledServiceId ? 'var(--mantine-primary-color-light)' : undefined}>
              <Table.Td>
                {data.serviceName(s.storeServiceId)}
                <Text size="xs" c="dimmed">
                  {s.durationInMinutes} min · {data.technicianName(s) ?? 'No technician yet'}
                </Text>
              </Table.Td>
              <Table.Td>{formats.timeRange(s.startDate, s.endDate)}</Table.Td>
              <Table.Td>{data.resourceName(s.resourceId)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {open && (
        <Reschedule
          key={services.map((x) => `${x.scheduledServiceId}${x.startDate}${x.resourceId}${x.durationInMinutes}`).join()}
          services={services}
          serviceName={data.serviceName}
          columns={data.columns}
          technicians={data.technicians}
          columnTechnician={data.columnTechnician}
          timeZone={timeZone}
          focus={scheduledServiceId}
          onSave={(id, place) => act(() => syncClient().placeScheduledService(id, place))}
        />
      )}
      {open && (
        <ServiceEditor
          key={services.map((x) => `${x.scheduledServiceId}${x.storeServiceId}${x.durationInMinutes}${x.serviceNotes}`).join()}
          storeId={store.id}
          scheduledVisitId={visit.scheduledVisitId}
          services={services}
          serviceName={data.serviceName}
          columns={data.columns}
          timeZone={timeZone}
          focus={scheduledServiceId}
        />
      )}
      <Stack gap={4}>
        {visit.customerVehicleStatus && <Field label="Customer">{checkOutMethods.label(checkOutMethods.values[visit.customerVehicleStatus - 1]!)}</Field>}
        {visit.keyTag && <Field label="Key tag">{visit.keyTag}</Field>}
        {visit.customerComments && <Field label="Customer comments">{visit.customerComments}</Field>}
        {visit.staffNotes && <Field label="Staff notes">{visit.staffNotes}</Field>}
        {services
          .filter((s) => s.serviceNotes)
          .map((s) => (
            <Field key={s.scheduledServiceId} label="Service notes">
              {s.serviceNotes}
            </Field>
          ))}
        {visit.tractionInvoiceNumber && <Field label="Traction invoice">{visit.tractionInvoiceNumber}</Field>}
        {visit.scheduledBy && <Field label="Booked by">{visit.scheduledBy}</Field>}
      </Stack>
      <Divider />
      <PromiseEditor
        key={`${visit.scheduledVisitId}|${visit.pickUpTime}`}
        store={store}
        visit={visit}
        services={services}
        customer={customer}
        vehicle={vehicle}
        mayCheckIn={!visit.checkInDate && !tooEarly}
        editable={open && (session ? hasAnyRole(session, frontCounter) : false)}
      />
      <Divider />
      <VisitTimes
        key={`${visit.scheduledCustomerCheckIn}|${visit.visitAppointmentCount}`}
        visit={visit}
        firstStart={services[0]?.startDate ?? null}
        timeZone={timeZone}
        onSave={(changes) => act(() => syncClient().updateVisit(visit.scheduledVisitId, changes))}
      />
      <Divider />
      <Timeline bulletSize={14} lineWidth={2} active={milestones.filter(([field]) => visit[field]).length - 1} aria-label="Milestones">
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
      <VisitTiresSummary
        storeId={store.id}
        scheduledVisitId={visit.scheduledVisitId}
        editable={open && (session ? hasAnyRole(session, frontCounter) : false)}
      />
      <InspectionSummary
        storeId={store.id}
        scheduledVisitId={visit.scheduledVisitId}
        customerId={visit.customerId}
        vehicleId={visit.vehicleId}
        timeZone={timeZone}
        mayPrice={session ? hasAnyRole(session, frontCounter) : false}
        formatDate={formats.dateTime}
      />
      {problem && <Alert color="red">{problem}</Alert>}
      {asking ? (
        <Alert color="red" title={asking === 'cancel' ? 'Cancel this appointment?' : 'Delete this appointment?'}>
          <Text size="sm">
            {asking === 'cancel' ? "It stays on the calendar, grayed, and in the customer's history." : "It leaves the calendar and the customer's history."}
          </Text>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={() => setAsking(null)}>
              Keep it
            </Button>
            <Button
              color="red"
              onClick={() =>
                void (asking === 'cancel'
                  ? act(
                      () => syncClient().updateVisit(visit.scheduledVisitId, { cancelDate: new Date().toISOString() }),
                      () => setAsking(null),
                    )
                  : deleteAll())
              }
            >
              {asking === 'cancel' ? 'Cancel appointment' : 'Delete'}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Group gap="xs">
          {!visit.checkInDate && !visit.cancelDate && !tooEarly && (
            <Button leftSection={<IconCheck size={16} />} onClick={() => void act(() => syncClient().checkIn(visit.scheduledVisitId, day))}>
              Check in
            </Button>
          )}
          {visit.checkInDate && open && (
            <Button
              variant={visit.readyForPickupDate ? 'filled' : 'default'}
              onClick={() => void act(() => syncClient().recordMilestone(visit.scheduledVisitId, 'check-out'))}
            >
              Check out
            </Button>
          )}
          {open && (
            <Button variant="default" onClick={() => setAsking('cancel')}>
              Cancel…
            </Button>
          )}
          {visit.cancelDate && (
            <Button variant="default" onClick={() => void act(() => syncClient().updateVisit(visit.scheduledVisitId, { cancelDate: null }))}>
              Restore
            </Button>
          )}
          {isDeletable(visit) && (
            <Button variant="subtle" color="red" onClick={() => setAsking('delete')}>
              Delete…
            </Button>
          )}
        </Group>
      )}
      {visit.checkInDate && (
        <Text size="sm" c="dimmed">
          Checked in: it stays on the record and cannot be deleted
        </Text>
      )}
      {tooEarly && (
        <Text size="sm" c="dimmed">
          {tooEarly}
        </Text>
      )}
    </Stack>
  );
}

/** The times staff set on a visit besides its promise (spec section 3): scheduled check-in and visit appointment count. */
function VisitTimes({
  visit,
  firstStart,
  timeZone,
  onSave,
}: {
  visit: ScheduledVisit;
  firstStart: string | null;
  timeZone: string;
  onSave(changes: Partial<ScheduledVisit>): Promise<void>;
}) {
  const wall = (iso: string | null) => (iso ? instantToWallClock(iso, timeZone) : null);
  // The check-in is on the visit's day: the day its first service starts.
  const day = (wall(firstStart) ?? wall(visit.scheduledCustomerCheckIn) ?? instantToWallClock(new Date().toISOString(), timeZone)).slice(0, 10);
  const stored = {
    checkIn: wall(visit.scheduledCustomerCheckIn)?.slice(11, 16) ?? '',
    count: visit.visitAppointmentCount ?? '',
  };
  const [checkIn, setCheckIn] = useState(stored.checkIn);
  const [count, setCount] = useState<number | string>(stored.count);
  const [problem, setProblem] = useState<string | null>(null);
  const dirty = checkIn !== stored.checkIn || String(count) !== String(stored.count);
  const save = () => {
    if (checkIn !== '' && !isTimeOfDay(checkIn)) return setProblem('Enter times such as 09:30.');
    setProblem(null);
    void onSave({
      scheduledCustomerCheckIn: checkIn ? wallClockIsoToInstant(`${day}T${checkIn}:00`, timeZone) : null,
      visitAppointmentCount: count === '' ? null : Number(count),
    });
  };
  return (
    <Stack gap="xs">
      <Group grow align="flex-end">
        <TimeInput label="Scheduled check-in" value={checkIn} onChange={(e) => setCheckIn(e.currentTarget.value)} />
        <NumberInput label="Appointments in this visit" min={0} max={99} value={count} onChange={setCount} />
      </Group>
      <Group justify="flex-end">
        <Button variant="light" disabled={!dirty} onClick={save}>
          Save times
        </Button>
      </Group>
      {problem && (
        <Text c="red" size="sm">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

const nobody = 'nobody';

/** Moves a service without dragging (keyboard, touch): its column, technician, start time and length on the same day. */
function Reschedule({
  services,
  serviceName,
  columns,
  technicians,
  columnTechnician,
  timeZone,
  focus,
  onSave,
}: {
  services: ScheduledService[];
  serviceName(id: string | null): string;
  columns: { value: string; label: string }[];
  technicians: { value: string; label: string }[];
  /** The name of a column's own technician, if it has one. */
  columnTechnician(resourceId: string | null): string | null;
  timeZone: string;
  focus: string | undefined;
  onSave(id: string, place: { resourceId: string | null; startDate: string; durationInMinutes: number; selectedTechnician: string | null }): Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [id, setId] = useState(services.find((x) => x.scheduledServiceId === focus)?.scheduledServiceId ?? services[0]?.scheduledServiceId ?? null);
  const service = services.find((x) => x.scheduledServiceId === id);
  const [resourceId, setResourceId] = useState(service?.resourceId ?? null);
  const [technician, setTechnician] = useState(service?.selectedTechnician ?? nobody);
  const [time, setTime] = useState(service ? instantToWallClock(service.startDate, timeZone).slice(11, 16) : '');
  const [minutes, setMinutes] = useState<number | string>(service?.durationInMinutes ?? 60);
  const [problem, setProblem] = useState<string | null>(null);
  if (!service) return null;
  if (!open)
    return (
      <Group>
        <Button variant="light" size="xs" onClick={() => setOpen(true)}>
          Change time, bay or technician…
        </Button>
      </Group>
    );
  const choose = (next: string | null) => {
    const chosen = services.find((x) => x.scheduledServiceId === next);
    setId(next);
    if (!chosen) return;
    setResourceId(chosen.resourceId);
    setTechnician(chosen.selectedTechnician ?? nobody);
    setTime(instantToWallClock(chosen.startDate, timeZone).slice(11, 16));
    setMinutes(chosen.durationInMinutes);
  };
  const save = () => {
    const length = Number(minutes);
    const wrong = durationProblem(length);
    if (wrong) return setProblem(wrong);
    if (!isTimeOfDay(time)) return setProblem('Enter the start time, such as 09:30.');
    const day = instantToWallClock(service.startDate, timeZone).slice(0, 10);
    void onSave(service.scheduledServiceId, {
      resourceId,
      startDate: wallClockIsoToInstant(`${day}T${time}:00`, timeZone),
      durationInMinutes: length,
      selectedTechnician: technician === nobody ? null : technician,
    }).then(() => setOpen(false));
  };
  return (
    <Stack gap="xs" role="group" aria-label="Change time, bay or technician">
      {services.length > 1 && (
        <Select
          label="Service"
          value={id}
          onChange={choose}
          allowDeselect={false}
          data={services.map((x) => ({ value: x.scheduledServiceId, label: serviceName(x.storeServiceId) }))}
        />
      )}
      <Group grow>
        <Select label="Bay" value={resourceId} onChange={setResourceId} allowDeselect={false} data={columns} />
        <Select
          label="Technician"
          value={technician}
          onChange={(v) => setTechnician(v ?? nobody)}
          allowDeselect={false}
          data={[
            ...technicians,
            { value: nobody, label: columnTechnician(resourceId) ? `The bay's technician (${columnTechnician(resourceId)})` : 'Nobody yet' },
          ]}
        />
      </Group>
      <Group grow>
        <TimeInput label="Starts" value={time} onChange={(e) => setTime(e.currentTarget.value)} />
        <NumberInput label="Minutes" min={15} step={15} value={minutes} onChange={setMinutes} />
      </Group>
      {problem && (
        <Text c="red" size="sm">
          {problem}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button size="xs" onClick={save}>
          Move
        </Button>
      </Group>
    </Stack>
  );
}
