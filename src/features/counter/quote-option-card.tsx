import { ActionIcon, Alert, Button, Checkbox, Paper, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { storeTireWarrantyTypes, tireInstallPackageTypes, tirePurchaseAddOnCharges, tirePurchaseAddOnCategories } from '../../contract/enums.ts';
import { maxTiresPerQuote, type TireQuoteChoice, type TireQuoteOption } from '../../contract/tire-pricing.ts';
import { formatCents } from '../../app/money.ts';
import type { CounterBasics } from './use-counter-data.ts';

interface Props {
  index: number;
  choice: TireQuoteChoice;
  priced: TireQuoteOption | null;
  problems: string[];
  basics: CounterBasics;
  selected: boolean;
  onSelect: () => void;
  onChange: (next: TireQuoteChoice) => void;
  onRemove: (() => void) | null;
}

const perWords = (chargedPer: Parameters<typeof tirePurchaseAddOnCharges.label>[0]) => tirePurchaseAddOnCharges.label(chargedPer).toLowerCase();

/**
 * One option of the quote (Good, Better, Best…): its tires and how many, the store's add-ons (those a tire job
 * takes ticked at first: tire-add-on-defaults.ts), the warranty and studding, and the priced lines and out-the-door total from the one quote rule.
 * The card tires are added to is outlined.
 */
export function QuoteOptionCard({ index, choice, priced, problems, basics, selected, onSelect, onChange, onRemove }: Props) {
  const warranties = basics.warranties.filter((w) => w.isEnabled && w.priceInCents !== null);
  const studding = basics.tireServices.find((s) => s.type === 'TireStudding' && s.isEnabled && s.priceInCents !== null);
  const set = (changes: Partial<TireQuoteChoice>) => onChange({ ...choice, ...changes });
  const label = `option ${index + 1}`;

  return (
    <Paper
      withBorder
      p="sm"
      style={selected ? { outline: '2px solid var(--mantine-color-blue-6)' } : undefined}
      aria-label={`Quote option ${choice.name}`}
      component="section"
      id={`quote-option-${index}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <TextInput
            aria-label={`Name of ${label}`}
            value={choice.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            size="sm"
            style={{ flex: 1 }}
            maxLength={40}
          />
          {!selected && (
            <Button size="compact-sm" variant="light" onClick={onSelect}>
              Add tires here
            </Button>
          )}
          {onRemove && (
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${choice.name}`} onClick={onRemove}>
              ✕
            </ActionIcon>
          )}
        </Group>

        {choice.tires.length === 0 && (
          <Text size="sm" c="dimmed">
            {selected ? 'Add a tire from the list.' : 'No tires yet.'}
          </Text>
        )}
        {choice.tires.map((tire, t) => (
          <Group key={`${tire.tireId ?? tire.description}-${t}`} wrap="nowrap" gap="xs" align="flex-end">
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500} lineClamp={2}>
                {tire.description}
              </Text>
              <Text size="xs" c="dimmed">
                {formatCents(tire.unitPriceInCents)} each
              </Text>
            </Stack>
            <NumberInput
              label="Qty"
              aria-label={`Quantity of ${tire.description}`}
              w={72}
              size="sm"
              min={1}
              max={maxTiresPerQuote}
              clampBehavior="strict"
              allowDecimal={false}
              value={tire.quantity}
              onChange={(value) => {
                if (typeof value === 'number' && value >= 1) set({ tires: choice.tires.map((x, i) => (i === t ? { ...x, quantity: value } : x)) });
              }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              mb={4}
              aria-label={`Take ${tire.description} off`}
              onClick={() => set({ tires: choice.tires.filter((_, i) => i !== t) })}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}

        {basics.addOns.length > 0 && (
          <Stack gap={4}>
            {basics.addOns.map((addOn) => (
              <Checkbox
                key={addOn.tirePurchaseAddOnId}
                size="sm"
                label={`${addOn.name || tirePurchaseAddOnCategories.label(addOn.category)} (${formatCents(addOn.priceInCents)} ${perWords(addOn.chargedPer)})`}
                checked={choice.addOnIds.includes(addOn.tirePurchaseAddOnId)}
                onChange={(e) =>
                  set({
                    addOnIds: e.currentTarget.checked
                      ? [...choice.addOnIds, addOn.tirePurchaseAddOnId]
                      : choice.addOnIds.filter((id) => id !== addOn.tirePurchaseAddOnId),
                  })
                }
              />
            ))}
          </Stack>
        )}

        {basics.installPackages.length > 0 && (
          <Select
            label="Install package"
            size="sm"
            allowDeselect={false}
            data={[
              { value: '', label: 'No package: add-ons as ticked' },
              ...basics.installPackages.map((p) => ({
                value: p.tireInstallPackageId,
                label: `${tireInstallPackageTypes.label(p.type)}${p.pricingType === 'TotalPricing' && p.priceInCents !== null ? ` (${formatCents(p.priceInCents)} per tire)` : ' (itemized)'}`,
              })),
            ]}
            value={choice.installPackageId ?? ''}
            onChange={(value) => set({ installPackageId: value || null })}
          />
        )}
        {warranties.length > 0 && (
          <Select
            label="Warranty"
            size="sm"
            allowDeselect={false}
            data={[
              { value: '', label: 'No warranty' },
              ...warranties.map((w) => ({ value: w.type, label: `${storeTireWarrantyTypes.label(w.type)} (${formatCents(w.priceInCents!)} per tire)` })),
            ]}
            value={choice.warrantyType ?? ''}
            onChange={(value) => set({ warrantyType: value ? (value as z.infer<typeof storeTireWarrantyTypes.schema>) : null })}
          />
        )}
        {studding && choice.tires.some((t) => t.isStuddable) && (
          <Checkbox
            size="sm"
            label={`Tire Studding (${formatCents(studding.priceInCents!)} per studdable tire)`}
            checked={choice.tireServiceTypes.includes('TireStudding')}
            onChange={(e) => set({ tireServiceTypes: e.currentTarget.checked ? ['TireStudding'] : [] })}
          />
        )}

        {problems.length > 0 && (
          <Alert color="red" variant="light" p="xs">
            <Stack gap={2}>
              {problems.map((p) => (
                <Text key={p} size="sm">
                  {/[.!?]$/.test(p) ? p : `${p}.`}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {priced && priced.lines.length > 0 && <PricedLines option={priced} />}
      </Stack>
    </Paper>
  );
}

function PricedLines({ option }: { option: TireQuoteOption }) {
  return (
    <Stack gap={4}>
      <Table fz="xs" verticalSpacing={2} horizontalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {option.lines.map((line, i) => (
            <Table.Tr key={`${line.kind}-${i}`}>
              <Table.Td>
                {line.description}
                {line.isTaxable ? '' : ' (no tax)'}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {line.quantity} × {formatCents(line.unitInCents)}
              </Table.Td>
              <Table.Td ta="right">{formatCents(line.totalInCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="sm">Subtotal</Text>
        <Text size="sm">{formatCents(option.subtotalInCents)}</Text>
      </Group>
      {option.feesInCents > 0 && (
        <Group justify="space-between">
          <Text size="sm">Tire fees</Text>
          <Text size="sm">{formatCents(option.feesInCents)}</Text>
        </Group>
      )}
      <Group justify="space-between">
        <Text size="sm">Tax</Text>
        <Text size="sm">{formatCents(option.taxInCents)}</Text>
      </Group>
      <Group justify="space-between" align="baseline">
        <Text fw={700}>Out the door</Text>
        <Text fw={700} fz="xl" data-testid="option-total">
          {formatCents(option.totalInCents)}
        </Text>
      </Group>
      {option.perTireInCents !== null && (
        <Text size="xs" c="dimmed" ta="right">
          {formatCents(option.perTireInCents)} per tire, all in
        </Text>
      )}
    </Stack>
  );
}
