import { ActionIcon, Alert, Box, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { useSession, type Session } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { maxPeriodDays, type StoreComparison } from '../../contract/store-figures.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { hasRole, storeAdmins } from '../../domain/people/roles.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { useWorkerFigures } from '../../sync/use-worker-figures.ts';
import type { DashboardFigures } from '../../domain/figures/dashboard-figures.ts';
import {
  lastDay,
  periodLabel,
  periodOf,
  periodWords,
  shifted,
  tooLong,
  type DashboardSearch,
  type DashboardView,
  type Period,
  type PeriodKind,
} from './period.ts';
import { StoreComparisonView } from './store-comparison-view.tsx';
import { useShownValueName } from '../../app/shown-value-name.tsx';
import { StoreFiguresView } from './store-figures-view.tsx';

const periodKinds: { value: PeriodKind; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'custom', label: 'Custom' },
];
const periodNoun: Record<Exclude<PeriodKind, 'custom'>, string> = { today: 'day', week: 'week', month: 'month' };

/**
 * The manager dashboard (route /dashboard, issue 28): how the active store is doing over a day, a week, a month or
 * chosen days, worked out in the sync worker from this device's replica (so it opens offline) and kept current as
 * rows change; for an admin of several stores, the stores side by side from the server. The period and the view
 * live in the URL.
 */
export function DashboardPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  if (!session || !store) return null;
  return <StoreDashboard session={session} store={store} />;
}

function StoreDashboard({ session, store }: { session: Session; store: StoreLocation }) {
  const search = useSearch({ strict: false }) as DashboardSearch;
  const navigate = useNavigate();
  const timeZone = storeFormatters(store).timeZone;
  const today = Temporal.Now.plainDateISO(timeZone).toString();
  const period = periodOf(search, today);
  const long = tooLong(period);
  // PointSAdmin holds its role everywhere: every store of the session is theirs to compare.
  const canCompare = session.stores.filter((s) => hasRole(session.user.roles, s.id, storeAdmins)).length > 1;
  const view: DashboardView = canCompare && search.view === 'compare' ? 'compare' : 'store';
  const words = periodWords(period, today);

  const go = (next: DashboardSearch) => void navigate({ to: '/dashboard', search: { ...search, ...next } });
  const range = { from: period.from, to: period.to, timeZone };
  const { figures, error, current } = useWorkerFigures<DashboardFigures>(
    long ? null : `${store.id}|${period.from}|${period.to}|${timeZone}`,
    (onFigures, onError) => syncClient().watchDashboard(store.id, range, onFigures, onError),
  );
  const comparison = useComparison(view === 'compare' && !long ? period : null);
  const showStore = view === 'store' || comparison.error !== undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Dashboard
          </Title>
          <Text c="dimmed" size="sm">
            {view === 'compare' ? 'The stores you manage' : `${store.name} #${store.storeNumber}`}
          </Text>
        </div>
        {canCompare && (
          <SegmentedControl
            aria-label="Stores"
            value={view}
            onChange={(value) => go({ view: value as DashboardView })}
            data={[
              { value: 'store', label: 'This store' },
              { value: 'compare', label: 'Compare stores' },
            ]}
          />
        )}
      </Group>

      <PeriodPicker period={period} today={today} onChange={go} />

      {long && (
        <Alert color="yellow" role="alert">
          Choose a period of at most {maxPeriodDays} days.
        </Alert>
      )}

      {view === 'compare' && !long && (
        <section aria-label="Stores compared">
          {comparison.loading && (
            <Group gap="xs">
              <Loader size="sm" aria-label="Comparing the stores" />
              <Text size="sm" c="dimmed">
                Comparing the stores…
              </Text>
            </Group>
          )}
          {comparison.error !== undefined && (
            <Alert color="yellow" role="alert">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{comparison.error}</Text>
                <Button variant="default" size="compact-sm" onClick={comparison.retry}>
                  Try again
                </Button>
              </Group>
            </Alert>
          )}
          {comparison.comparison && <StoreComparisonView comparison={comparison.comparison} activeStoreId={store.id} />}
        </section>
      )}

      {showStore && !long && (
        <Box aria-busy={!current} style={{ opacity: current ? 1 : 0.55, transition: 'opacity 120ms' }}>
          {error && (
            <Alert color="error" role="alert" title="The figures could not be worked out on this device" mb="sm">
              {error}. Reload the page; if it stays, sign out and in again.
            </Alert>
          )}
          {figures ? (
            <StoreFiguresView figures={figures} period={period} words={words} />
          ) : (
            !error && (
              <Group gap="xs">
                <Loader size="sm" aria-label="Working out the figures" />
                <Text size="sm" c="dimmed">
                  Working out the figures…
                </Text>
              </Group>
            )
          )}
        </Box>
      )}
    </Stack>
  );
}

function PeriodPicker({ period, today, onChange }: { period: Period; today: string; onChange: (next: DashboardSearch) => void }) {
  const holdsToday = period.from <= today && today < period.to;
  const choose = (kind: PeriodKind) =>
    onChange(
      kind === 'custom'
        ? { period: kind, date: undefined, from: period.from, to: lastDay(period) }
        : // Another kind keeps to the days shown: last week's Month is that week's month.
          { period: kind, date: holdsToday ? undefined : period.from, from: undefined, to: undefined },
    );
  return (
    <Group gap="sm" align="center">
      <SegmentedControl aria-label="Period" value={period.kind} onChange={(value) => choose(value as PeriodKind)} data={periodKinds} />
      {period.kind === 'custom' ? (
        <CustomDays key={`${period.from}|${period.to}`} period={period} onChange={onChange} />
      ) : (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={`Previous ${periodNoun[period.kind]}`} onClick={() => onChange({ date: shifted(period, -1) })}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text fw={600} miw={150} ta="center" aria-live="polite">
            {periodLabel(period)}
          </Text>
          <ActionIcon variant="default" size="lg" aria-label={`Next ${periodNoun[period.kind]}`} onClick={() => onChange({ date: shifted(period, 1) })}>
            <IconChevronRight size={18} />
          </ActionIcon>
          {!holdsToday && (
            <Button variant="subtle" size="compact-sm" onClick={() => onChange({ date: undefined })}>
              {period.kind === 'today' ? 'Today' : `This ${periodNoun[period.kind]}`}
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}

/** The custom days: the URL changes once both ends are picked, so a half-picked range never computes. */
function CustomDays({ period, onChange }: { period: Period; onChange: (next: DashboardSearch) => void }) {
  const [picked, setPicked] = useState<DatesRangeValue<string>>([period.from, lastDay(period)]);
  const periodName = useShownValueName('Custom period');
  return (
    <>
      {periodName.label}
      <DatePickerInput
        type="range"
        {...periodName.props}
        value={picked}
        allowSingleDateInRange
        firstDayOfWeek={1}
        valueFormat="ddd, MMM D, YYYY"
        miw={260}
        onChange={(range) => {
          setPicked(range);
          const [from, to] = range;
          if (from && to) onChange({ from: from.slice(0, 10), to: to.slice(0, 10) });
        }}
      />
    </>
  );
}

/** The stores compared over a period (null: not asked for), asked of the worker again on Try again. */
function useComparison(period: Pick<Period, 'from' | 'to'> | null) {
  const key = period ? `${period.from}|${period.to}` : null;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string | null; attempt: number; comparison?: StoreComparison; error?: string }>({ key: null, attempt: 0 });
  const from = period?.from;
  const to = period?.to;
  useEffect(() => {
    if (!from || !to) return;
    let live = true;
    const settle = (answer: { comparison?: StoreComparison; error?: string }) => {
      if (live) setState({ key: `${from}|${to}`, attempt, ...answer });
    };
    syncClient()
      .compareStores({ from, to })
      .then(
        (comparison) => settle({ comparison }),
        (error: unknown) => settle({ error: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      live = false;
    };
  }, [from, to, attempt]);
  const settled = key !== null && state.key === key && state.attempt === attempt;
  return {
    loading: key !== null && !settled,
    comparison: settled ? state.comparison : undefined,
    error: settled ? state.error : undefined,
    retry: () => setAttempt((a) => a + 1),
  };
}
