import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { focusFirstError } from '../../app/form-focus.ts';
import { useSession } from '../../app/session.ts';
import type {
  AppointmentResource,
  ScheduledService,
  ScheduledVisit,
  SchedulerResource,
  SchedulerResourceService,
  StoreService,
  StoreStaff,
} from '../../contract/entities.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { movesWithResource, resourceProblems } from '../../domain/store/resource-rules.ts';
import { bayRoles } from '../../domain/people/roles.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { EditDialog, useEditDialog, WaitingBadge } from '../../app/edit-dialog.tsx';

interface ResourcesData {
  resources: SchedulerResource[];
  services: StoreService[];
  technicians: StoreStaff[];
  staffLinks: Set<string>;
  onlineLinks: Set<string>;
  waiting: Map<string, OutboxEntry>;
}

function useResources(storeId: number): ResourcesData | undefined {
  return useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const [resources, services, staff, staffLinks, onlineLinks, outbox] = await Promise.all([
      db.rows<SchedulerResource>('schedulerResources').toArray(),
      db.rows<StoreService>('storeServices').toArray(),
      db.rows<StoreStaff>('storeStaff').toArray(),
      db.rows<AppointmentResource>('appointmentResources').toArray(),
      db.rows<SchedulerResourceService>('schedulerResourceServices').toArray(),
      db.outbox.toArray(),
    ]);
    resources.sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
    return {
      resources,
      services: services.filter((s) => s.isActive).sort((a, b) => a.name.localeCompare(b.name)),
      technicians: staff.filter((s) => s.roles.some((r) => bayRoles.includes(r))).sort((a, b) => a.name.localeCompare(b.name)),
      staffLinks: new Set(staffLinks.map((l) => `${l.appointmentResourceId}/${l.storeServiceId}`)),
      onlineLinks: new Set(onlineLinks.map((l) => `${l.schedulerResourceId}/${l.storeServiceId}`)),
      waiting: new Map(outbox.map((e) => [`${e.collection}/${e.key}`, e])),
    };
  }, [storeId]);
}

/** How many appointments the assign action would move now, by the rule the server applies. */
async function appointmentsToMove(storeId: number, resource: SchedulerResource): Promise<number> {
  const db = replicaOf(storeId);
  const now = new Date();
  const services = await db
    .rows<ScheduledService>('scheduledServices')
    .where('startDate')
    .aboveOrEqual(now.toISOString())
    .filter((s) => s.resourceId === resource.schedulerResourceId && s.selectedTechnician !== resource.assignedTechnicianId)
    .toArray();
  const visits = await db.rows<ScheduledVisit>('scheduledVisits').bulkGet([...new Set(services.map((s) => s.scheduledVisitId))]);
  const visitOf = new Map(visits.filter((v) => v !== undefined).map((v) => [v.scheduledVisitId, v]));
  return services.filter((s) => movesWithResource(s, visitOf.get(s.scheduledVisitId), resource.schedulerResourceId, now)).length;
}

const report = (setError: (message: string | null) => void) => (e: unknown) => setError(e instanceof Error ? e.message : String(e));

/** The scheduler's columns and who does what (settings, resources). */
export function ResourcesPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const data = useResources(store?.id ?? -1);
  const [editing, setEditing] = useState<SchedulerResource | 'new' | null>(null);
  const [assigning, setAssigning] = useState<{ resource: SchedulerResource; count: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!store) return null;
  if (!data) return <Loader aria-label="Loading resources" />;
  const { resources, services, technicians } = data;
  const nameOf = (userId: string | null) => (userId ? (technicians.find((t) => t.userId === userId)?.name ?? 'A technician no longer at this store') : null);

  const move = (index: number, by: -1 | 1) => {
    const a = resources[index]!;
    // Numbered afresh from their places, so equal or missing orders sort out too.
    const order = resources.map((r) => r.schedulerResourceId);
    order.splice(index, 1);
    order.splice(index + by, 0, a.schedulerResourceId);
    void Promise.all(
      order.map((id, sortOrder) => {
        const resource = resources.find((r) => r.schedulerResourceId === id)!;
        return resource.sortOrder === sortOrder ? null : syncClient().updateSchedulerResource(id, { sortOrder });
      }),
    ).catch(report(setError));
  };
  const askAssign = async (resource: SchedulerResource) => setAssigning({ resource, count: await appointmentsToMove(store.id, resource) });

  return (
    <Stack maw={1100} gap="xl">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={2} size="h3">
              Resources
            </Title>
            <Text size="sm" c="dimmed">
              The scheduler&apos;s columns: technicians and bays, in the order shown.
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add resource
          </Button>
        </Group>
        {error && (
          <Alert color="red" title="Not saved" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {resources.length === 0 && <Text c="dimmed">No resources yet: add a column for each bay or technician.</Text>}
        {resources.length > 0 && (
          <Card withBorder padding="sm">
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={90}>Order</Table.Th>
                  <Table.Th>Resource and technician</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {resources.map((resource, index) => (
                  <Table.Tr key={resource.schedulerResourceId} c={resource.isActive ? undefined : 'dimmed'}>
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon variant="subtle" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${resource.name} up`}>
                          <IconArrowUp size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          disabled={index === resources.length - 1}
                          onClick={() => move(index, 1)}
                          aria-label={`Move ${resource.name} down`}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group justify="space-between" gap="xs">
                        <div>
                          <Group gap="xs">
                            <Button variant="subtle" size="compact-sm" px={0} onClick={() => setEditing(resource)} aria-label={`Edit ${resource.name}`}>
                              {resource.name}
                            </Button>
                            {!resource.isActive && (
                              <Text span size="xs">
                                (hidden)
                              </Text>
                            )}
                            <WaitingBadge entry={data.waiting.get(`schedulerResources/${resource.schedulerResourceId}`)} />
                          </Group>
                          <Text size="sm" c="dimmed">
                            {nameOf(resource.assignedTechnicianId) ?? 'No technician (a bay)'}
                          </Text>
                        </div>
                        {resource.assignedTechnicianId && (
                          <Button size="compact-sm" variant="default" onClick={() => void askAssign(resource)}>
                            Assign coming appointments
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        )}
      </Stack>

      {resources.length > 0 && services.length > 0 && <ServiceGrid data={data} onError={setError} />}

      {editing !== null && (
        <ResourceDialog resource={editing === 'new' ? null : editing} technicians={technicians} nextOrder={resources.length} onClose={() => setEditing(null)} />
      )}
      {assigning && (
        <Modal opened onClose={() => setAssigning(null)} title="Assign coming appointments">
          <Stack>
            <Text>
              {assigning.count === 0
                ? `No coming appointment on ${assigning.resource.name} needs moving: they are all with ${nameOf(assigning.resource.assignedTechnicianId)} already, or started.`
                : `Give ${assigning.count} coming ${assigning.count === 1 ? 'appointment' : 'appointments'} on ${assigning.resource.name} to ${nameOf(assigning.resource.assignedTechnicianId)}? Appointments already started stay with whoever started them.`}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAssigning(null)}>
                {assigning.count === 0 ? 'Close' : 'Cancel'}
              </Button>
              {assigning.count > 0 && (
                <Button
                  onClick={() => {
                    const { resource } = assigning;
                    setAssigning(null);
                    syncClient().assignResourceTechnician(resource.schedulerResourceId).catch(report(setError));
                  }}
                >
                  Move {assigning.count}
                </Button>
              )}
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}

/** Resources × services: which services staff may book on each resource, and which customers may book online. */
function ServiceGrid({ data, onError }: { data: ResourcesData; onError: (message: string | null) => void }) {
  const { resources, services, staffLinks, onlineLinks, waiting } = data;
  const shown = resources.filter((r) => r.isActive);
  const toggle = (kind: 'staff' | 'online', resource: SchedulerResource, service: StoreService, on: boolean) => {
    const call =
      kind === 'staff'
        ? syncClient().setAppointmentResource(resource.schedulerResourceId, service.storeServiceId, on)
        : syncClient().setOnlineBooking(resource.schedulerResourceId, service.storeServiceId, on);
    call.catch(report(onError));
  };
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h3">
          Who does what
        </Title>
        <Text size="sm" c="dimmed">
          For each service, the resources staff can book it on, and those customers can book online (only services bookable online).
        </Text>
      </div>
      <Card withBorder padding={0}>
        <ScrollArea type="auto">
          <Table verticalSpacing={6} withColumnBorders stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 2, minWidth: 180 }}>Service</Table.Th>
                {shown.map((r) => (
                  <Table.Th key={r.schedulerResourceId} style={{ minWidth: 120 }}>
                    {r.name}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {services.map((service) => (
                <Table.Tr key={service.storeServiceId}>
                  <Table.Td style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}>{service.name}</Table.Td>
                  {shown.map((resource) => {
                    const key = `${resource.schedulerResourceId}/${service.storeServiceId}`;
                    const staff = staffLinks.has(key);
                    const online = onlineLinks.has(key);
                    const pending = waiting.get(`appointmentResources/${key}`) ?? waiting.get(`schedulerResourceServices/${key}`);
                    return (
                      <Table.Td key={resource.schedulerResourceId}>
                        <Stack gap={4}>
                          <Checkbox
                            size="xs"
                            label="Staff"
                            checked={staff}
                            aria-label={`Staff can book ${service.name} on ${resource.name}`}
                            onChange={(e) => toggle('staff', resource, service, e.currentTarget.checked)}
                          />
                          <Tooltip label="Customers cannot book this service online (see Services)" disabled={service.onlineBookingEnabled}>
                            <Checkbox
                              size="xs"
                              label="Online"
                              checked={online}
                              disabled={!service.onlineBookingEnabled && !online}
                              aria-label={`Customers can book ${service.name} on ${resource.name} online`}
                              onChange={(e) => toggle('online', resource, service, e.currentTarget.checked)}
                            />
                          </Tooltip>
                          {pending && <WaitingBadge entry={pending} />}
                        </Stack>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Card>
    </Stack>
  );
}

interface ResourceValues {
  name: string;
  assignedTechnicianId: string | null;
  isActive: boolean;
}

function ResourceDialog({
  resource,
  technicians,
  nextOrder,
  onClose,
}: {
  resource: SchedulerResource | null;
  technicians: StoreStaff[];
  nextOrder: number;
  onClose: () => void;
}) {
  const form = useForm<ResourceValues>({
    initialValues: { name: resource?.name ?? '', assignedTechnicianId: resource?.assignedTechnicianId ?? null, isActive: resource?.isActive ?? true },
    validate: (v) => Object.fromEntries(Object.entries(resourceProblems({ name: v.name, sortOrder: 0 })).map(([f, m]) => [f, m[0]])),
  });
  const dialog = useEditDialog(onClose, form.isDirty, 'this resource');
  const save = form.onSubmit((v) => {
    void dialog.act(() =>
      resource
        ? syncClient().updateSchedulerResource(resource.schedulerResourceId, v)
        : syncClient().createSchedulerResource({ ...v, name: v.name.trim(), schedulerResourceId: crypto.randomUUID(), sortOrder: nextOrder }),
    );
  }, focusFirstError(form));
  const choices = technicians.map((t) => ({ value: t.userId, label: t.name }));
  if (resource?.assignedTechnicianId && !choices.some((c) => c.value === resource.assignedTechnicianId)) {
    choices.push({ value: resource.assignedTechnicianId, label: 'A technician no longer at this store' });
  }
  return (
    <EditDialog
      title={resource ? `Edit ${resource.name}` : 'Add resource'}
      dialog={dialog}
      onSubmit={save}
      footer={{ removeLabel: '', removeQuestion: '', submitLabel: resource ? 'Save' : 'Add resource' }}
    >
      <TextInput label="Name" description="The scheduler's column header, e.g. Bay 1" required maxLength={100} {...form.getInputProps('name')} />
      <Select
        label="Technician"
        description="Leave empty for a bay anyone works in"
        placeholder="No technician"
        clearable
        data={choices}
        nothingFoundMessage="This store has no technicians yet"
        {...form.getInputProps('assignedTechnicianId')}
      />
      <Switch label="Shown on the scheduler" {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </EditDialog>
  );
}
