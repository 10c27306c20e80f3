import { Alert, Badge, Button, Group, Modal, MultiSelect, Paper, SegmentedControl, Stack, Switch, Table, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Temporal } from 'temporal-polyfill';
import { applicationName } from '../../contract/application-name.ts';
import type { SystemNotification } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { systemNotificationPatchableFields } from '../../contract/system-notices.ts';
import { NotificationContent } from '../../app/notification-content.tsx';
import { deviceFormatters } from '../../app/store-time.ts';
import { useAction } from '../../app/use-action.ts';
import { changesBetween } from '../../domain/app/json-patch.ts';
import { syncClient } from '../../sync/sync-client.ts';

type SeverityLevel = SystemNotification['severityLevel'];

const severityWords: Record<SeverityLevel, string> = {
  Low: 'Low: an info line staff may dismiss',
  Medium: 'Medium: a warning with Refresh, until it ends',
  High: 'High: the app shows the maintenance page until it ends',
};
const severityColor: Record<SeverityLevel, string> = { Low: 'primary', Medium: 'yellow', High: 'error' };

/** A notice's state at `now`: waiting to start, showing, or over. */
function stateOf(n: SystemNotification, now: number): { label: string; color: string } {
  if (Date.parse(n.dateEnded) <= now) return { label: 'Ended', color: 'gray' };
  if (Date.parse(n.dateStarted) > now) return { label: 'Scheduled', color: 'blue' };
  return { label: 'Showing', color: 'green' };
}

/** Markup as a line of plain text, for the list. */
const plain = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';

/** The device's zone: an admin reads and types a notice's times at their own clock, as the banner shows them. */
const zone = () => Temporal.Now.timeZoneId();
const toWall = (iso: string) => {
  const at = Temporal.Instant.from(iso).toZonedDateTimeISO(zone());
  return { date: at.toPlainDate().toString(), time: at.toPlainTime().toString().slice(0, 5) };
};
const toInstant = (date: string, time: string) => Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(zone()).toInstant().toString();

interface Draft {
  content: string;
  severityLevel: SeverityLevel;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  storeIds: string[];
}

function draftOf(notice: SystemNotification | null): Draft {
  const start = notice ? toWall(notice.dateStarted) : toWall(new Date().toISOString());
  const end = notice ? toWall(notice.dateEnded) : toWall(new Date(Date.now() + 2 * 3_600_000).toISOString());
  return {
    content: notice?.content ?? '',
    severityLevel: notice?.severityLevel ?? 'Low',
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    storeIds: (notice?.storeIds ?? []).map(String),
  };
}

/** A new notice, or one to change: what it says, how loud, when, where, and how the banner will show it. */
function NoticeDialog({
  notice,
  stores,
  fullScreen,
  onSaved,
  onClose,
}: {
  notice: SystemNotification | null;
  stores: StoreLocation[];
  fullScreen: boolean;
  onSaved(): void;
  onClose(): void;
}) {
  const [draft, setDraft] = useState(() => draftOf(notice));
  // Made once: a create sent again after a lost answer is the same notice.
  const [newId] = useState(() => crypto.randomUUID());
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { problem, busy, run } = useAction('The notice was not saved.');
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const save = () => {
    const found: Record<string, string> = {};
    if (!draft.content.trim()) found.content = 'Write what the notice says';
    if (!/^\d\d:\d\d$/.test(draft.startTime)) found.start = 'Enter the time it starts, such as 22:00';
    if (!/^\d\d:\d\d$/.test(draft.endTime)) found.end = 'Enter the time it ends, such as 23:30';
    // A time left as it was keeps its instant (another admin's change to it is not undone by this save).
    const was = draftOf(notice);
    const dateStarted = found.start
      ? ''
      : notice && draft.startDate === was.startDate && draft.startTime === was.startTime
        ? notice.dateStarted
        : toInstant(draft.startDate, draft.startTime);
    const dateEnded = found.end
      ? ''
      : notice && draft.endDate === was.endDate && draft.endTime === was.endTime
        ? notice.dateEnded
        : toInstant(draft.endDate, draft.endTime);
    if (!found.start && !found.end && Date.parse(dateEnded) <= Date.parse(dateStarted)) found.end = 'End the notice after it starts';
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const fields = {
      content: draft.content.trim(),
      severityLevel: draft.severityLevel,
      dateStarted,
      dateEnded,
      storeIds: draft.storeIds.length === 0 ? null : draft.storeIds.map(Number).sort((a, b) => a - b),
    };
    void run(async () => {
      if (notice) {
        const patch = changesBetween(notice, { ...notice, ...fields }, systemNotificationPatchableFields);
        if (patch.length > 0) await syncClient().patchSystemNotice(notice.systemNotificationId, patch);
      } else {
        await syncClient().createSystemNotice({ systemNotificationId: newId, ...fields });
      }
    }).then((ok) => {
      if (ok) onSaved();
    });
  };
  return (
    <Modal opened onClose={onClose} title={notice ? 'Change the notice' : 'New system notice'} size="lg" fullScreen={fullScreen}>
      <Stack gap="sm">
        <Textarea
          label="What it says"
          description="Bold <b>, italic <i>, paragraphs <p>, line breaks <br> and links <a href>; other markup is removed when saved"
          autosize
          minRows={3}
          maxLength={10_000}
          value={draft.content}
          onChange={(e) => set({ content: e.currentTarget.value })}
          error={problems.content}
          data-autofocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Severity
          </Text>
          <SegmentedControl
            aria-label="Severity"
            value={draft.severityLevel}
            onChange={(v) => set({ severityLevel: v as SeverityLevel })}
            data={['Low', 'Medium', 'High']}
          />
          <Text size="xs" c="dimmed">
            {severityWords[draft.severityLevel]}
          </Text>
        </Stack>
        <Group grow align="flex-start">
          <DatePickerInput
            label="Starts"
            value={draft.startDate}
            onChange={(v) => v && set({ startDate: String(v).slice(0, 10) })}
            valueFormat="ddd, MMM D, YYYY"
            firstDayOfWeek={1}
          />
          <TimeInput label="Start time" value={draft.startTime} onChange={(e) => set({ startTime: e.currentTarget.value })} error={problems.start} />
        </Group>
        <Group grow align="flex-start">
          <DatePickerInput
            label="Ends"
            value={draft.endDate}
            onChange={(v) => v && set({ endDate: String(v).slice(0, 10) })}
            valueFormat="ddd, MMM D, YYYY"
            firstDayOfWeek={1}
          />
          <TimeInput label="End time" value={draft.endTime} onChange={(e) => set({ endTime: e.currentTarget.value })} error={problems.end} />
        </Group>
        <Text size="xs" c="dimmed">
          Times are this device's ({zone()}); each user sees them at theirs.
        </Text>
        <MultiSelect
          label="Stores"
          placeholder={draft.storeIds.length === 0 ? 'Every store' : undefined}
          searchable
          clearable
          value={draft.storeIds}
          onChange={(v) => set({ storeIds: v })}
          description="None chosen: every store"
          data={stores.map((s) => ({ value: String(s.id), label: `#${s.storeNumber} ${s.name}` }))}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            As the banner shows it
          </Text>
          <Alert color={severityColor[draft.severityLevel]} variant="light" role="region" aria-label="Preview">
            {draft.content.trim() ? (
              <NotificationContent html={draft.content} />
            ) : (
              <Text size="sm" c="dimmed">
                The notice's words show here.
              </Text>
            )}
          </Alert>
        </Stack>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={save}>
            {notice ? 'Save' : 'Create notice'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What a row or card of the list shows of one notice, and its actions. */
interface NoticeView {
  notice: SystemNotification;
  words: string;
  state: { label: string; color: string };
  when: string;
  where: string;
  /** Another application's notice: shown by it, never by this app. */
  elsewhere: boolean;
}

function NoticeActions({ view, busy, onChange, onEnd }: { view: NoticeView; busy: boolean; onChange(): void; onEnd(): void }) {
  if (view.state.label === 'Ended') return null;
  const short = view.words.slice(0, 40);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button size="compact-sm" variant="subtle" onClick={onChange} aria-label={`Change: ${short}`}>
        Change
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        loading={busy}
        onClick={onEnd}
        aria-label={`${view.state.label === 'Scheduled' ? 'Cancel' : 'End now'}: ${short}`}
      >
        {view.state.label === 'Scheduled' ? 'Cancel' : 'End now'}
      </Button>
    </Group>
  );
}

const ApplicationBadge = ({ view }: { view: NoticeView }) =>
  view.elsewhere ? (
    <Badge color="gray" variant="outline" title={`Shown by ${view.notice.application}, not by ${applicationName}`}>
      {view.notice.application} only
    </Badge>
  ) : null;

/** A phone's list: one card per notice, its actions on its own line, nothing wider than the screen. */
function NoticeCards({ views, actions }: { views: NoticeView[]; actions(view: NoticeView): ReactNode }) {
  return (
    <Stack gap="xs" role="list" aria-label="System notices">
      {views.map((view) => (
        <Paper key={view.notice.systemNotificationId} withBorder p="sm" radius="md" role="listitem" aria-label={view.words.slice(0, 80)}>
          <Stack gap={6}>
            <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              {view.words}
            </Text>
            <Group gap={6}>
              <Badge color={severityColor[view.notice.severityLevel]} variant="light">
                {view.notice.severityLevel}
              </Badge>
              <Badge color={view.state.color} variant="dot">
                {view.state.label}
              </Badge>
              <ApplicationBadge view={view} />
            </Group>
            <Text size="xs" c="dimmed">
              {view.when} · {view.where}
            </Text>
            {actions(view)}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** A wide screen's list: a table. */
function NoticeTable({ views, actions }: { views: NoticeView[]; actions(view: NoticeView): ReactNode }) {
  return (
    <Table aria-label="System notices" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Notice</Table.Th>
          <Table.Th>Severity</Table.Th>
          <Table.Th>When</Table.Th>
          <Table.Th>Stores</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {views.map((view) => (
          <Table.Tr key={view.notice.systemNotificationId}>
            <Table.Td maw={320}>
              <Text size="sm" lineClamp={2}>
                {view.words}
              </Text>
              <ApplicationBadge view={view} />
            </Table.Td>
            {/* A badge keeps its whole word however narrow the table gets (it would end in dots). */}
            <Table.Td>
              <Badge color={severityColor[view.notice.severityLevel]} variant="light" miw="max-content">
                {view.notice.severityLevel}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{view.when}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{view.where}</Text>
            </Table.Td>
            <Table.Td>
              <Badge color={view.state.color} variant="dot" miw="max-content">
                {view.state.label}
              </Badge>
            </Table.Td>
            <Table.Td>{actions(view)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The platform's system notices (issue 27): each with its words, severity, when and where it shows and whether it
 * is showing now; a new one, a change, or an end now. Open devices the notice concerns are told at once (the hub).
 * Another application's notices are listed only when asked for, and say whose they are.
 */
export function SystemNoticesTab({ stores }: { stores: StoreLocation[] }) {
  // The list as loaded, and when: a notice's state (scheduled, showing, ended) is read at that moment.
  const [loaded, setLoaded] = useState<{ notices: SystemNotification[]; at: number } | null>(null);
  const [editing, setEditing] = useState<SystemNotification | 'new' | null>(null);
  const [showElsewhere, setShowElsewhere] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const { problem, busy, run } = useAction('The notices could not be loaded.');
  const load = useCallback(() => void run(async () => setLoaded({ notices: await syncClient().listSystemNotices(), at: Date.now() })), [run]);
  useEffect(load, [load]);
  const formats = deviceFormatters();
  const storeNames = new Map(stores.map((s) => [s.id, `#${s.storeNumber}`]));
  const views: NoticeView[] = (loaded?.notices ?? []).map((notice) => ({
    notice,
    words: plain(notice.content),
    state: stateOf(notice, loaded?.at ?? 0),
    when: formats.dateTimeRange(notice.dateStarted, notice.dateEnded),
    where: notice.storeIds === null ? 'Every store' : notice.storeIds.map((id) => storeNames.get(id) ?? `store ${id}`).join(', '),
    elsewhere: notice.application !== applicationName,
  }));
  const elsewhere = views.filter((v) => v.elsewhere).length;
  const listed = showElsewhere ? views : views.filter((v) => !v.elsewhere);
  // Ending one not started yet cancels it: it ends now, having started a moment before (never shown).
  const end = (n: SystemNotification) =>
    void run(async () => {
      const at = new Date();
      const started = Date.parse(n.dateStarted) < at.getTime();
      await syncClient().patchSystemNotice(n.systemNotificationId, [
        ...(started ? [] : [{ op: 'replace' as const, path: '/dateStarted', value: new Date(at.getTime() - 1).toISOString() }]),
        { op: 'replace', path: '/dateEnded', value: at.toISOString() },
      ]);
      setLoaded({ notices: await syncClient().listSystemNotices(), at: Date.now() });
    });
  const actions = (view: NoticeView) => <NoticeActions view={view} busy={busy} onChange={() => setEditing(view.notice)} onEnd={() => end(view.notice)} />;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          System notices
        </Title>
        <Button onClick={() => setEditing('new')}>New notice</Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}{' '}
          <Button variant="subtle" size="compact-sm" onClick={load}>
            Try again
          </Button>
        </Alert>
      )}
      {elsewhere > 0 && (
        <Switch
          checked={showElsewhere}
          onChange={(e) => setShowElsewhere(e.currentTarget.checked)}
          label={`Show other applications' notices (${elsewhere})`}
          description={`${applicationName} never shows them; they are listed here because the platform keeps them.`}
        />
      )}
      {loaded === null ? (
        !problem && <Text c="dimmed">{busy ? 'Loading the notices…' : ''}</Text>
      ) : listed.length === 0 ? (
        <Text c="dimmed">
          {views.length > 0 ? `No ${applicationName} notices yet.` : 'No notices yet.'} A notice tells every store, or some, about a maintenance window or a
          change.
        </Text>
      ) : phone ? (
        <NoticeCards views={listed} actions={actions} />
      ) : (
        <NoticeTable views={listed} actions={actions} />
      )}
      {editing && (
        <NoticeDialog
          notice={editing === 'new' ? null : editing}
          stores={stores}
          fullScreen={!!phone}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
    </Stack>
  );
}
