import { Button, Card, Checkbox, Group, NumberInput, Radio, Select, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EditDialog, useEditDialog, WaitingBadge } from '../../app/edit-dialog.tsx';
import { focusFirstError } from '../../app/form-focus.ts';
import { tirePurchaseAddOnSchema, type TirePurchaseAddOn } from '../../contract/entities.ts';
import { tireInstallPackageTypes, tirePurchaseAddOnCategories, tirePurchaseAddOnCharges, type TirePurchaseAddOnCharge } from '../../contract/enum-values.ts';
import type { TireInstallPackage } from '../../contract/tire-pricing.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { changedFields } from '../../domain/app/json-patch.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { priceProblem } from './retail-parts.tsx';
import { centsOf, dollarsOf, formatCents } from '../../app/money.ts';

type Category = TirePurchaseAddOn['category'];

interface AddOnValues {
  category: Category;
  name: string;
  /** Dollars as typed; the add-on keeps cents. */
  price: number | string;
  isTaxable: boolean;
  chargedPer: TirePurchaseAddOnCharge;
}

const valuesOf = (addOn: TirePurchaseAddOn | null): AddOnValues => ({
  category: addOn?.category ?? 'Mounting',
  name: addOn?.name ?? '',
  price: addOn ? dollarsOf(addOn.priceInCents) : '',
  isTaxable: addOn?.isTaxable ?? true,
  chargedPer: addOn?.chargedPer ?? tirePurchaseAddOnCharges.default ?? 'PerTire',
});

const addOnOf = (values: AddOnValues): Omit<TirePurchaseAddOn, 'tirePurchaseAddOnId'> => ({
  category: values.category,
  name: values.name.trim(),
  priceInCents: centsOf(values.price),
  isTaxable: values.isTaxable,
  chargedPer: values.chargedPer,
});

/** The form's problems, by field, from the contract's schema (the server's rule, in words a person can act on). */
function problems(values: AddOnValues): Record<string, string | undefined> {
  const addOn = addOnOf(values);
  const name = tirePurchaseAddOnSchema.shape.name.safeParse(addOn.name);
  return {
    name: name.success ? undefined : name.error.issues[0]!.message,
    price: priceProblem(tirePurchaseAddOnSchema.shape.priceInCents, addOn.priceInCents, true),
  };
}

const categoryOrder = tirePurchaseAddOnCategories.values;
const categoryOptions = categoryOrder.map((value) => ({ value, label: tirePurchaseAddOnCategories.label(value) }));

/** The store's tire purchase add-ons by category, then name; each opened to edit or delete, a new one added. */
export function AddOnsSection({
  addOns,
  packages,
  waiting,
}: {
  addOns: TirePurchaseAddOn[];
  packages: TireInstallPackage[];
  waiting: Map<string, OutboxEntry>;
}) {
  const [editing, setEditing] = useState<TirePurchaseAddOn | 'new' | null>(null);
  const groups = categoryOrder
    .map((category) => ({ category, items: addOns.filter((a) => a.category === category).sort((a, b) => a.name.localeCompare(b.name)) }))
    .filter((g) => g.items.length > 0);
  return (
    <Card withBorder component="section" aria-labelledby="retail-add-ons">
      <Group justify="space-between" align="flex-start" mb="xs">
        <div style={{ flex: '1 1 16rem' }}>
          <Title order={2} size="h4" id="retail-add-ons">
            Tire purchase add-ons
          </Title>
          <Text size="sm" c="dimmed">
            What a tire sale adds, per tire or per job; quotes list them by category.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add add-on
        </Button>
      </Group>
      {addOns.length === 0 && (
        <Text c="dimmed" py="sm">
          No add-ons yet: add mounting, balancing, disposal…
        </Text>
      )}
      {groups.length > 0 && (
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Add-on</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th visibleFrom="sm">Taxable</Table.Th>
            </Table.Tr>
          </Table.Thead>
          {groups.map((group) => (
            <Table.Tbody key={group.category}>
              <Table.Tr>
                <Table.Th colSpan={3} scope="colgroup" bg="var(--mantine-color-default-hover)">
                  {tirePurchaseAddOnCategories.label(group.category)}
                </Table.Th>
              </Table.Tr>
              {group.items.map((addOn) => (
                <Table.Tr key={addOn.tirePurchaseAddOnId}>
                  <Table.Td style={{ overflowWrap: 'break-word' }}>
                    <Group gap="xs">
                      <UnstyledButton
                        onClick={() => setEditing(addOn)}
                        aria-label={`Edit ${addOn.name}`}
                        style={{ textDecoration: 'underline', textUnderlineOffset: 3 }}
                      >
                        {addOn.name}
                      </UnstyledButton>
                      <WaitingBadge entry={waiting.get(addOn.tirePurchaseAddOnId)} />
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatCents(addOn.priceInCents)} {tirePurchaseAddOnCharges.label(addOn.chargedPer).toLowerCase()}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{addOn.isTaxable ? 'Yes' : 'No'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          ))}
        </Table>
      )}
      {editing !== null && <AddOnDialog addOn={editing === 'new' ? null : editing} packages={packages} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function AddOnDialog({ addOn, packages, onClose }: { addOn: TirePurchaseAddOn | null; packages: TireInstallPackage[]; onClose: () => void }) {
  // Deleting an add-on takes it off the packages that bundle it, in the same step.
  const bundledIn = addOn ? packages.filter((p) => p.addOnIds.includes(addOn.tirePurchaseAddOnId)) : [];
  const packageNames = bundledIn.map((p) => tireInstallPackageTypes.label(p.type)).join(' and ');
  const form = useForm<AddOnValues>({
    initialValues: valuesOf(addOn),
    validate: (values) => Object.fromEntries(Object.entries(problems(values)).filter(([, message]) => message)),
  });
  const dialog = useEditDialog(onClose, form.isDirty, 'this add-on');
  const save = form.onSubmit((values) => {
    const model = addOnOf(values);
    void dialog.act(async () => {
      if (!addOn) return syncClient().createTirePurchaseAddOn({ ...model, tirePurchaseAddOnId: crypto.randomUUID() });
      const changes = changedFields(addOnOf(form.getInitialValues()), model);
      return Object.keys(changes).length > 0 ? syncClient().updateTirePurchaseAddOn(addOn.tirePurchaseAddOnId, changes) : false;
    });
  }, focusFirstError(form));
  return (
    <EditDialog
      title={addOn ? `Edit ${addOn.name}` : 'Add add-on'}
      dialog={dialog}
      onSubmit={save}
      footer={{
        submitLabel: addOn ? 'Save' : 'Add add-on',
        removeLabel: 'Delete add-on',
        removeQuestion: !addOn
          ? ''
          : `Delete ${addOn.name}? Quotes stop offering it${bundledIn.length > 0 ? `, and the ${packageNames} ${bundledIn.length > 1 ? 'packages stop' : 'package stops'} bundling it` : ''}.`,
        ...(addOn
          ? {
              onRemove: () =>
                void dialog.act(() =>
                  syncClient().deleteTirePurchaseAddOn(
                    addOn.tirePurchaseAddOnId,
                    bundledIn.map((p) => p.tireInstallPackageId),
                  ),
                ),
            }
          : {}),
      }}
    >
      <Select label="Category" data={categoryOptions} allowDeselect={false} required {...form.getInputProps('category')} />
      <TextInput label="Name" required maxLength={150} {...form.getInputProps('name')} />
      <NumberInput
        label="Price"
        required
        prefix="$"
        min={0}
        clampBehavior="none"
        decimalScale={2}
        fixedDecimalScale
        thousandSeparator=","
        {...form.getInputProps('price')}
      />
      <Radio.Group label="Charged" {...form.getInputProps('chargedPer')}>
        <Group gap="lg" mt={4}>
          {tirePurchaseAddOnCharges.values.map((value) => (
            <Radio key={value} value={value} label={tirePurchaseAddOnCharges.label(value)} />
          ))}
        </Group>
      </Radio.Group>
      <Checkbox label="Taxable" {...form.getInputProps('isTaxable', { type: 'checkbox' })} />
    </EditDialog>
  );
}
