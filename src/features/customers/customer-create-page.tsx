import { Alert, Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { focusFirstError } from '../../app/form-focus.ts';
import { LeaveGuard } from '../../app/leave-guard.tsx';
import { useSession } from '../../app/session.ts';
import { isPhoneShaped, searchablePhone } from '../../domain/people/customer-search.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { CustomerFields, customerFormProblems, customerFromForm, emptyCustomerForm, firstProblemOf, type CustomerFormValues } from './customer-form.tsx';
import { PossibleMatches } from '../../app/customers/possible-matches.tsx';

/** What was typed in the search box becomes the start of the new customer: a phone, an email, or a name. */
function prefilled(text: string | undefined): CustomerFormValues {
  const value = text?.trim() ?? '';
  if (!value) return emptyCustomerForm;
  if (value.includes('@')) return { ...emptyCustomerForm, email: value };
  if (isPhoneShaped(value) && searchablePhone(value)) return { ...emptyCustomerForm, phoneNumber: value };
  const [first, ...rest] = value.split(/\s+/);
  return { ...emptyCustomerForm, firstName: rest.length ? first! : '', lastName: rest.length ? rest.join(' ') : first! };
}

/**
 * A new customer (spec route /customer-create). Customers already on the device who look like the one being
 * typed show beside the form before anything is saved. Saving works offline: the customer is on the device
 * at once and reaches the server with the other changes.
 */
export function CustomerCreatePage() {
  const session = useSession();
  const navigate = useNavigate();
  const { prefill } = useSearch({ strict: false }) as { prefill?: string };
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CustomerFormValues>({
    mode: 'controlled',
    initialValues: prefilled(prefill),
    validate: (values) => firstProblemOf(customerFormProblems(values)),
    validateInputOnBlur: true,
  });
  const values = form.getValues();

  const save = form.onSubmit(async (submitted) => {
    if (!session) return;
    setSaving(true);
    setFailure(null);
    try {
      const customerId = crypto.randomUUID();
      await syncClient().createCustomer({ customerId, ...customerFromForm(submitted, session.user.name) });
      form.resetDirty(submitted);
      await navigate({ to: '/customers/$customerId', params: { customerId } });
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setSaving(false);
    }
  }, focusFirstError(form));

  if (!session?.activeStore) return null;
  return (
    <form onSubmit={save} noValidate>
      <LeaveGuard unsaved={() => form.isDirty()} what="customer details" />
      <Stack maw={1100}>
        <Title order={1} size="h2">
          Create Customer
        </Title>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder p="md">
              <CustomerFields form={form} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <PossibleMatches
              storeId={session.activeStore.id}
              wanted={{
                firstName: values.firstName,
                lastName: values.lastName,
                companyName: values.companyName,
                email: values.email,
                phoneNumber: values.phoneNumber,
                alternatePhoneNumber: values.alternatePhoneNumber,
              }}
            />
          </Grid.Col>
        </Grid>
        {failure && (
          <Alert color="error" title="The customer was not saved">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={saving}>
            Save customer
          </Button>
          <Button variant="default" onClick={() => void navigate({ to: '/customer-search' })}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
