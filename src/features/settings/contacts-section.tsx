import { Alert, Button, Card, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { z } from 'zod';
import { focusFirstError } from '../../app/form-focus.ts';
import { socialMediaAccountSchema, storeContactSchema, type SocialMediaAccount, type StoreContact } from '../../contract/entities.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { formatPhone } from '../../domain/phone.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { DialogFooter, WaitingBadge } from './dialog-parts.tsx';

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
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};
const orNull = (text: string) => text.trim() || null;
const failure = (setError: (m: string) => void) => (e: unknown) => setError(e instanceof Error ? e.message : String(e));

/** The people customers and suppliers ask for at the store (settings, general). */
export function ContactsSection({ storeId }: { storeId: number }) {
  const data = useEntries<StoreContact>(storeId, 'storeContacts');
  const [editing, setEditing] = useState<StoreContact | 'new' | null>(null);
  const contacts = [...(data?.rows ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">Store contacts</Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>Add contact</Button>
      </Group>
      {data && contacts.length === 0 && <Text size="sm" c="dimmed">No contacts yet.</Text>}
      {contacts.length > 0 && (
        <Table verticalSpacing={4}>
          <Table.Tbody>
            {contacts.map((c) => (
              <Table.Tr key={c.storeContactId}>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" px={0} onClick={() => setEditing(c)} aria-label={`Edit contact ${c.name}`}>{c.name}</Button>
                  {c.title && <Text span size="sm" c="dimmed"> · {c.title}</Text>}
                  <WaitingBadge entry={data?.waiting.get(c.storeContactId)} />
                </Table.Td>
                <Table.Td visibleFrom="sm"><Text size="sm">{[c.email, c.phoneNumber && formatPhone(c.phoneNumber)].filter(Boolean).join(' · ')}</Text></Table.Td>
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
  const form = useForm({
    initialValues: { name: contact?.name ?? '', title: contact?.title ?? '', email: contact?.email ?? '', phoneNumber: contact?.phoneNumber ?? '' },
  });
  const [error, setError] = useState<string | null>(null);
  const entry = (v: typeof form.values): StoreContact => ({
    storeContactId: contact?.storeContactId ?? crypto.randomUUID(),
    name: v.name.trim(), title: orNull(v.title), email: orNull(v.email)?.toLowerCase() ?? null, phoneNumber: orNull(v.phoneNumber),
  });
  const save = form.onSubmit(async (v) => {
    const problems: Record<string, string> = { ...problemsOf(storeContactSchema, entry(v)), ...(v.name.trim() ? {} : { name: 'Enter the contact\'s name' }) };
    if (problems.email) problems.email = 'Enter an email address like name@example.com, or leave it empty';
    form.setErrors(problems);
    if (Object.keys(problems).length > 0) { focusFirstError(form)(problems); return; }
    await syncClient().saveStoreEntry('storeContacts', entry(v)).then(onClose, failure(setError));
  });
  return (
    <Modal opened onClose={onClose} title={contact ? `Edit ${contact.name}` : 'Add contact'}>
      <form onSubmit={save} noValidate>
        <Stack>
          {error && <Alert color="red" title="Not saved">{error}</Alert>}
          <TextInput label="Name" required maxLength={200} {...form.getInputProps('name')} />
          <TextInput label="Title" placeholder="e.g. Service Advisor" maxLength={100} {...form.getInputProps('title')} />
          <TextInput label="Email" type="email" maxLength={254} {...form.getInputProps('email')} />
          <TextInput label="Phone" type="tel" maxLength={30} {...form.getInputProps('phoneNumber')} />
          <DialogFooter removeLabel="Remove" removeQuestion={`Remove ${contact?.name ?? ''}?`} onCancel={onClose} submitLabel={contact ? 'Save' : 'Add contact'}
            onRemove={contact ? () => void syncClient().deleteStoreEntry('storeContacts', contact.storeContactId).then(onClose, failure(setError)) : undefined} />
        </Stack>
      </form>
    </Modal>
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
        <Title order={3} size="h5">Social media</Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>Add account</Button>
      </Group>
      {data && accounts.length === 0 && <Text size="sm" c="dimmed">No accounts yet.</Text>}
      <Stack gap={4}>
        {accounts.map((a) => (
          <Group key={a.socialMediaAccountId} gap="xs" wrap="nowrap">
            <Button variant="subtle" size="compact-sm" px={0} onClick={() => setEditing(a)} aria-label={`Edit ${a.platform} account`}>{a.platform}</Button>
            <Text size="sm" c="dimmed" truncate>{a.url}</Text>
            <WaitingBadge entry={data?.waiting.get(a.socialMediaAccountId)} />
          </Group>
        ))}
      </Stack>
      {editing && <SocialDialog account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function SocialDialog({ account, onClose }: { account: SocialMediaAccount | null; onClose: () => void }) {
  const form = useForm({ initialValues: { platform: account?.platform ?? 'Facebook', url: account?.url ?? '' } });
  const [error, setError] = useState<string | null>(null);
  const entry = (v: typeof form.values): SocialMediaAccount => ({ socialMediaAccountId: account?.socialMediaAccountId ?? crypto.randomUUID(), platform: v.platform, url: v.url.trim() });
  const save = form.onSubmit(async (v) => {
    const problems = problemsOf(socialMediaAccountSchema, entry(v));
    form.setErrors(problems);
    if (Object.keys(problems).length > 0) { focusFirstError(form)(problems); return; }
    await syncClient().saveStoreEntry('socialMediaAccounts', entry(v)).then(onClose, failure(setError));
  });
  return (
    <Modal opened onClose={onClose} title={account ? `Edit ${account.platform} account` : 'Add social media account'}>
      <form onSubmit={save} noValidate>
        <Stack>
          {error && <Alert color="red" title="Not saved">{error}</Alert>}
          <Select label="Platform" data={platforms.includes(form.values.platform) ? platforms : [...platforms, form.values.platform]} allowDeselect={false} {...form.getInputProps('platform')} />
          <TextInput label="Address of the store's page" type="url" placeholder="https://" required maxLength={2000} {...form.getInputProps('url')} />
          <DialogFooter removeLabel="Remove" removeQuestion="Remove this account?" onCancel={onClose} submitLabel={account ? 'Save' : 'Add account'}
            onRemove={account ? () => void syncClient().deleteStoreEntry('socialMediaAccounts', account.socialMediaAccountId).then(onClose, failure(setError)) : undefined} />
        </Stack>
      </form>
    </Modal>
  );
}
