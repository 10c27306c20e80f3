import { Alert, Button, Divider, Group, Modal, Select, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useAction } from '../../app/use-action.ts';
import { useSession } from '../../app/session.ts';
import { roles, type Role } from '../../contract/enum-values.ts';
import type { PlatformPerson } from '../../contract/platform-people.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { storeRoles } from '../../domain/people/staff-rules.ts';
import { syncClient } from '../../sync/sync-client.ts';

export const roleWords = (role: Role) => (role === 'PointSAdmin' ? 'Platform administrator (PointSAdmin)' : roles.label(role));
export const storeWords = (stores: StoreLocation[], storeId: number) => {
  const store = stores.find((s) => s.id === storeId);
  return store ? `#${store.storeNumber} ${store.name}` : `Store ${storeId} (closed)`;
};
export const storeNumber = (stores: StoreLocation[], storeId: number) => {
  const store = stores.find((s) => s.id === storeId);
  return store ? `#${store.storeNumber}` : `Store ${storeId} (closed)`;
};
const roleChoices = storeRoles.map((r) => ({ value: r, label: roleWords(r) }));

/**
 * One person's access (issue 27): their role at each store of their company, given, changed or taken; whether
 * they are a platform admin; disabled or enabled. Each change is made online and the person shown as the
 * server has them after it.
 */
export function PersonDialog({
  person,
  stores,
  onChanged,
  onClose,
}: {
  person: PlatformPerson;
  stores: StoreLocation[];
  onChanged(person: PlatformPerson): void;
  onClose(): void;
}) {
  const me = useSession()?.user.userId;
  const { problem, busy, run } = useAction('The change was not made.');
  const [newStore, setNewStore] = useState<string | null>(null);
  const [newRole, setNewRole] = useState<string | null>('AllTracUser');
  const [confirmDisable, setConfirmDisable] = useState(false);
  const change = (work: () => Promise<PlatformPerson>) => run(async () => onChanged(await work()));
  const storeHeld = person.roles.filter((r): r is { storeId: number; role: Role } => r.storeId !== null);
  const isPlatformAdmin = person.roles.some((r) => r.role === 'PointSAdmin');
  const companyStores = stores.filter((s) => s.alltracCompanyId === person.alltracCompanyId && !storeHeld.some((r) => r.storeId === s.id));

  return (
    <Modal opened onClose={onClose} title={person.name} size="lg">
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {person.email} · {person.companyName}
        </Text>
        {person.disabledAt && (
          <Alert color="red" title="Disabled">
            Since {new Date(person.disabledAt).toLocaleString()}. They cannot sign in, and their devices were signed out; their roles are kept for when they are
            enabled again.
          </Alert>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}

        <Text fw={600}>Roles at stores</Text>
        {storeHeld.length === 0 && (
          <Text size="sm" c="dimmed">
            No role at any store.
          </Text>
        )}
        {storeHeld.map((held) => (
          <Group key={held.storeId} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" style={{ flex: '1 1 160px' }}>
              {storeWords(stores, held.storeId)}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Select
                aria-label={`Role at ${storeWords(stores, held.storeId)}`}
                data={roleChoices}
                value={held.role}
                allowDeselect={false}
                disabled={busy}
                w={210}
                onChange={(role) => role && role !== held.role && void change(() => syncClient().setPersonStoreRole(person.userId, held.storeId, role as Role))}
              />
              <Button
                variant="subtle"
                color="red"
                size="xs"
                disabled={busy}
                onClick={() => void change(() => syncClient().setPersonStoreRole(person.userId, held.storeId, null))}
              >
                Remove
              </Button>
            </Group>
          </Group>
        ))}
        {companyStores.length > 0 && (
          <Group align="flex-end" wrap="wrap" gap="xs">
            <Select
              label="Give a role at"
              placeholder="Choose a store"
              data={companyStores.map((s) => ({ value: String(s.id), label: storeWords(stores, s.id) }))}
              value={newStore}
              onChange={setNewStore}
              searchable
              style={{ flex: '1 1 200px' }}
            />
            <Select label="Role" data={roleChoices} value={newRole} onChange={setNewRole} allowDeselect={false} style={{ flex: '1 1 180px' }} />
            <Button
              disabled={!newStore || !newRole}
              loading={busy}
              onClick={() =>
                void change(async () => {
                  const next = await syncClient().setPersonStoreRole(person.userId, Number(newStore), newRole as Role);
                  setNewStore(null);
                  return next;
                })
              }
            >
              Give role
            </Button>
          </Group>
        )}

        <Divider />
        <Switch
          label="Platform administrator (PointSAdmin): every store of every company, and this dashboard"
          checked={isPlatformAdmin}
          disabled={busy || (person.userId === me && isPlatformAdmin)}
          description={person.userId === me ? 'You cannot take away your own.' : undefined}
          onChange={(e) => void change(() => syncClient().setPlatformAdmin(person.userId, e.currentTarget.checked))}
        />

        <Divider />
        {person.disabledAt ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">Enabling lets them sign in again with their password and roles.</Text>
            <Button loading={busy} onClick={() => void change(() => syncClient().setPersonDisabled(person.userId, false))}>
              Enable account
            </Button>
          </Group>
        ) : confirmDisable ? (
          <Stack gap="xs">
            <Text size="sm">
              Disable {person.name}? They cannot sign in any more, and each of their devices signs out at its next renewal (changes waiting on it are kept for
              them). Their roles are kept.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmDisable(false)}>
                Keep enabled
              </Button>
              <Button
                color="red"
                loading={busy}
                onClick={() =>
                  void change(async () => {
                    const next = await syncClient().setPersonDisabled(person.userId, true);
                    setConfirmDisable(false);
                    return next;
                  })
                }
              >
                Disable account
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {person.userId === me ? 'You cannot disable your own account.' : 'Someone who left, or whose account is misused, can be disabled.'}
            </Text>
            <Button color="red" variant="light" disabled={busy || person.userId === me} onClick={() => setConfirmDisable(true)}>
              Disable…
            </Button>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
