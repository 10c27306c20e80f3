import { Button, Card, Group, Loader, NumberInput, Select, Stack, Switch, Table, Text, Textarea, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { StoreService, StoreServiceCategory } from '../../contract/entities.ts';
import { focusFirstError } from '../../app/form-focus.ts';
import { centsOf, formatCents } from '../../app/money.ts';
import { useSession } from '../../app/session.ts';
import { changedFields } from '../../domain/app/json-patch.ts';
import { durationStep, durationText, storeServiceProblems } from '../../domain/store/store-service-rules.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { EditDialog, useEditDialog, WaitingBadge } from '../../app/edit-dialog.tsx';
import { newHashId } from '../../domain/app/hash-id.ts';

interface ServiceFormValues {
  name: string;
  storeServiceCategoryId: string | null;
  durationInMinutes: number | string;
  /** Dollars as typed; the catalogue keeps cents. */
  price: number | string;
  description: string;
  onlineBookingEnabled: boolean;
  isActive: boolean;
}

function formValues(service: StoreService | null, categoryId: string | null): ServiceFormValues {
  return {
    name: service?.name ?? '',
    storeServiceCategoryId: service ? service.storeServiceCategoryId : categoryId,
    durationInMinutes: service?.durationInMinutes ?? 30,
    price: service?.priceInCents == null ? '' : service.priceInCents / 100,
    description: service?.description ?? '',
    onlineBookingEnabled: service?.onlineBookingEnabled ?? true,
    isActive: service?.isActive ?? true,
  };
}

/** The service fields a form's values stand for (the same shape the catalogue and the server keep). */
function serviceFromForm(values: ServiceFormValues): Omit<StoreService, 'storeServiceId' | 'storeServiceHashId' | 'tractionServiceCode'> {
  return {
    name: values.name.trim(),
    storeServiceCategoryId: values.storeServiceCategoryId,
    durationInMinutes: typeof values.durationInMinutes === 'number' ? values.durationInMinutes : Number.NaN,
    priceInCents: values.price === '' ? null : centsOf(values.price),
    description: values.description.trim() || null,
    onlineBookingEnabled: values.onlineBookingEnabled,
    isActive: values.isActive,
  };
}

interface Catalogue {
  categories: StoreServiceCategory[];
  services: StoreService[];
  waiting: Map<string, OutboxEntry>;
}

function useCatalogue(storeId: number | null): Catalogue | undefined {
  return useLiveQuery(async () => {
    if (storeId === null) return undefined;
    const db = replicaOf(storeId);
    const [categories, services, outbox] = await Promise.all([
      db.rows<StoreServiceCategory>('storeServiceCategories').toArray(),
      db.rows<StoreService>('storeServices').toArray(),
      db.outbox.filter((e) => e.collection === 'storeServices').toArray(),
    ]);
    categories.sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
    services.sort((a, b) => a.name.localeCompare(b.name));
    return { categories, services, waiting: new Map(outbox.map((e) => [e.key, e])) };
  }, [storeId]);
}

/** "14 services in 4 categories": the catalogue in a line (settings index). */
export function catalogueSummary(services: Pick<StoreService, 'isActive' | 'storeServiceCategoryId'>[]): string {
  const active = services.filter((s) => s.isActive);
  const categories = new Set(active.map((s) => s.storeServiceCategoryId)).size;
  return `${active.length} ${active.length === 1 ? 'service' : 'services'} in ${categories} ${categories === 1 ? 'category' : 'categories'}`;
}

/** The store's service catalogue (settings, services): by category, each service opened to edit in place. */
export function ServicesPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const catalogue = useCatalogue(store?.id ?? null);
  const [editing, setEditing] = useState<StoreService | 'new' | null>(null);
  if (!store) return null;
  if (!catalogue) return <Loader aria-label="Loading services" />;
  const { categories, services, waiting } = catalogue;
  const groups = [...categories.map((c) => ({ id: c.storeServiceCategoryId as string | null, name: c.name })), { id: null, name: 'No category' }]
    .map((g) => ({ ...g, services: services.filter((s) => s.storeServiceCategoryId === g.id) }))
    .filter((g) => g.services.length > 0);
  return (
    <Stack maw={960}>
      <Group justify="space-between">
        <div>
          <Title order={2} size="h3">
            Services
          </Title>
          <Text size="sm" c="dimmed">
            {catalogueSummary(services)} at {store.name}. Staff book these; those bookable online are offered to customers.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add service
        </Button>
      </Group>
      {services.length === 0 && <Text c="dimmed">This store has no services yet. Add the first one.</Text>}
      {groups.map((group) => (
        <Card key={group.id ?? 'none'} withBorder padding="sm">
          <Title order={3} size="h5" mb="xs">
            {group.name}
          </Title>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Service</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th visibleFrom="sm">Price</Table.Th>
                <Table.Th visibleFrom="sm">Online</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.services.map((service) => (
                <Table.Tr key={service.storeServiceId} c={service.isActive ? undefined : 'dimmed'}>
                  <Table.Td>
                    <UnstyledButton
                      onClick={() => setEditing(service)}
                      aria-label={`Edit ${service.name}`}
                      style={{ textDecoration: 'underline', textUnderlineOffset: 3 }}
                    >
                      {service.name}
                    </UnstyledButton>
                    {!service.isActive && (
                      <Text span size="xs" ml="xs">
                        (not offered)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{durationText(service.durationInMinutes)}</Table.Td>
                  <Table.Td visibleFrom="sm">{service.priceInCents === null ? '—' : formatCents(service.priceInCents)}</Table.Td>
                  <Table.Td visibleFrom="sm">{service.onlineBookingEnabled ? 'Yes' : 'No'}</Table.Td>
                  <Table.Td>
                    <WaitingBadge entry={waiting.get(service.storeServiceId)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
      {editing !== null && <ServiceDialog service={editing === 'new' ? null : editing} categories={categories} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function ServiceDialog({ service, categories, onClose }: { service: StoreService | null; categories: StoreServiceCategory[]; onClose: () => void }) {
  const form = useForm<ServiceFormValues>({
    initialValues: formValues(service, categories[0]?.storeServiceCategoryId ?? null),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(storeServiceProblems(serviceFromForm(values))).map(([field, messages]) => [field === 'priceInCents' ? 'price' : field, messages[0]]),
      ),
  });
  const dialog = useEditDialog(onClose, form.isDirty, 'this service');
  const save = form.onSubmit((values) => {
    const model = serviceFromForm(values);
    void dialog.act(async () => {
      if (!service) return syncClient().createStoreService({ ...model, storeServiceId: crypto.randomUUID(), storeServiceHashId: newHashId() });
      const changes = changedFields(serviceFromForm(form.getInitialValues()), model);
      return Object.keys(changes).length > 0 ? syncClient().updateStoreService(service.storeServiceId, changes) : false;
    });
  }, focusFirstError(form));

  return (
    <EditDialog
      title={service ? `Edit ${service.name}` : 'Add service'}
      size="lg"
      dialog={dialog}
      onSubmit={save}
      footer={{
        removeLabel: 'Delete service',
        removeQuestion: service ? `Delete ${service.name}? Booked visits keep it.` : '',
        submitLabel: service ? 'Save' : 'Add service',
        onRemove: service ? () => void dialog.act(() => syncClient().deleteStoreService(service.storeServiceId)) : undefined,
      }}
    >
      <TextInput label="Name" required maxLength={150} {...form.getInputProps('name')} />
      <Select
        label="Category"
        data={categories.map((c) => ({ value: c.storeServiceCategoryId, label: c.name }))}
        clearable
        placeholder="No category"
        {...form.getInputProps('storeServiceCategoryId')}
      />
      <Group grow align="flex-start">
        <NumberInput
          label="Duration (minutes)"
          description={`In steps of ${durationStep} minutes`}
          required
          min={durationStep}
          step={durationStep}
          allowDecimal={false}
          {...form.getInputProps('durationInMinutes')}
        />
        <NumberInput
          label="Price"
          description="Leave empty when it varies"
          prefix="$"
          min={0}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          {...form.getInputProps('price')}
        />
      </Group>
      <Textarea
        label="Description"
        description="Shown to customers booking online"
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      <Switch label="Customers can book it online" {...form.getInputProps('onlineBookingEnabled', { type: 'checkbox' })} />
      <Switch label="Offered (staff can book it)" {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </EditDialog>
  );
}
