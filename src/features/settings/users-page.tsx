import { Alert, Button, Card, CopyButton, Group, Loader, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { fieldMessages } from '../../app/form-errors.ts';
import { focusFirstError } from '../../app/form-focus.ts';
import { useSession, type Session } from '../../app/session.ts';
import type { StoreStaff } from '../../contract/entities.ts';
import { roles, type Role } from '../../contract/enum-values.ts';
import { inviteStaffSchema, type InviteAnswer } from '../../contract/writes.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { grantableRoles, removesOwnLastAdmin, staffMessages, storeRoles } from '../../domain/people/staff-rules.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { WaitingBadge } from '../../app/edit-dialog.tsx';

const roleLabel = (role: Role) => (role === 'PointSAdmin' ? 'PointSAdmin (every store)' : roles.label(role));
const roleChoices = (list: Role[]) => list.map((r) => ({ value: r, label: roleLabel(r) }));

function useStaff(storeId: number) {
  return useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const [staff, outbox] = await Promise.all([db.rows<StoreStaff>('storeStaff').toArray(), db.outbox.filter((e) => e.collection === 'storeStaff').toArray()]);
    staff.sort((a, b) => a.name.localeCompare(b.name));
    return { staff, waiting: new Map<string, OutboxEntry>(outbox.map((e) => [e.key.split('/')[1]!, e])) };
  }, [storeId]);
}

/** Who works at the store and their roles (settings, users): invite, change a role, remove. */
export function UsersPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const data = useStaff(store?.id ?? -1);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<StoreStaff | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A phone has no room for three columns: the role and Remove go under the person, in the person's cell.
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false }) ?? false;
  if (!store || !session) return null;
  if (!data) return <Loader aria-label="Loading people" />;
  const me = session.user.userId;
  const refusesOwn = (person: StoreStaff, role: Role | null) => removesOwnLastAdmin(me, session.user.roles, person.userId, store.id, role);
  const change = (person: StoreStaff, role: Role) => {
    setError(null);
    if (refusesOwn(person, role)) {
      setError(staffMessages.ownLastAdmin);
      return;
    }
    syncClient()
      .setStaffRole(person.userId, role)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  return (
    <Stack maw={960} gap="sm">
      <Group justify="space-between">
        <div>
          <Title order={2} size="h3">
            Users
          </Title>
          <Text size="sm" c="dimmed">
            Who works at {store.name}, and what each may do. Each person has one role here.
          </Text>
        </div>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
          Invite someone
        </Button>
      </Group>
      {error && (
        <Alert color="red" title="Not changed" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {data.staff.length === 0 && <Text c="dimmed">Nobody has a role at this store yet. Invite the first person.</Text>}
      {data.staff.length > 0 && (
        <Card withBorder padding="sm">
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                {!narrow && (
                  <>
                    <Table.Th>Role</Table.Th>
                    <Table.Th />
                  </>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.staff.map((person) => {
                const role = person.roles[0] ?? 'AllTracUser';
                const who = (
                  <>
                    <Text fw={500}>
                      {person.name}
                      {person.userId === me ? ' (you)' : ''}
                    </Text>
                    <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {person.email}
                    </Text>
                    <WaitingBadge entry={data.waiting.get(person.userId)} />
                  </>
                );
                const roleSelect = (
                  <Select
                    aria-label={`Role of ${person.name}`}
                    data={roleChoices(storeRoles)}
                    value={role}
                    allowDeselect={false}
                    onChange={(value) => value && change(person, value as Role)}
                    style={narrow ? { flex: 1 } : undefined}
                  />
                );
                const remove = (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    disabled={refusesOwn(person, null)}
                    title={refusesOwn(person, null) ? staffMessages.ownLastAdmin : undefined}
                    onClick={() => setRemoving(person)}
                  >
                    Remove
                  </Button>
                );
                return (
                  <Table.Tr key={person.userId}>
                    {narrow ? (
                      <Table.Td>
                        {who}
                        <Group mt="xs" gap="xs" wrap="nowrap">
                          {roleSelect}
                          {remove}
                        </Group>
                      </Table.Td>
                    ) : (
                      <>
                        <Table.Td>{who}</Table.Td>
                        <Table.Td miw={170}>{roleSelect}</Table.Td>
                        <Table.Td>{remove}</Table.Td>
                      </>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      {inviting && <InviteDialog session={session} onClose={() => setInviting(false)} />}
      {removing && (
        <Modal opened onClose={() => setRemoving(null)} title={`Remove ${removing.name}?`}>
          <Stack>
            <Text>
              {removing.name} loses their role at {store.name} and can no longer open it. Their account and roles at other stores stay.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(null)}>
                Keep
              </Button>
              <Button
                color="red"
                onClick={() => {
                  const person = removing;
                  setRemoving(null);
                  syncClient()
                    .removeStaff(person.userId)
                    .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
                }}
              >
                Remove from store
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}

interface InviteValues {
  email: string;
  name: string;
  role: Role;
}

function InviteDialog({ session, onClose }: { session: Session; onClose: () => void }) {
  const form = useForm<InviteValues>({
    initialValues: { email: '', name: '', role: 'AllTracUser' },
    validate: (values) => {
      const parsed = inviteStaffSchema.safeParse(values);
      return parsed.success ? {} : fieldMessages(parsed.error);
    },
  });
  const [answer, setAnswer] = useState<InviteAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const invite = form.onSubmit(async (values) => {
    setError(null);
    setSending(true);
    try {
      setAnswer(await syncClient().inviteStaff(values));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  }, focusFirstError(form));
  const close = () => {
    if (!answer && form.isDirty() && !window.confirm('Leave without inviting? What you typed will be lost.')) return;
    onClose();
  };
  return (
    <Modal opened onClose={close} title="Invite someone">
      {answer ? (
        <Stack>
          {answer.setPasswordUrl ? (
            <>
              <Text>
                {form.values.name} can now set a password with this link (it works once, for 7 days)
                {answer.emailed ? `; we also emailed it to ${form.values.email}` : ''}.
              </Text>
              <TextInput label="Link to pass on" value={answer.setPasswordUrl} readOnly onFocus={(e) => e.currentTarget.select()} />
              <CopyButton value={answer.setPasswordUrl}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </>
          ) : (
            <Text>
              {form.values.email} already has an account: they can sign in with it and now have the role {roleLabel(form.values.role)} here.
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={invite} noValidate>
          <Stack>
            {error && (
              <Alert color="red" title="Not invited">
                {error}
              </Alert>
            )}
            <TextInput label="Email" type="email" required maxLength={254} autoComplete="off" {...form.getInputProps('email')} />
            <TextInput label="Name" required maxLength={200} {...form.getInputProps('name')} />
            <Select label="Role" data={roleChoices(grantableRoles(session.user.roles))} allowDeselect={false} {...form.getInputProps('role')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={sending}>
                Invite
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
