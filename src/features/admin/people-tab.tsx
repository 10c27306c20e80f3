import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { relativeTime } from '../../app/relative-time.ts';
import type { Company } from '../../contract/companies.ts';
import type { PeopleList, PlatformPerson } from '../../contract/platform-people.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { InvitePersonDialog } from './invite-person-dialog.tsx';
import { PersonDialog, roleWords, storeNumber, storeWords } from './person-dialog.tsx';

/**
 * People of every company (issue 27): searched by part of a name or email, narrowed to one company; each with
 * their roles per store, when they last signed in and on how many devices they are signed in now. A person opens
 * to change their roles, make them a platform admin, or disable them.
 */
export function PeopleTab({ companies, stores }: { companies: Company[]; stores: StoreLocation[] }) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [company, setCompany] = useState<string | null>(null);
  // Each answer with the search it answers: while the next one loads, the last is shown dimmed, never as its answer.
  const [answered, setAnswered] = useState<{ key: string; list: PeopleList } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<PlatformPerson | null>(null);
  const [inviting, setInviting] = useState(false);
  // Only the last search's answer is shown: an earlier, slower one arriving after it is dropped.
  const asked = useRef(0);

  const key = `${company ?? ''}|${q}`;
  const search = useCallback(() => {
    const ticket = ++asked.current;
    const searched = `${company ?? ''}|${q}`;
    syncClient()
      .searchPeople(q, company === null ? null : Number(company))
      .then((list) => {
        if (ticket !== asked.current) return;
        setAnswered({ key: searched, list });
        setProblem(null);
      })
      .catch((e: unknown) => {
        if (ticket === asked.current) setProblem(e instanceof Error ? e.message : 'The people could not be loaded.');
      });
  }, [q, company]);
  useEffect(search, [search]);

  const changed = (person: PlatformPerson) => {
    setOpen(person);
    setAnswered((last) => last && { ...last, list: { ...last.list, items: last.list.items.map((p) => (p.userId === person.userId ? person : p)) } });
  };
  const found = problem ? null : (answered?.list ?? null);
  const stale = answered !== null && answered.key !== key;

  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search people"
          placeholder="Part of a name or email"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={200}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Company"
          placeholder="Every company"
          clearable
          data={companies.map((c) => ({ value: String(c.alltracCompanyId), label: c.name }))}
          value={company}
          onChange={setCompany}
          style={{ flex: '1 1 180px' }}
        />
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
          Invite a person
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}{' '}
          <Button variant="subtle" size="compact-sm" onClick={search}>
            Try again
          </Button>
        </Alert>
      )}
      {!found && !problem && <Loader aria-label="Loading people" />}
      {found && (
        <>
          <Text size="sm" c="dimmed" role="status">
            {stale && <Loader size="xs" mr={6} aria-label="Searching" />}
            {found.count === 0
              ? 'Nobody matches this search.'
              : found.count > found.items.length
                ? `Showing ${found.items.length} of ${found.count} people: narrow the search to find someone.`
                : `${found.count} ${found.count === 1 ? 'person' : 'people'}`}
          </Text>
          <Stack gap="xs" role="list" aria-label="People" aria-busy={stale} style={stale ? { opacity: 0.5 } : undefined}>
            {found.items.map((person) => (
              <Paper key={person.userId} withBorder p="sm" role="listitem">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>{person.name}</Text>
                      {person.disabledAt && (
                        <Badge color="red" variant="light">
                          Disabled
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {person.email} · {person.companyName}
                    </Text>
                    <Group gap={4}>
                      {person.roles.length === 0 && (
                        <Text size="sm" c="dimmed">
                          No role anywhere
                        </Text>
                      )}
                      {person.roles.map((r) => (
                        // The store's number only, its name on hover: a phone fits a badge per role without cutting the role off.
                        <Badge
                          key={`${r.storeId}/${r.role}`}
                          variant="outline"
                          tt="none"
                          title={r.storeId === null ? undefined : storeWords(stores, r.storeId)}
                        >
                          {r.storeId === null ? roleWords(r.role) : `${storeNumber(stores, r.storeId)} ${roleWords(r.role)}`}
                        </Badge>
                      ))}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {person.lastSignInAt ? `Signed in ${relativeTime(person.lastSignInAt)}` : 'Never signed in'}
                      {` · signed in on ${person.signedInDevices} ${person.signedInDevices === 1 ? 'device' : 'devices'} now`}
                    </Text>
                  </Stack>
                  <Button variant="light" size="xs" onClick={() => setOpen(person)} aria-label={`Manage ${person.name}`}>
                    Manage
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        </>
      )}
      {open && <PersonDialog person={open} stores={stores} onChanged={changed} onClose={() => setOpen(null)} />}
      {inviting && <InvitePersonDialog companies={companies} stores={stores} onClose={() => setInviting(false)} onInvited={search} />}
    </Stack>
  );
}
