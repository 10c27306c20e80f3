import { Checkbox, Grid, Group, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Customer } from '../../contract/entities.ts';
import { customerContactMethods, textConsentMethods, type TextConsentMethod } from '../../contract/enum-values.ts';
import { createCustomerSchema } from '../../contract/writes.ts';
import { customerProblems, normalizeFields, type FieldProblems } from '../../domain/people/customer-rules.ts';
import { formatPhone } from '../../domain/people/phone.ts';

/** The form's values: text as typed ('' for none); the consent as a tick and how it was given. */
export interface CustomerFormValues {
  firstName: string;
  lastName: string;
  companyName: string;
  phoneNumber: string;
  alternatePhoneNumber: string;
  email: string;
  preferredContactMethod: Customer['preferredContactMethod'];
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  notes: string;
  textConsent: boolean;
  textConsentMethod: TextConsentMethod | null;
}

const text = (value: string | null | undefined) => value ?? '';

export const emptyCustomerForm: CustomerFormValues = {
  firstName: '',
  lastName: '',
  companyName: '',
  phoneNumber: '',
  alternatePhoneNumber: '',
  email: '',
  preferredContactMethod: 'Phone',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  notes: '',
  textConsent: false,
  textConsentMethod: null,
};

export function customerFormValues(c: Customer): CustomerFormValues {
  return {
    firstName: text(c.firstName),
    lastName: text(c.lastName),
    companyName: text(c.companyName),
    phoneNumber: formatPhone(c.phoneNumber),
    alternatePhoneNumber: formatPhone(c.alternatePhoneNumber),
    email: text(c.email),
    preferredContactMethod: c.preferredContactMethod,
    addressLine1: text(c.addressLine1),
    addressLine2: text(c.addressLine2),
    city: text(c.city),
    state: text(c.state),
    postalCode: text(c.postalCode),
    notes: text(c.notes),
    textConsent: c.textConsentMethod !== null,
    textConsentMethod: c.textConsentMethod,
  };
}

type CustomerFields = Omit<Customer, 'customerId' | 'legacyCustomerId' | 'createdOn' | 'mergedIntoCustomerId'>;

/**
 * The customer the form describes, as stored. Consent keeps when and by whom it was recorded (`previous`),
 * or is recorded now by `recordedBy`; withdrawn, all three are cleared.
 */
export function customerFromForm(values: CustomerFormValues, recordedBy: string, previous?: Customer, now = new Date()): CustomerFields {
  const orNull = (v: string) => v.trim() || null;
  const consentKept = values.textConsent && previous?.textConsentMethod === values.textConsentMethod && previous.textConsentGivenOn;
  return normalizeFields({
    firstName: orNull(values.firstName),
    lastName: orNull(values.lastName),
    companyName: orNull(values.companyName),
    phoneNumber: orNull(values.phoneNumber),
    alternatePhoneNumber: orNull(values.alternatePhoneNumber),
    email: orNull(values.email),
    preferredContactMethod: values.preferredContactMethod,
    addressLine1: orNull(values.addressLine1),
    addressLine2: orNull(values.addressLine2),
    city: orNull(values.city),
    state: orNull(values.state),
    postalCode: orNull(values.postalCode),
    notes: orNull(values.notes),
    textConsentMethod: values.textConsent ? values.textConsentMethod : null,
    textConsentGivenOn: values.textConsent ? (consentKept ? previous!.textConsentGivenOn : now.toISOString()) : null,
    textConsentRecordedBy: values.textConsent ? (consentKept ? previous!.textConsentRecordedBy : recordedBy) : null,
  });
}

/** What is wrong with the form, by field: the contract's shapes and the shared rules, in the same words the server uses. */
export function customerFormProblems(values: CustomerFormValues): FieldProblems {
  const model = customerFromForm(values, 'the form');
  const problems: FieldProblems = { ...customerProblems(model) };
  const shape = createCustomerSchema.safeParse({ ...model, customerId: crypto.randomUUID() });
  if (!shape.success) for (const issue of shape.error.issues) (problems[String(issue.path[0])] ??= []).push(issue.message);
  if (values.textConsent && !values.textConsentMethod) problems.textConsentMethod = ['Say how the customer agreed to texts'];
  return problems;
}

export const firstProblemOf = (problems: FieldProblems) => Object.fromEntries(Object.entries(problems).map(([field, messages]) => [field, messages[0]]));

/** The customer's fields, for the create form and the edit view alike. */
export function CustomerFields({ form, consentNote }: { form: UseFormReturnType<CustomerFormValues>; consentNote?: string | null }) {
  const consent = form.getValues().textConsent;
  return (
    <Stack gap="sm">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="First name" autoComplete="off" maxLength={100} {...form.getInputProps('firstName')} key={form.key('firstName')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Last name" autoComplete="off" maxLength={100} {...form.getInputProps('lastName')} key={form.key('lastName')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label="Company"
            description="For a business or fleet; a person's name is then optional."
            maxLength={200}
            {...form.getInputProps('companyName')}
            key={form.key('companyName')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps('phoneNumber')} key={form.key('phoneNumber')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Other phone" type="tel" autoComplete="off" {...form.getInputProps('alternatePhoneNumber')} key={form.key('alternatePhoneNumber')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} key={form.key('email')} />
        </Grid.Col>
      </Grid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="contact-method-label">
          Preferred contact
        </Text>
        <SegmentedControl
          aria-labelledby="contact-method-label"
          data={customerContactMethods.values.map((value) => ({ value, label: customerContactMethods.label(value) }))}
          {...form.getInputProps('preferredContactMethod')}
          key={form.key('preferredContactMethod')}
          w="fit-content"
        />
        {form.errors.preferredContactMethod && (
          <Text size="xs" c="error">
            {form.errors.preferredContactMethod}
          </Text>
        )}
      </Stack>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Checkbox label="Agreed to receive texts" {...form.getInputProps('textConsent', { type: 'checkbox' })} key={form.key('textConsent')} />
        {consent && (
          <Select
            label="How they agreed"
            placeholder="Choose"
            w={220}
            data={textConsentMethods.values.map((value) => ({ value, label: textConsentMethods.label(value) }))}
            {...form.getInputProps('textConsentMethod')}
            key={form.key('textConsentMethod')}
            allowDeselect={false}
          />
        )}
      </Group>
      {consentNote && (
        <Text size="xs" c="dimmed">
          {consentNote}
        </Text>
      )}
      <Grid gap="sm">
        <Grid.Col span={12}>
          <TextInput label="Address" maxLength={200} {...form.getInputProps('addressLine1')} key={form.key('addressLine1')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput label="Address line 2" maxLength={200} {...form.getInputProps('addressLine2')} key={form.key('addressLine2')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="City" maxLength={100} {...form.getInputProps('city')} key={form.key('city')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput label="State" maxLength={50} {...form.getInputProps('state')} key={form.key('state')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput label="Postal code" maxLength={20} {...form.getInputProps('postalCode')} key={form.key('postalCode')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label="Notes" autosize minRows={2} maxRows={8} maxLength={4000} {...form.getInputProps('notes')} key={form.key('notes')} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
