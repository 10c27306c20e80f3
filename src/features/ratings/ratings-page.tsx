import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { Badge, Button, Card, Group, Loader, Rating, Select, SimpleGrid, Stack, Switch, Text, Title, UnstyledButton } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { useAction } from '../../app/use-action.ts';
import type { Rating as RatingRecord } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { formatMonthDay } from '../../domain/calendar/date-format.ts';
import { filterRatings, ratingSummary, scoreBandLabels, weeklyRatings, type Average, type ScoreBand } from '../../domain/figures/ratings.ts';
import { storeTimeZone } from '../../domain/calendar/time-zone.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { describeRatings, readRatings, type RatingRow } from './read-ratings.ts';
import { useShownValueName } from '../../app/shown-value-name.tsx';
import { EarlierRatings } from './earlier-ratings.tsx';

type ScoreFilter = 'any' | ScoreBand;
const scoreFilters: { value: ScoreFilter; label: string }[] = [
  { value: 'any', label: 'Any score' },
  ...(['high', 'middle', 'low'] as const).map((band) => ({ value: band, label: scoreBandLabels[band] })),
];
const pageSize = 50;
const chartWeeks = 12;

interface Filters {
  unreadOnly: boolean;
  score: ScoreFilter;
  range: DatesRangeValue<string>;
}

/**
 * The store's ratings (route /ratings): the last seven days and overall, a chart of the weekly average and
 * count, and the list with its filters; a rating is marked read where it is read, through the outbox.
 */
export function RatingsPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const ratings = useLiveQuery(() => (store ? readRatings(replicaOf(store.id)) : Promise.resolve([])), [store?.id]);
  const datesName = useShownValueName('Visit dates');
  const [filters, setFilters] = useState<Filters>({ unreadOnly: false, score: 'any', range: [null, null] });
  const [shownCount, setShownCount] = useState(pageSize);
  const timeZone = storeTimeZone(store?.timeZone, () => undefined);
  const kept = useMemo(
    () =>
      ratings
        ? filterRatings(
            ratings,
            {
              unreadOnly: filters.unreadOnly,
              band: filters.score === 'any' ? null : filters.score,
              from: filters.range[0],
              to: filters.range[1],
            },
            timeZone,
          )
        : [],
    [ratings, filters, timeZone],
  );
  const page = useMemo(() => kept.slice(0, shownCount), [kept, shownCount]);
  const rows = useLiveQuery(() => (store ? describeRatings(replicaOf(store.id), page) : Promise.resolve([])), [store?.id, page]);
  if (!store) return null;
  const unread = ratings?.filter((r) => !r.isRead).length ?? 0;
  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setShownCount(pageSize);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Ratings
        </Title>
        <Badge color={unread > 0 ? 'red' : 'gray'} variant="light">
          {unread} unread
        </Badge>
      </Group>
      {!ratings ? (
        <Loader aria-label="Loading ratings" />
      ) : (
        <>
          <Overview store={store} ratings={ratings} />
          <Group gap="sm" align="flex-end">
            <Switch label="Unread only" checked={filters.unreadOnly} onChange={(e) => change({ unreadOnly: e.currentTarget.checked })} />
            <Select
              aria-label="Score"
              w={160}
              allowDeselect={false}
              value={filters.score}
              onChange={(v) => v && change({ score: v as ScoreFilter })}
              data={scoreFilters}
            />
            {datesName.label}
            <DatePickerInput
              type="range"
              {...datesName.props}
              placeholder="Any visit date"
              clearable
              w={260}
              value={filters.range}
              onChange={(range) => change({ range })}
            />
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {kept.length === ratings.length ? `${ratings.length} ratings` : `${kept.length} of ${ratings.length} ratings`}
          </Text>
          {kept.length === 0 && (
            <Text c="dimmed">
              {ratings.length === 0 ? 'No ratings yet. Customers rate their visit from the link in the thank-you message.' : 'No ratings match these filters.'}
            </Text>
          )}
          <Stack gap="xs" role="list" aria-label="Ratings">
            {(rows ?? []).map((row) => (
              <RatingCard key={row.rating.ratingId} row={row} store={store} />
            ))}
          </Stack>
          {kept.length > shownCount && (
            <Button variant="default" w="fit-content" onClick={() => setShownCount((n) => n + pageSize)}>
              Show {Math.min(pageSize, kept.length - shownCount)} more
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

function AverageCard({ title, average }: { title: string; average: Average }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Group gap="xs" align="baseline">
        <Text fz={28} fw={700}>
          {average.average === null ? '–' : average.average.toFixed(1)}
        </Text>
        <Rating
          value={average.average ?? 0}
          fractions={2}
          readOnly
          role="img"
          aria-label={average.average === null ? 'No ratings' : `${average.average.toFixed(1)} of 5 stars`}
        />
      </Group>
      <Text size="sm">
        {average.count} {average.count === 1 ? 'rating' : 'ratings'}
      </Text>
    </Card>
  );
}

/** The two averages of the shell's summary, and the weekly chart of the last twelve weeks. */
function Overview({ store, ratings }: { store: StoreLocation; ratings: readonly RatingRecord[] }) {
  const timeZone = storeTimeZone(store.timeZone, () => undefined);
  const now = new Date();
  const summary = ratingSummary(ratings, now, timeZone);
  const weeks = weeklyRatings(ratings, now, timeZone, chartWeeks).map((w) => ({
    week: formatMonthDay(w.week),
    'Average score': w.average === null ? null : Number(w.average.toFixed(2)),
    Ratings: w.count,
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <AverageCard title="Last 7 days" average={summary.recent} />
      <AverageCard title="Overall" average={summary.overall} />
      <Card withBorder padding="sm" aria-label={`Weekly average score and number of ratings, last ${chartWeeks} weeks`}>
        <Text size="sm" c="dimmed" mb={4}>
          Week by week
        </Text>
        {/* The legend's room is its whole height (Mantine pads it by 16 px over its 28 px items), or the card clips it. */}
        <CompositeChart
          h={170}
          data={weeks}
          dataKey="week"
          withRightYAxis
          maxBarWidth={18}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 50 }}
          yAxisProps={{ domain: [0, 5], ticks: [0, 1, 2, 3, 4, 5], width: 24 }}
          rightYAxisProps={{ allowDecimals: false, width: 24 }}
          connectNulls
          series={[
            { name: 'Ratings', type: 'bar', color: 'blue.2', yAxisId: 'right' },
            { name: 'Average score', type: 'line', color: 'orange.7' },
          ]}
        />
      </Card>
    </SimpleGrid>
  );
}

function RatingCard({ row, store }: { row: RatingRow; store: StoreLocation }) {
  const navigate = useNavigate();
  const formats = storeFormatters(store);
  const { rating } = row;
  const { problem, busy, run } = useAction('The rating could not be marked read.');
  const markRead = () => run(() => syncClient().markRatingRead(rating.ratingId));
  const open = () => rating.visitId && void navigate({ to: '/appointment-rating/$id', params: { id: rating.visitId } });
  return (
    <Card
      withBorder
      padding="sm"
      role="listitem"
      aria-label={`${rating.score} stars from ${row.customerName ?? 'a customer'}${rating.isRead ? '' : ', unread'}`}
      style={{ borderLeft: rating.isRead ? undefined : '4px solid var(--mantine-color-blue-6)' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <UnstyledButton onClick={open} disabled={!rating.visitId} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Rating value={rating.score} fractions={2} readOnly size="sm" aria-hidden />
            <Text size="sm" fw={600}>
              {rating.score} of 5
            </Text>
            {!rating.isRead && (
              <Badge size="xs" color="primary">
                New
              </Badge>
            )}
          </Group>
          <Text size="sm" fw={500} mt={4}>
            {row.customerName ?? 'Customer not on this device'}
            {row.vehicle ? ` · ${row.vehicle}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {formats.date(rating.visitDate)}
            {row.services.length > 0 && ` · ${row.services.join(', ')}`}
            {row.technicians.length > 0 && ` · ${row.technicians.join(', ')}`}
          </Text>
          {rating.comment && (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              “{rating.comment}”
            </Text>
          )}
          <EarlierRatings earlier={rating.previousRatings} dateTime={formats.dateTime} />
        </UnstyledButton>
        {!rating.isRead && (
          <Button size="xs" variant="light" loading={busy} onClick={() => void markRead()}>
            Mark read
          </Button>
        )}
      </Group>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Card>
  );
}
