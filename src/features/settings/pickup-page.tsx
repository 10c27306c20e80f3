import { ActionIcon, Button, Card, Group, NumberInput, SegmentedControl, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { centsOf } from '../../app/money.ts';
import { useSession } from '../../app/session.ts';
import { storeLocationFieldsSchema, type StoreLocation } from '../../contract/store-location.ts';
import { pickupProblems } from '../../domain/store/pickup-rules.ts';
import { StoreFormFrame, useStoreForm } from './store-form.tsx';

interface PickupValues extends Record<string, unknown> {
  pickupAndDeliveryEnabled: boolean;
  pickupServiceArea: 'radius' | 'postalCodes';
  pickupRadiusMiles: number | string;
  postalCodes: string;
  fee: number | string;
  pickupWindows: { start: string; end: string }[];
}

const values = (store: StoreLocation): PickupValues => ({
  pickupAndDeliveryEnabled: store.pickupAndDeliveryEnabled,
  pickupServiceArea: store.pickupServiceArea,
  pickupRadiusMiles: store.pickupRadiusMiles ?? '',
  postalCodes: store.pickupPostalCodes.join(', '),
  fee: store.pickupFeeInCents === null ? '' : store.pickupFeeInCents / 100,
  pickupWindows: store.pickupWindows,
});

/** ZIP codes as staff paste them: separated by commas, spaces or lines; each once. */
const codesOf = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
  ),
];

function fields(form: PickupValues) {
  return {
    pickupAndDeliveryEnabled: form.pickupAndDeliveryEnabled,
    pickupServiceArea: form.pickupServiceArea,
    pickupRadiusMiles: form.pickupRadiusMiles === '' ? null : Number(form.pickupRadiusMiles),
    pickupPostalCodes: codesOf(form.postalCodes),
    pickupFeeInCents: form.fee === '' ? null : centsOf(form.fee),
    pickupWindows: form.pickupWindows,
  };
}

function validate(form: PickupValues): Record<string, string | undefined> {
  const next = fields(form);
  const problems: Record<string, string | undefined> = {};
  const parsed = storeLocationFieldsSchema
    .pick({ pickupRadiusMiles: true, pickupPostalCodes: true, pickupFeeInCents: true, pickupWindows: true })
    .safeParse(next);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      problems[field === 'pickupPostalCodes' ? 'postalCodes' : field === 'pickupFeeInCents' ? 'fee' : field] ??=
        field === 'pickupPostalCodes'
          ? `${next.pickupPostalCodes[Number(issue.path[1])]} is not a ZIP code`
          : field === 'pickupWindows'
            ? "Enter each window's start and end, e.g. 08:00"
            : issue.message;
    }
    return problems;
  }
  for (const [field, messages] of Object.entries(pickupProblems(next))) problems[field === 'pickupPostalCodes' ? 'postalCodes' : field] = messages[0];
  return problems;
}

/** Whether the store picks up and delivers customers' vehicles, where, at what fee and when (settings, pickup and delivery). */
export function PickupPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  return store ? <PickupForm store={store} /> : null;
}

function PickupForm({ store }: { store: StoreLocation }) {
  const state = useStoreForm(store, { values, fields, validate });
  const { form } = state;
  const on = form.values.pickupAndDeliveryEnabled;
  return (
    <StoreFormFrame
      store={store}
      title="Pickup and Delivery"
      description="Collect a customer's vehicle and bring it back after the work: where, at what fee, and when."
      state={state}
    >
      <Card withBorder>
        <Switch label="Offer pickup and delivery" {...form.getInputProps('pickupAndDeliveryEnabled', { type: 'checkbox' })} />
      </Card>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Service area
        </Title>
        <Stack gap="sm">
          <SegmentedControl
            data={[
              { value: 'radius', label: 'Distance from the store' },
              { value: 'postalCodes', label: 'ZIP codes' },
            ]}
            disabled={!on}
            aria-label="Service area by"
            {...form.getInputProps('pickupServiceArea')}
          />
          {form.values.pickupServiceArea === 'radius' ? (
            <NumberInput label="Up to (miles)" min={1} max={100} allowDecimal={false} disabled={!on} maw={200} {...form.getInputProps('pickupRadiusMiles')} />
          ) : (
            <Textarea
              label="ZIP codes served"
              description="Separated by commas, spaces or lines"
              autosize
              minRows={2}
              disabled={!on}
              {...form.getInputProps('postalCodes')}
            />
          )}
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Fee and time windows
        </Title>
        <Stack gap="sm">
          <NumberInput
            label="Fee"
            description="Leave empty when it is free"
            prefix="$"
            min={0}
            decimalScale={2}
            fixedDecimalScale
            disabled={!on}
            maw={200}
            {...form.getInputProps('fee')}
          />
          <div>
            <Text size="sm" fw={500}>
              Time windows
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              When a customer can have the vehicle picked up or brought back, every day the store is open.
            </Text>
            <Stack gap="xs">
              {form.values.pickupWindows.map((_, i) => (
                <Group key={i} gap="xs" wrap="nowrap">
                  <TimeInput aria-label={`Window ${i + 1} starts`} disabled={!on} {...form.getInputProps(`pickupWindows.${i}.start`)} />
                  <Text size="sm">to</Text>
                  <TimeInput aria-label={`Window ${i + 1} ends`} disabled={!on} {...form.getInputProps(`pickupWindows.${i}.end`)} />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={!on}
                    aria-label={`Remove window ${i + 1}`}
                    onClick={() => form.removeListItem('pickupWindows', i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              {form.errors.pickupWindows && (
                <Text size="sm" c="red">
                  {form.errors.pickupWindows}
                </Text>
              )}
              <Button
                variant="light"
                size="xs"
                w="fit-content"
                leftSection={<IconPlus size={14} />}
                disabled={!on || form.values.pickupWindows.length >= 12}
                onClick={() => form.insertListItem('pickupWindows', { start: '12:00', end: '14:00' })}
              >
                Add window
              </Button>
            </Stack>
          </div>
        </Stack>
      </Card>
    </StoreFormFrame>
  );
}
