import { Alert, Badge, Button, Card, Checkbox, Group, NumberInput, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EditDialog, useEditDialog, WaitingBadge } from '../../app/edit-dialog.tsx';
import { focusFirstError } from '../../app/form-focus.ts';
import { centsOf, dollarsOf, formatCents } from '../../app/money.ts';
import { tireFeeRowSchema, type TireFeeRow } from '../../contract/tire-pricing.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { changedFields } from '../../domain/app/json-patch.ts';
import { feeKey, feeRowOn, feesInOrder, feeSpan, formatFeeDate, rateChange, tireFeeOverlaps } from '../../domain/tires/tire-fees.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { priceProblem, RefusedAlert } from './retail-parts.tsx';

/** A date field as the form keeps it: YYYY-MM-DD, or null while empty. */
type Day = string | null;

interface FeeValues {
  name: string;
  /** Dollars per tire as typed; the row keeps cents. */
  amount: number | string;
  isTaxable: boolean;
  effectiveFrom: Day;
  effectiveThrough: Day;
}

const valuesOf = (row: TireFeeRow | null): FeeValues => ({
  name: row?.name ?? '',
  amount: dollarsOf(row?.amountInCents ?? null),
  isTaxable: row?.isTaxable ?? false,
  effectiveFrom: row?.effectiveFrom ?? null,
  effectiveThrough: row?.effectiveThrough ?? null,
});

const rowOf = (tireFeeId: string, values: FeeValues): TireFeeRow => ({
  tireFeeId,
  name: values.name.trim(),
  amountInCents: centsOf(values.amount),
  isTaxable: values.isTaxable,
  effectiveFrom: values.effectiveFrom ?? '',
  effectiveThrough: values.effectiveThrough,
});

/**
 * A fee amount's problems, by field: the contract's schema, then the shared rule that rows of one fee never
 * overlap, under `dates`: no one field, and shown above the dates, where a date's open calendar cannot hide it.
 */
function feeProblems(row: TireFeeRow, others: readonly TireFeeRow[]): Record<string, string | undefined> {
  const name = tireFeeRowSchema.shape.name.safeParse(row.name);
  const ends = row.effectiveFrom !== '' && row.effectiveThrough !== null && row.effectiveThrough < row.effectiveFrom;
  const found = {
    name: name.success ? undefined : name.error.issues[0]!.message,
    amount: priceProblem(tireFeeRowSchema.shape.amountInCents, row.amountInCents, true)?.replace('a price', 'an amount'),
    effectiveFrom: row.effectiveFrom === '' ? 'Enter the first day this amount is charged' : undefined,
    effectiveThrough: ends ? 'End the fee on or after the day it starts' : undefined,
  };
  if (Object.values(found).some(Boolean)) return found;
  return { dates: tireFeeOverlaps(others, row)[0] };
}

const onlyProblems = (problems: Record<string, string | undefined>) => Object.fromEntries(Object.entries(problems).filter(([, message]) => message));

/** The rows of each fee, by name, each fee's rows by the day they start. */
function feesByName(rows: readonly TireFeeRow[]): { name: string; rows: TireFeeRow[] }[] {
  const fees: { name: string; rows: TireFeeRow[] }[] = [];
  for (const row of feesInOrder(rows)) {
    const last = fees.at(-1);
    if (last && feeKey(last.name) === feeKey(row.name)) last.rows.push(row);
    else fees.push({ name: row.name, rows: [row] });
  }
  return fees;
}

/** The row's dates as its button shows them: the words of its name, so a spoken command finds it (WCAG 2.5.3). */
const spanText = (row: TireFeeRow) => {
  const span = feeSpan(row);
  return span.charAt(0).toUpperCase() + span.slice(1);
};

type Editing = { kind: 'new' } | { kind: 'row'; row: TireFeeRow } | { kind: 'rate'; name: string } | null;

/**
 * The store's state tire fees: each fee's amounts by the day they start, the one charged today marked. A rate
 * change is a new amount from a date ("Change the rate from a date" ends the amount in force the day before).
 */
export function TireFeesSection({ fees, outbox, today }: { fees: TireFeeRow[]; outbox: OutboxEntry[]; today: string }) {
  const [editing, setEditing] = useState<Editing>(null);
  const waiting = new Map(outbox.map((e) => [e.key, e]));
  const grouped = feesByName(fees);
  return (
    <Card withBorder component="section" aria-labelledby="retail-fees">
      <Group justify="space-between" align="flex-start" mb="xs">
        <div style={{ flex: '1 1 16rem' }}>
          <Title order={2} size="h4" id="retail-fees">
            State tire fees
          </Title>
          <Text size="sm" c="dimmed">
            Charged per tire sold, at the amount in force on the quote's date.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
          Add fee
        </Button>
      </Group>
      <RefusedAlert entries={outbox} />
      {fees.length === 0 ? (
        <Text c="dimmed" py="sm">
          No state tire fees: add one if the store's state charges a fee per tire sold.
        </Text>
      ) : (
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>In force</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>Per tire</Table.Th>
              <Table.Th visibleFrom="sm">Taxable</Table.Th>
            </Table.Tr>
          </Table.Thead>
          {grouped.map((fee) => (
            <Table.Tbody key={feeKey(fee.name)}>
              <Table.Tr>
                <Table.Th colSpan={3} scope="colgroup" bg="var(--mantine-color-default-hover)">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <span style={{ overflowWrap: 'anywhere' }}>{fee.name}</span>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setEditing({ kind: 'rate', name: fee.name })}
                      aria-label={`Change the rate from a date: ${fee.name}`}
                    >
                      Change the rate from a date
                    </Button>
                  </Group>
                </Table.Th>
              </Table.Tr>
              {fee.rows.map((row) => (
                <Table.Tr key={row.tireFeeId}>
                  <Table.Td>
                    <Group gap="xs">
                      <UnstyledButton
                        onClick={() => setEditing({ kind: 'row', row })}
                        aria-label={`Edit the ${row.name} amount ${feeSpan(row)}`}
                        style={{ textDecoration: 'underline', textUnderlineOffset: 3 }}
                      >
                        {spanText(row)}
                      </UnstyledButton>
                      {feeRowOn([row], row.name, today) && (
                        <Badge color="green" variant="light">
                          Charged today
                        </Badge>
                      )}
                      <WaitingBadge entry={waiting.get(row.tireFeeId)} />
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCents(row.amountInCents)}</Table.Td>
                  <Table.Td visibleFrom="sm">{row.isTaxable ? 'Yes' : 'No'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          ))}
        </Table>
      )}
      {editing?.kind === 'new' && <FeeDialog row={null} fees={fees} onClose={() => setEditing(null)} />}
      {editing?.kind === 'row' && <FeeDialog row={editing.row} fees={fees} onClose={() => setEditing(null)} />}
      {editing?.kind === 'rate' && <RateDialog name={editing.name} fees={fees} today={today} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** Adds a fee (or an amount of one), or edits one amount: its name only while the fee has no other amount. */
function FeeDialog({ row, fees, onClose }: { row: TireFeeRow | null; fees: TireFeeRow[]; onClose: () => void }) {
  const [tireFeeId] = useState(() => row?.tireFeeId ?? crypto.randomUUID());
  const others = fees.filter((f) => f.tireFeeId !== tireFeeId);
  const alone = !row || !others.some((f) => feeKey(f.name) === feeKey(row.name));
  const form = useForm<FeeValues>({
    initialValues: valuesOf(row),
    validate: (values) => onlyProblems(feeProblems(rowOf(tireFeeId, values), others)),
  });
  const dialog = useEditDialog(onClose, form.isDirty, 'this fee');
  const save = form.onSubmit((values) => {
    const next = rowOf(tireFeeId, values);
    void dialog.act(async () => {
      if (!row) return syncClient().createTireFee(next);
      const changes = changedFields(rowOf(tireFeeId, form.getInitialValues()), next);
      return Object.keys(changes).length > 0 ? syncClient().updateTireFee(row.tireFeeId, changes) : false;
    });
  }, focusFirstError(form));
  const title = row ? `Edit the ${row.name} amount` : 'Add fee';
  return (
    <EditDialog
      title={title}
      dialog={dialog}
      onSubmit={save}
      footer={{
        submitLabel: row ? 'Save' : 'Add fee',
        removeLabel: 'Delete amount',
        removeQuestion: !row
          ? ''
          : alone
            ? `Delete the ${row.name}? Quotes stop charging it.`
            : `Delete this amount? Quotes on its days will have no amount of the ${row.name}.`,
        ...(row ? { onRemove: () => void dialog.act(() => syncClient().deleteTireFee(row.tireFeeId)) } : {}),
      }}
    >
      {alone ? (
        <TextInput label="Name" description="As the quote shows it, e.g. California tire fee" required maxLength={100} {...form.getInputProps('name')} />
      ) : (
        <Text size="sm" c="dimmed">
          The fee's other amounts keep its name; a new rate is a new amount from its first day (Change the rate from a date).
        </Text>
      )}
      <NumberInput
        label="Amount per tire"
        required
        prefix="$"
        min={0}
        clampBehavior="none"
        decimalScale={2}
        fixedDecimalScale
        thousandSeparator=","
        w={180}
        {...form.getInputProps('amount')}
      />
      <Checkbox label="Taxable" description="Sales tax is charged on it" {...form.getInputProps('isTaxable', { type: 'checkbox' })} />
      {/* Once refused, shown while it still holds: changing a date or the name may part the amounts. */}
      {form.errors.dates && feeProblems(rowOf(tireFeeId, form.values), others).dates && (
        <Alert color="red" variant="light" role="alert">
          {feeProblems(rowOf(tireFeeId, form.values), others).dates}
        </Alert>
      )}
      <Group align="flex-start" gap="md" grow>
        <DateInput label="From" required valueFormat="MMM D, YYYY" placeholder="First day charged" {...form.getInputProps('effectiveFrom')} />
        <DateInput label="Through" clearable valueFormat="MMM D, YYYY" placeholder="No end: still in force" {...form.getInputProps('effectiveThrough')} />
      </Group>
    </EditDialog>
  );
}

interface RateValues {
  amount: number | string;
  effectiveFrom: Day;
}

/**
 * A new amount of a fee from a date: the amount in force that day ends the day before, and the new one runs on
 * from that day (both queued in one step, so the device never holds one without the other).
 */
function RateDialog({ name, fees, today, onClose }: { name: string; fees: TireFeeRow[]; today: string; onClose: () => void }) {
  const [tireFeeId] = useState(() => crypto.randomUUID());
  const form = useForm<RateValues>({
    initialValues: { amount: '', effectiveFrom: null },
    validate: (values) => onlyProblems(rateProblems(values)),
  });
  const dialog = useEditDialog(onClose, form.isDirty, 'the new rate');
  const rows = fees.filter((f) => feeKey(f.name) === feeKey(name));

  /** The amount in force on the day chosen, and the split it makes, or what stops it. */
  function split(values: RateValues) {
    if (!values.effectiveFrom) return null;
    const row = feeRowOn(rows, name, values.effectiveFrom);
    if (!row)
      return { problem: `The ${name} has no amount on ${formatFeeDate(values.effectiveFrom)} to change: add an amount from that day instead (Add fee)` };
    const result = rateChange(row, { tireFeeId, effectiveFrom: values.effectiveFrom, amountInCents: centsOf(values.amount) });
    return result.ok ? { row, ...result } : { problem: result.problem };
  }
  function rateProblems(values: RateValues): Record<string, string | undefined> {
    const found = split(values);
    return {
      amount: priceProblem(tireFeeRowSchema.shape.amountInCents, centsOf(values.amount), true)?.replace('a price', 'an amount'),
      effectiveFrom: found ? undefined : 'Enter the first day of the new amount',
      // Under no one field: shown above the dates, where the date's open calendar cannot hide it.
      dates: found && 'problem' in found ? found.problem : undefined,
    };
  }

  const preview = split(form.values);
  const cents = centsOf(form.values.amount);
  const save = form.onSubmit((values) => {
    const found = split(values);
    if (!found || 'problem' in found) return;
    void dialog.act(() =>
      syncClient().changeTireFeeRate(found.row, { tireFeeId, effectiveFrom: values.effectiveFrom!, amountInCents: centsOf(values.amount) }),
    );
  }, focusFirstError(form));
  const current = feeRowOn(rows, name, today);
  return (
    <EditDialog
      title={`Change the ${name} rate`}
      dialog={dialog}
      onSubmit={save}
      footer={{ submitLabel: 'Change the rate', removeLabel: '', removeQuestion: '' }}
    >
      <Text size="sm">
        {current ? `Charged today: ${formatCents(current.amountInCents)} a tire.` : `No amount is charged today.`} The amount in force on the day you choose
        ends the day before.
      </Text>
      <Group align="flex-start" gap="md" grow>
        <NumberInput
          label="New amount per tire"
          required
          prefix="$"
          min={0}
          clampBehavior="none"
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          {...form.getInputProps('amount')}
        />
        <DateInput label="From" required valueFormat="MMM D, YYYY" placeholder="First day of the new amount" {...form.getInputProps('effectiveFrom')} />
      </Group>
      {form.errors.dates && rateProblems(form.values).dates && (
        <Alert color="red" variant="light" role="alert">
          {rateProblems(form.values).dates}
        </Alert>
      )}
      {preview && 'ended' in preview && !Number.isNaN(cents) && (
        <Alert color="blue" variant="light" title="After this change">
          {formatCents(preview.row.amountInCents)} a tire {feeSpan(preview.ended)}, then {formatCents(cents)} {feeSpan(preview.added)}.
        </Alert>
      )}
    </EditDialog>
  );
}
