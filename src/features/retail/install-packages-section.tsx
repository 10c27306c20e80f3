import { Button, Card, Checkbox, Group, NumberInput, Radio, Select, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EditDialog, useEditDialog, WaitingBadge } from '../../app/edit-dialog.tsx';
import { focusFirstError } from '../../app/form-focus.ts';
import { centsOf, dollarsOf, formatCents } from '../../app/money.ts';
import type { TirePurchaseAddOn } from '../../contract/entities.ts';
import {
  tireInstallPackageTypes,
  tirePurchaseAddOnCategories,
  tirePurchaseAddOnCharges,
  type TireInstallPackagePricingType,
  type TireInstallPackageType,
} from '../../contract/enum-values.ts';
import { tireInstallPackageSchema, type TireInstallPackage } from '../../contract/tire-pricing.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { changedFields } from '../../domain/app/json-patch.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { priceProblem, RefusedAlert } from './retail-parts.tsx';

interface PackageValues {
  type: TireInstallPackageType | null;
  pricingType: TireInstallPackagePricingType;
  /** Dollars per tire as typed (a total package's price); the package keeps cents. */
  price: number | string;
  isTaxable: boolean;
  addOnIds: string[];
}

/** The store's add-ons in the order Retail Management lists them: by category, then name. */
const addOnsInOrder = (addOns: readonly TirePurchaseAddOn[]) =>
  [...addOns].sort(
    (a, b) => tirePurchaseAddOnCategories.values.indexOf(a.category) - tirePurchaseAddOnCategories.values.indexOf(b.category) || a.name.localeCompare(b.name),
  );

const packageLabel = (type: TireInstallPackageType) => `${tireInstallPackageTypes.label(type)} package`;
/** Passenger first: most tire jobs are, and the list reads as a store thinks of its work. */
const typeOrder: TireInstallPackageType[] = ['Passenger', 'LightTruck', 'Winter'];

/** A package's add-ons in the list's order, those no longer on this device left out (the server takes a removed add-on off). */
const bundled = (addOnIds: readonly string[], addOns: readonly TirePurchaseAddOn[]) =>
  addOnsInOrder(addOns).filter((a) => addOnIds.includes(a.tirePurchaseAddOnId));

const valuesOf = (p: TireInstallPackage | null, type: TireInstallPackageType | null, addOns: readonly TirePurchaseAddOn[]): PackageValues => ({
  type: p?.type ?? type,
  pricingType: p?.pricingType ?? 'ItemizedPricing',
  price: dollarsOf(p?.priceInCents ?? null),
  isTaxable: p?.isTaxable ?? true,
  addOnIds: bundled(p?.addOnIds ?? [], addOns).map((a) => a.tirePurchaseAddOnId),
});

/** The package as stored: an itemized one has no price of its own (its add-ons carry theirs). */
const packageOf = (values: PackageValues, addOns: readonly TirePurchaseAddOn[]): Omit<TireInstallPackage, 'tireInstallPackageId' | 'type'> => ({
  pricingType: values.pricingType,
  priceInCents: values.pricingType === 'TotalPricing' ? centsOf(values.price) : null,
  isTaxable: values.isTaxable,
  addOnIds: bundled(values.addOnIds, addOns).map((a) => a.tirePurchaseAddOnId),
});

function problems(values: PackageValues): Record<string, string | undefined> {
  const total = values.pricingType === 'TotalPricing';
  const cents = centsOf(values.price);
  return {
    type: values.type ? undefined : 'Choose the kind of tires the package is for',
    price: !total
      ? undefined
      : Number.isNaN(cents)
        ? 'Give the package a price per tire, or itemize it'
        : priceProblem(tireInstallPackageSchema.shape.priceInCents, cents, true),
  };
}

/**
 * The store's install packages (Passenger, Light Truck, Winter), one a type: what each bundles, and whether the
 * quote lists the add-ons one by one or charges one price per tire.
 */
export function InstallPackagesSection({ packages, addOns, outbox }: { packages: TireInstallPackage[]; addOns: TirePurchaseAddOn[]; outbox: OutboxEntry[] }) {
  const [editing, setEditing] = useState<TireInstallPackage | 'new' | null>(null);
  const waiting = new Map(outbox.map((e) => [e.key, e]));
  const sorted = [...packages].sort((a, b) => typeOrder.indexOf(a.type) - typeOrder.indexOf(b.type));
  const free = typeOrder.filter((type) => !packages.some((p) => p.type === type));
  return (
    <Card withBorder component="section" aria-labelledby="retail-packages">
      <Group justify="space-between" align="flex-start" mb="xs">
        <div style={{ flex: '1 1 16rem' }}>
          <Title order={2} size="h4" id="retail-packages">
            Install packages
          </Title>
          <Text size="sm" c="dimmed">
            The add-ons a tire job takes, by kind of tire: listed one by one at their prices, or one price per tire.
          </Text>
        </div>
        {/* One package a kind of tire: once each has one, there is none to add (a dead button explains nothing on a phone). */}
        {free.length > 0 && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add package
          </Button>
        )}
      </Group>
      <RefusedAlert entries={outbox} />
      {packages.length === 0 ? (
        <Text c="dimmed" py="sm">
          No packages yet: bundle mounting, balancing and valve stems for passenger tires…
        </Text>
      ) : (
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Package</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th visibleFrom="sm">Taxable</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((p) => {
              const names = bundled(p.addOnIds, addOns).map((a) => a.name);
              return (
                <Table.Tr key={p.tireInstallPackageId}>
                  <Table.Td style={{ overflowWrap: 'break-word' }}>
                    <Group gap="xs">
                      <UnstyledButton
                        onClick={() => setEditing(p)}
                        aria-label={`Edit ${packageLabel(p.type)}`}
                        style={{ textDecoration: 'underline', textUnderlineOffset: 3 }}
                      >
                        {tireInstallPackageTypes.label(p.type)}
                      </UnstyledButton>
                      <WaitingBadge entry={waiting.get(p.tireInstallPackageId)} />
                    </Group>
                    <Text size="xs" c="dimmed">
                      {names.length > 0 ? names.join(', ') : 'No add-ons'}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {p.pricingType === 'TotalPricing' && p.priceInCents !== null ? `${formatCents(p.priceInCents)} per tire` : 'Itemized'}
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ verticalAlign: 'top' }}>
                    {p.pricingType === 'TotalPricing' ? (p.isTaxable ? 'Yes' : 'No') : 'As each add-on'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {editing !== null && (
        <PackageDialog
          installPackage={editing === 'new' ? null : editing}
          types={editing === 'new' ? free : [editing.type, ...free]}
          addOns={addOns}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

function PackageDialog({
  installPackage,
  types,
  addOns,
  onClose,
}: {
  installPackage: TireInstallPackage | null;
  types: TireInstallPackageType[];
  addOns: TirePurchaseAddOn[];
  onClose: () => void;
}) {
  const form = useForm<PackageValues>({
    initialValues: valuesOf(installPackage, types[0] ?? null, addOns),
    validate: (values) => Object.fromEntries(Object.entries(problems(values)).filter(([, message]) => message)),
  });
  const dialog = useEditDialog(onClose, form.isDirty, 'this package');
  const total = form.values.pricingType === 'TotalPricing';
  const ordered = addOnsInOrder(addOns);
  const save = form.onSubmit((values) => {
    const model = packageOf(values, addOns);
    const type = values.type!;
    void dialog.act(async () => {
      if (!installPackage) return syncClient().createTireInstallPackage({ ...model, type, tireInstallPackageId: crypto.randomUUID() });
      const changes = changedFields({ ...packageOf(form.getInitialValues(), addOns), type: installPackage.type }, { ...model, type });
      return Object.keys(changes).length > 0 ? syncClient().updateTireInstallPackage(installPackage.tireInstallPackageId, changes) : false;
    });
  }, focusFirstError(form));
  const title = installPackage ? `Edit ${packageLabel(installPackage.type)}` : 'Add package';
  return (
    <EditDialog
      title={title}
      dialog={dialog}
      onSubmit={save}
      footer={{
        submitLabel: installPackage ? 'Save' : 'Add package',
        removeLabel: 'Delete package',
        removeQuestion: installPackage ? `Delete the ${packageLabel(installPackage.type)}? Quotes stop offering it.` : '',
        ...(installPackage ? { onRemove: () => void dialog.act(() => syncClient().deleteTireInstallPackage(installPackage.tireInstallPackageId)) } : {}),
      }}
    >
      <Select
        label="For"
        description="One package for each kind of tire"
        required
        allowDeselect={false}
        data={types.map((value) => ({ value, label: `${tireInstallPackageTypes.label(value)} tires` }))}
        {...form.getInputProps('type')}
      />
      <Radio.Group label="Priced" {...form.getInputProps('pricingType')}>
        <Stack gap={6} mt={4}>
          <Radio value="ItemizedPricing" label="Itemized" description="Each add-on on the quote at its own price" />
          <Radio value="TotalPricing" label="One price per tire" description="One line on the quote; its add-ons are not charged again" />
        </Stack>
      </Radio.Group>
      {total && (
        <Group align="flex-start" gap="md">
          <NumberInput
            label="Price per tire"
            required
            prefix="$"
            min={0}
            clampBehavior="none"
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            w={180}
            {...form.getInputProps('price')}
          />
          <Checkbox label="Taxable" mt={32} {...form.getInputProps('isTaxable', { type: 'checkbox' })} />
        </Group>
      )}
      <Checkbox.Group
        label="Add-ons it bundles"
        description={ordered.length === 0 ? 'This store has no add-ons yet: add them under Tire purchase add-ons.' : undefined}
        {...form.getInputProps('addOnIds')}
      >
        <Stack gap={6} mt={6}>
          {ordered.map((a) => (
            <Checkbox
              key={a.tirePurchaseAddOnId}
              value={a.tirePurchaseAddOnId}
              label={a.name}
              description={`${formatCents(a.priceInCents)} ${tirePurchaseAddOnCharges.label(a.chargedPer).toLowerCase()}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </EditDialog>
  );
}
