import { Alert, Button, Grid, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { CustomerVehicle } from '../../contract/entities.ts';
import { vehicleColors, type VehicleColor } from '../../contract/enum-values.ts';
import { createVehicleSchema } from '../../contract/writes.ts';
import { focusFirstError } from '../../app/form-focus.ts';
import { ConflictNotice } from '../../app/conflict-notice.tsx';
import { LeaveGuard } from '../../app/leave-guard.tsx';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { DeclinedWorkCard } from '../../app/vehicles/declined-work-card.tsx';
import { TireHistoryCard } from '../../app/vehicles/tire-history-card.tsx';
import { calendarDateAt } from '../../domain/calendar/date-format.ts';
import { normalizeFields, vehicleProblems, vehicleWarnings, type FieldProblems } from '../../domain/people/customer-rules.ts';
import { vehicleTitle } from '../../domain/people/display-name.ts';
import { lastYearOfShortVins, modelYearFromVin, normalizeVin, vinProblem } from '../../domain/people/vin.ts';
import { changedFields } from '../../domain/app/json-patch.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { firstProblemOf } from './customer-form.tsx';
import { useVehicle } from './use-customer.ts';

interface VehicleFormValues {
  vin: string;
  year: number | '';
  make: string;
  model: string;
  trim: string;
  vehicleLicensePlateState: string;
  vehicleLicensePlateNumber: string;
  color: VehicleColor;
  mileage: number | '';
  tireSize: string;
}

const empty: VehicleFormValues = {
  vin: '',
  year: '',
  make: '',
  model: '',
  trim: '',
  vehicleLicensePlateState: '',
  vehicleLicensePlateNumber: '',
  color: 'Unknown',
  mileage: '',
  tireSize: '',
};

const valuesOf = (v: CustomerVehicle): VehicleFormValues => ({
  vin: v.vin ?? '',
  year: v.year ?? '',
  make: v.make ?? '',
  model: v.model ?? '',
  trim: v.trim ?? '',
  vehicleLicensePlateState: v.vehicleLicensePlateState ?? '',
  vehicleLicensePlateNumber: v.vehicleLicensePlateNumber ?? '',
  color: v.color,
  mileage: v.mileage ?? '',
  tireSize: v.tireSize ?? '',
});

function vehicleFromForm(values: VehicleFormValues) {
  const orNull = (text: string) => text.trim() || null;
  return normalizeFields({
    vin: orNull(values.vin),
    year: values.year === '' ? null : values.year,
    make: orNull(values.make),
    model: orNull(values.model),
    trim: orNull(values.trim),
    vehicleLicensePlateState: orNull(values.vehicleLicensePlateState),
    vehicleLicensePlateNumber: orNull(values.vehicleLicensePlateNumber),
    color: values.color,
    mileage: values.mileage === '' ? null : values.mileage,
    tireSize: orNull(values.tireSize),
  });
}

function vehicleFormProblems(values: VehicleFormValues): FieldProblems {
  const model = vehicleFromForm(values);
  const problems: FieldProblems = { ...vehicleProblems(model) };
  const shape = createVehicleSchema.safeParse({ ...model, vehicleId: crypto.randomUUID() });
  if (!shape.success) for (const issue of shape.error.issues) (problems[String(issue.path[0])] ??= []).push(issue.message);
  return problems;
}

/** Under the VIN: where to find it, or what a valid one says. */
function vinNote(vin: string, year: number | ''): string {
  const y = year === '' ? null : year;
  if (vin.length === 17 && !vinProblem(vin)) return `Checks out: a ${modelYearFromVin(vin) ?? ''} model.`;
  if (vin.length > 0 && vin.length < 17 && y !== null && y <= lastYearOfShortVins && !vinProblem(vin, y))
    return 'A serial from before 1981: it has no check digit to verify.';
  return "17 characters, on the driver's door or the windshield (shorter before 1981: enter the year too).";
}

/**
 * A customer's vehicle, new (vehicles/create) or changed (vehicles/{vehicleId}): the VIN is checked as it is
 * typed and gives the model year; the colour is one of the spec's sixteen; saved through the outbox.
 */
export function VehicleFormPage() {
  const session = useSession();
  const { customerId, vehicleId } = useParams({ strict: false }) as { customerId: string; vehicleId?: string };
  const storeId = session?.activeStore?.id ?? 0;
  const existing = useVehicle(storeId, vehicleId ?? '');
  if (!session?.activeStore) return null;
  if (vehicleId && existing === undefined) return null;
  if (vehicleId && !existing?.vehicle)
    return (
      <Alert color="gray" title="This vehicle is not on this device">
        It may have been removed, or not arrived yet.
      </Alert>
    );
  const form = <VehicleForm key={vehicleId ?? 'new'} storeId={storeId} customerId={customerId} vehicle={existing?.vehicle ?? null} />;
  if (!existing?.vehicle) return form;
  // The counter's first questions about a returning car: what tires, how old, how worn, what was said last time.
  const { timeZone } = storeFormatters(session.activeStore);
  return (
    <Stack maw={720}>
      {form}
      <TireHistoryCard storeId={storeId} vehicleId={existing.vehicle.vehicleId} today={calendarDateAt(new Date(), timeZone)} timeZone={timeZone} />
      <DeclinedWorkCard storeId={storeId} vehicleId={existing.vehicle.vehicleId} timeZone={timeZone} />
    </Stack>
  );
}

function VehicleForm({ storeId, customerId, vehicle }: { storeId: number; customerId: string; vehicle: CustomerVehicle | null }) {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [opened] = useState(() => (vehicle ? valuesOf(vehicle) : empty));
  const form = useForm<VehicleFormValues>({
    mode: 'controlled',
    initialValues: opened,
    validate: (values) => firstProblemOf(vehicleFormProblems(values)),
    validateInputOnBlur: true,
  });
  const vin = normalizeVin(form.getValues().vin);
  // A VIN typed here that checks out gives the model year, filled in when the year is still empty (not on
  // opening a vehicle saved without one: that would count as a change nobody made).
  useEffect(() => {
    if (vin !== normalizeVin(opened.vin) && vin.length === 17 && !vinProblem(vin) && form.getValues().year === '') {
      const year = modelYearFromVin(vin);
      if (year) form.setFieldValue('year', year);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the VIN changes
  }, [vin]);

  const yearWarning = vehicleWarnings(vehicleFromForm(form.getValues())).year;

  const back = () => navigate({ to: '/customers/$customerId', params: { customerId } });
  const save = form.onSubmit(async (values) => {
    setSaving(true);
    setFailure(null);
    try {
      const model = vehicleFromForm(values);
      if (vehicle) await syncClient().updateVehicle(customerId, vehicle.vehicleId, changedFields(vehicleFromForm(opened), model));
      else await syncClient().createVehicle(customerId, { vehicleId: crypto.randomUUID(), ...model });
      form.resetDirty(values);
      await back();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setSaving(false);
    }
  }, focusFirstError(form));

  return (
    <form onSubmit={save} noValidate>
      <LeaveGuard unsaved={() => form.isDirty()} what="vehicle details" />
      <Stack maw={720}>
        <Title order={2} size="h3">
          {vehicle ? `Edit ${vehicleTitle(vehicle)}` : 'Add a vehicle'}
        </Title>
        {vehicle && (
          <ConflictNotice
            storeId={storeId}
            collection="customerVehicles"
            keys={[vehicle.vehicleId]}
            describe={(c) => ({ field: c.field, mine: String(c.mine ?? 'empty'), theirs: String(c.theirs ?? 'empty') })}
          />
        )}
        <Paper withBorder p="md">
          <Grid gap="sm">
            <Grid.Col span={12}>
              <TextInput
                label="VIN"
                maxLength={24}
                description={vinNote(vin, form.getValues().year)}
                styles={{ input: { fontFamily: 'monospace', textTransform: 'uppercase' } }}
                {...form.getInputProps('vin')}
                key={form.key('vin')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <NumberInput
                label="Year"
                min={1900}
                max={2100}
                allowDecimal={false}
                description={yearWarning}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                styles={{ description: { color: 'var(--mantine-color-orange-9)' } }}
                {...form.getInputProps('year')}
                key={form.key('year')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <TextInput label="Make" maxLength={60} {...form.getInputProps('make')} key={form.key('make')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 5 }}>
              <TextInput label="Model" maxLength={60} {...form.getInputProps('model')} key={form.key('model')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <TextInput label="Trim" maxLength={60} {...form.getInputProps('trim')} key={form.key('trim')} />
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 2 }}>
              <TextInput
                label="Plate state"
                maxLength={2}
                placeholder="IL"
                {...form.getInputProps('vehicleLicensePlateState')}
                key={form.key('vehicleLicensePlateState')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 8, sm: 6 }}>
              <TextInput label="Plate number" maxLength={20} {...form.getInputProps('vehicleLicensePlateNumber')} key={form.key('vehicleLicensePlateNumber')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <Select
                label="Colour"
                data={vehicleColors.values.map((value) => ({ value, label: value }))}
                allowDeselect={false}
                {...form.getInputProps('color')}
                key={form.key('color')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <NumberInput label="Mileage" min={0} thousandSeparator="," allowDecimal={false} {...form.getInputProps('mileage')} key={form.key('mileage')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Tire size" placeholder="225/65R17" maxLength={30} {...form.getInputProps('tireSize')} key={form.key('tireSize')} />
            </Grid.Col>
          </Grid>
        </Paper>
        {failure && (
          <Alert color="error" title="The vehicle was not saved">
            {failure}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          Saved on this device at once, and sent with the other changes.
        </Text>
        <Group>
          <Button type="submit" loading={saving}>
            {vehicle ? 'Save vehicle' : 'Add vehicle'}
          </Button>
          <Button variant="default" onClick={() => void back()}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
