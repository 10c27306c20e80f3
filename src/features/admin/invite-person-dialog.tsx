import { Alert, Button, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useAction } from '../../app/use-action.ts';
import { fieldMessages } from '../../app/form-errors.ts';
import type { Company } from '../../contract/companies.ts';
import type { Role } from '../../contract/enum-values.ts';
import { invitePersonSchema } from '../../contract/platform-people.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { InviteAnswer } from '../../contract/writes.ts';
import { storeRoles } from '../../domain/people/staff-rules.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { roleWords, storeWords } from './person-dialog.tsx';

/** Invites a person to a store of any company (issue 27): the store says which company their account is in. */
export function InvitePersonDialog({
  companies,
  stores,
  onClose,
  onInvited,
}: {
  companies: Company[];
  stores: StoreLocation[];
  onClose(): void;
  onInvited(): void;
}) {
  const [company, setCompany] = useState<string | null>(companies.length === 1 ? String(companies[0]!.alltracCompanyId) : null);
  const [draft, setDraft] = useState({ storeId: null as string | null, role: 'AllTracUser' as Role, name: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<InviteAnswer | null>(null);
  const { problem, busy, run } = useAction('The person was not invited.');
  const set = (change: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...change }));
  const companyStores = stores.filter((s) => String(s.alltracCompanyId) === company);

  const invite = () => {
    const parsed = invitePersonSchema.safeParse({ ...draft, storeId: draft.storeId === null ? undefined : Number(draft.storeId) });
    if (!parsed.success) {
      const found = fieldMessages(parsed.error);
      if (draft.storeId === null) found.storeId = company === null ? 'Choose the company first' : 'Choose the store';
      setErrors(found);
      return;
    }
    setErrors({});
    void run(async () => {
      setAnswer(await syncClient().invitePerson(parsed.data));
      onInvited();
    });
  };

  return (
    <Modal opened onClose={onClose} title="Invite a person">
      {answer ? (
        <Stack>
          {answer.setPasswordUrl ? (
            <>
              <Text>
                {draft.name} can now set a password with this link (it works once, for 7 days){answer.emailed ? `; it was also emailed to ${draft.email}` : ''}.
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
              {draft.email} already has an account: they now have the role {roleWords(draft.role)} at {storeWords(stores, Number(draft.storeId))}.
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          {problem && (
            <Alert color="red" title="Not invited" role="alert">
              {problem}
            </Alert>
          )}
          <Select
            label="Company"
            required
            data={companies.map((c) => ({ value: String(c.alltracCompanyId), label: c.name }))}
            value={company}
            onChange={(v) => {
              setCompany(v);
              set({ storeId: null });
            }}
            searchable
            data-autofocus
          />
          <Select
            label="Store"
            required
            placeholder={company ? 'Choose the store' : 'Choose the company first'}
            disabled={!company}
            data={companyStores.map((s) => ({ value: String(s.id), label: storeWords(stores, s.id) }))}
            value={draft.storeId}
            onChange={(v) => set({ storeId: v })}
            error={errors.storeId}
            searchable
          />
          <Select
            label="Role"
            data={storeRoles.map((r) => ({ value: r, label: roleWords(r) }))}
            value={draft.role}
            allowDeselect={false}
            onChange={(v) => v && set({ role: v as Role })}
          />
          <TextInput label="Name" required maxLength={200} value={draft.name} onChange={(e) => set({ name: e.currentTarget.value })} error={errors.name} />
          <TextInput
            label="Email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            value={draft.email}
            onChange={(e) => set({ email: e.currentTarget.value })}
            error={errors.email}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={busy} onClick={invite}>
              Invite
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
