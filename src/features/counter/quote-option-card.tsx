import { ActionIcon, Alert, Button, Checkbox, Paper, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { maxTiresPerQuote, type TireQuoteChoice, type TireQuoteOption } from '../../contract/tire-pricing.ts';
import { formatCents } from '../../app/money.ts';
import {
  addOnLabel,
  asSentence,
  noTiresWords,
  packageChoices,
  studdingLabel,
  studdingOffered,
  warrantiesOffered,
  warrantyChoices,
  withAddOnTicked,
  withPackage,
  withStudding,
  withTireQuantity,
  withTireRemoved,
  withWarranty,
} from './quote-option-model.ts';
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

/**
 * One option of the quote (Good, Better, Best…): its tires and how many, the store's add-ons (those a tire job
 * takes ticked at first: tire-add-on-defaults.ts), the warranty and studding, and the priced lines and out-the-door total from the one quote rule.
 * The card tires are added to is outlined. Its rules are quote-option-model.ts's.
 */
export function QuoteOptionCard({ index, choice, priced, problems, basics, selected, onSelect, onChange, onRemove }: Props) {
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

        <OptionTires choice={choice} selected={selected} onChange={onChange} />
        <OptionExtras choice={choice} basics={basics} onChange={onChange} />
        {problems.length > 0 && (
          <Alert color="red" variant="light" p="xs">
            <Stack gap={2}>
              {problems.map((p) => (
                <Text key={p} size="sm">
                  {asSentence(p)}
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

/** The option's tires, each with its price, its quantity box and a button to take it off. */
function OptionTires({ choice, selected, onChange }: Pick<Props, 'choice' | 'selected' | 'onChange'>) {
  return (
    <>
      {choice.tires.length === 0 && (
        <Text size="sm" c="dimmed">
          {noTiresWords(selected)}
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
              const next = withTireQuantity(choice, t, value);
              if (next !== choice) onChange(next);
            }}
          />
          <ActionIcon variant="subtle" color="gray" mb={4} aria-label={`Take ${tire.description} off`} onClick={() => onChange(withTireRemoved(choice, t))}>
            ✕
          </ActionIcon>
        </Group>
      ))}
    </>
  );
}

/** What the store offers the option beside its tires: add-ons, an install package, a warranty, studding. */
function OptionExtras({ choice, basics, onChange }: Pick<Props, 'choice' | 'basics' | 'onChange'>) {
  const studding = studdingOffered(basics.tireServices, choice);
  return (
    <>
      {basics.addOns.length > 0 && (
        <Stack gap={4}>
          {basics.addOns.map((addOn) => (
            <Checkbox
              key={addOn.tirePurchaseAddOnId}
              size="sm"
              label={addOnLabel(addOn)}
              checked={choice.addOnIds.includes(addOn.tirePurchaseAddOnId)}
              onChange={(e) => onChange(withAddOnTicked(choice, addOn.tirePurchaseAddOnId, e.currentTarget.checked))}
            />
          ))}
        </Stack>
      )}

      {basics.installPackages.length > 0 && (
        <OneOf
          label="Install package"
          data={packageChoices(basics.installPackages)}
          value={choice.installPackageId ?? ''}
          onChange={(value) => onChange(withPackage(choice, value))}
        />
      )}
      {warrantiesOffered(basics.warranties).length > 0 && (
        <OneOf
          label="Warranty"
          data={warrantyChoices(basics.warranties)}
          value={choice.warrantyType ?? ''}
          onChange={(value) => onChange(withWarranty(choice, value))}
        />
      )}
      {studding && (
        <Checkbox
          size="sm"
          label={studdingLabel(studding)}
          checked={choice.tireServiceTypes.includes('TireStudding')}
          onChange={(e) => onChange(withStudding(choice, e.currentTarget.checked))}
        />
      )}
    </>
  );
}

/** A select of one of the store's offers, its first choice none ('' as its value). */
function OneOf(props: { label: string; data: { value: string; label: string }[]; value: string; onChange: (value: string | null) => void }) {
  return <Select size="sm" allowDeselect={false} {...props} />;
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
