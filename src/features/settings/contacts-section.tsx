import { Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { z } from 'zod';
import { fieldMessages } from '../../app/form-errors.ts';
import { focusFirstError } from '../../app/form-focus.ts';
import { socialMediaAccountSchema, storeContactSchema, type SocialMediaAccount, type StoreContact } from '../../contract/entities.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { formatPhone } from '../../domain/people/phone.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { EditDialog, useEditDialog, WaitingBadge } from '../../app/edit-dialog.tsx';

type Kind = 'storeContacts' | 'socialMediaAccounts';
const platforms = ['Facebook', 'Instagram', 'X', 'YouTube', 'TikTok', 'LinkedIn', 'Nextdoor', 'Other'];

function useEntries<T>(storeId: number, kind: Kind) {
  return useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const [rows, outbox] = await Promise.all([db.rows<T>(kind).toArray(), db.outbox.filter((e) => e.collection === kind).toArray()]);
    return { rows, waiting: new Map(outbox.map((e) => [e.key, e])) };
  }, [storeId, kind]);
}

const problemsOf = (schema: z.ZodObject, values: Record<string, unknown>) => {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : fieldMessages(parsed.error);
};
const orNull = (text: string) => text.trim() || null;

/** The people customers and suppliers ask for at the store (settings, general). */
export function ContactsSection({ storeId }: { storeId: number }) {
  const data = useEntries<StoreContact>(storeId, 'storeContacts');
  const [editing, setEditing] = useState<StoreContact | 'new' | null>(null);
  const contacts = [...(data?.rows ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          Store contacts
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
          Add contact
        </Button>
      </Group>
      {data && contacts.length === 0 && (
        <Text size="sm" c="dimmed">
          No contacts yet.
        </Text>
      )}
      {contacts.length > 0 && (
        <Table verticalSpacing={4}>
          <Table.Tbody>
            {contacts.map((c) => (
              <Table.Tr key={c.storeContactId}>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" px={0} onClick={() => setEditing(c)} aria-label={`Edit contact ${c.name}`}>
                    {c.name}
                  </Button>
                  {c.title && (
                    <Text span size="sm" c="dimmed">
                      {' '}
                      · {c.title}
                    </Text>
                  )}
                  <WaitingBadge entry={data?.waiting.get(c.storeContactId)} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{[c.email, c.phoneNumber && formatPhone(c.phoneNumber)].filter(Boolean).join(' · ')}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && <ContactDialog contact={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ContactDialog({ contact, onClose }: { contact: StoreContact | null; onClose: () => void }) {
  const entry = (v: { name: string; title: string; email: string; phoneNumber: string }): StoreContact => ({
    storeContactId: contact?.storeContactId ?? crypto.randomUUID(),
    name: v.name.trim(),
    title: orNull(v.title),
    email: orNull(v.email)?.toLowerCase() ?? null,
    phoneNumber: orNull(v.phoneNumber),
  });
  const form = useForm({
    initialValues: { name: contact?.name ?? '', title: contact?.title ?? '', email: contact?.email ?? '', phoneNumber: contact?.phoneNumber ?? '' },
    validate: (v) => {
      const problems = problemsOf(storeContactSchema, entry(v));
      return {
        ...problems,
        ...(v.name.trim() ? {} : { name: "Enter the contact's name" }),
        ...(problems.email ? { email: 'Enter an email address like name@example.com, or leave it empty' } : {}),
      };
    },
  });
  const dialog = useEditDialog(onClose, form.isDirty, 'this contact');
  const save = form.onSubmit((v) => void dialog.act(() => syncClient().saveStoreEntry('storeContacts', entry(v))), focusFirstError(form));
  return (
    <EditDialog
      title={contact ? `Edit ${contact.name}` : 'Add contact'}
      dialog={dialog}
      onSubmit={save}
      footer={{
        removeLabel: 'Remove',
        removeQuestion: `Remove ${contact?.name ?? ''}?`,
        submitLabel: contact ? 'Save' : 'Add contact',
        onRemove: contact ? () => void dialog.act(() => syncClient().deleteStoreEntry('storeContacts', contact.storeContactId)) : undefined,
      }}
    >
      <TextInput label="Name" required maxLength={200} {...form.getInputProps('name')} />
      <TextInput label="Title" placeholder="e.g. Service Advisor" maxLength={100} {...form.getInputProps('title')} />
      <TextInput label="Email" type="email" maxLength={254} {...form.getInputProps('email')} />
      <TextInput label="Phone" type="tel" maxLength={30} {...form.getInputProps('phoneNumber')} />
    </EditDialog>
  );
}

/** Where the store is on social media (settings, general). */
export function SocialMediaSection({ storeId }: { storeId: number }) {
  const data = useEntries<SocialMediaAccount>(storeId, 'socialMediaAccounts');
  const [editing, setEditing] = useState<SocialMediaAccount | 'new' | null>(null);
  const accounts = [...(data?.rows ?? [])].sort((a, b) => a.platform.localeCompare(b.platform));
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          Social media
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
          Add account
        </Button>
      </Group>
      {data && accounts.length === 0 && (
        <Text size="sm" c="dimmed">
          No accounts yet.
        </Text>
      )}
      <Stack gap={4}>
        {accounts.map((a) => (
          <Group key={a.socialMediaAccountId} gap="xs" wrap="nowrap">
            <Button variant="subtle" size="compact-sm" px={0} onClick={() => setEditing(a)} aria-label={`Edit ${a.platform} account`}>
              {a.platform}
            </Button>
            <Text size="sm" c="dimmed" truncate>
              {a.url}
            </Text>
            <WaitingBadge entry={data?.waiting.get(a.socialMediaAccountId)} />
          </Group>
        ))}
      </Stack>
      {editing && <SocialDialog account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function SocialDialog({ account, onClose }: { account: SocialMediaAccount | null; onClose: () => void }) {
  const entry = (v: { platform: string; url: string }): SocialMediaAccount => ({
    socialMediaAccountId: account?.socialMediaAccountId ?? crypto.randomUUID(),
    platform: v.platform,
    url: v.url.trim(),
  });
  const form = useForm({
    initialValues: { platform: account?.platform ?? 'Facebook', url: account?.url ?? '' },
    validate: (v) => problemsOf(socialMediaAccountSchema, entry(v)),
  });
  const dialog = useEditDialog(onClose, form.isDirty, 'this account');
  const save = form.onSubmit((v) => void dialog.act(() => syncClient().saveStoreEntry('socialMediaAccounts', entry(v))), focusFirstError(form));
  return (
    <EditDialog
      title={account ? `Edit ${account.platform} account` : 'Add social media account'}
      dialog={dialog}
      onSubmit={save}
      footer={{
        removeLabel: 'Remove',
        removeQuestion: 'Remove this account?',
        submitLabel: account ? 'Save' : 'Add account',
        onRemove: account ? () => void dialog.act(() => syncClient().deleteStoreEntry('socialMediaAccounts', account.socialMediaAccountId)) : undefined,
      }}
    >
      <Select
        label="Platform"
        data={platforms.includes(form.values.platform) ? platforms : [...platforms, form.values.platform]}
        allowDeselect={false}
        {...form.getInputProps('platform')}
      />
      <TextInput label="Address of the store's page" type="url" placeholder="https://" required maxLength={2000} {...form.getInputProps('url')} />
    </EditDialog>
  );
}
