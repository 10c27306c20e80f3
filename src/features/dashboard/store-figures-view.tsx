import '@mantine/charts/styles.css';
import { BarChart, CompositeChart } from '@mantine/charts';
import { Card, Group, Progress, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../app/links.tsx';
import { formatMonthDay } from '../../domain/calendar/date-format.ts';
import { visitStatuses } from '../../domain/store/store-day.ts';
import { statusColors } from '../../domain/scheduler/visit-status.ts';
import type { DashboardFigures } from '../../domain/figures/dashboard-figures.ts';
import { duration, hours, percent, plural, score } from './figure-format.ts';
import type { Period } from './period.ts';
import classes from './dashboard.module.css';

/** The scheduler's list of a day, or the week view of a longer period's first week: the visits behind a figure. */
function schedulerSearch(period: Period) {
  return period.days === 1 ? { date: period.from, view: 'list' as const } : { date: period.from, view: 'week' as const };
}

/**
 * One store's figures over a period, as the sync worker worked them out from this device's replica: the headline,
 * then each figure with its chart or bars and the list behind it. Every figure says so in words when the period has
 * nothing for it.
 */
export function StoreFiguresView({ figures, period, words }: { figures: DashboardFigures; period: Period; words: string }) {
  const { headline } = figures;
  const multiDay = period.days > 1;
  const schedulerLink = (
    <AnchorLink to="/scheduler-dayview" search={schedulerSearch(period)} size="sm">
      {multiDay ? 'Open in the scheduler' : "Open the day's list"}
    </AnchorLink>
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" aria-label="At a glance">
        <Headline title="Cars checked in" value={String(headline.carCount)} detail={`of ${plural(headline.booked, 'visit')} booked`} />
        <Headline title="No-shows" value={String(headline.noShows)} detail={`and ${plural(headline.cancellations, 'cancellation')}`} />
        <Headline
          title="Bay utilisation"
          value={percent(headline.bays.utilisation)}
          detail={`${hours(headline.bays.bookedMinutes)} booked of ${hours(headline.bays.openMinutes)} open`}
        />
        <Headline
          title="Approval rate"
          value={percent(headline.inspections.approvalRate)}
          detail={
            headline.inspections.approvalRate === null
              ? 'no findings answered'
              : `${headline.inspections.approved} approved, ${headline.inspections.declined} declined`
          }
        />
        <Headline
          title="First reply"
          value={duration(headline.replies.averageMinutes)}
          detail={headline.replies.answered === 0 ? 'no message answered' : `on average, over ${plural(headline.replies.answered, 'reply', 'replies')}`}
        />
        <Headline
          title="Average rating"
          value={score(headline.ratings.average)}
          detail={headline.ratings.count === 0 ? 'no ratings' : `of 5, from ${plural(headline.ratings.count, 'rating')}`}
        />
        <Headline
          title="Time per job"
          value={duration(figures.jobs.averageActualMinutes)}
          detail={figures.jobs.count === 0 ? 'no job timed' : `booked ${duration(figures.jobs.averageBookedMinutes)} on average`}
        />
        <Headline
          title="Tire quotes sent"
          value={String(headline.tireQuotes.sent)}
          detail={`of ${plural(headline.tireQuotes.saved, 'quote')} saved, ${headline.tireQuotes.booked} booked`}
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Figure title="Car count" link={schedulerLink}>
          {headline.carCount === 0 ? (
            <Empty>No visits checked in {words}.</Empty>
          ) : (
            <>
              <Text size="sm">
                <Text span fw={700} fz="lg">
                  {headline.carCount}
                </Text>{' '}
                {headline.carCount === 1 ? 'car' : 'cars'} checked in {words}
              </Text>
              {multiDay && (
                <DayBars
                  period={period}
                  label="Cars checked in per day"
                  data={figures.carsPerDay.map((d) => ({ date: d.date, 'Cars checked in': d.count }))}
                  series={[{ name: 'Cars checked in', color: 'blue.6' }]}
                />
              )}
            </>
          )}
        </Figure>

        <Figure title="Appointments by status" link={schedulerLink}>
          {headline.booked === 0 ? (
            <Empty>No appointments {words}.</Empty>
          ) : multiDay ? (
            <DayBars
              period={period}
              label="Appointments by status per day"
              stacked
              withLegend
              data={figures.byStatus.map((d) => ({ date: d.date, ...d.byStatus }))}
              series={visitStatuses.map((s) => ({ name: s, color: statusColors[s] }))}
            />
          ) : (
            <Stack gap={4}>
              {visitStatuses.map((status) => (
                <Group key={status} justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <span aria-hidden className={classes.swatch} style={{ background: statusColors[status] }} />
                    <Text size="sm">{status}</Text>
                  </Group>
                  <Text size="sm" fw={600}>
                    {figures.byStatus[0]?.byStatus[status] ?? 0}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Figure>

        <Figure title="No-shows and cancellations" link={schedulerLink}>
          {headline.noShows + headline.cancellations === 0 ? (
            <Empty>No no-shows or cancellations {words}.</Empty>
          ) : (
            <>
              <Text size="sm">
                <Text span fw={700}>
                  {plural(headline.noShows, 'no-show')}
                </Text>{' '}
                ({percent(headline.booked ? headline.noShows / headline.booked : null)} of booked) and{' '}
                <Text span fw={700}>
                  {plural(headline.cancellations, 'cancellation')}
                </Text>{' '}
                ({percent(headline.booked ? headline.cancellations / headline.booked : null)})
              </Text>
              <Text size="xs" c="dimmed">
                A no-show is a confirmed visit never checked in, counted once its day is over.
              </Text>
              {multiDay && (
                <DayBars
                  period={period}
                  label="No-shows and cancellations per day"
                  stacked
                  withLegend
                  data={figures.noShowsPerDay.map((d) => ({ date: d.date, 'No-shows': d.noShows, Cancellations: d.cancellations }))}
                  series={[
                    { name: 'No-shows', color: 'dark.4' },
                    { name: 'Cancellations', color: 'gray.5' },
                  ]}
                />
              )}
            </>
          )}
        </Figure>

        <Figure title="Time per job" link={schedulerLink}>
          {figures.jobs.count === 0 ? (
            <Empty>No job timed from work start to work complete {words}.</Empty>
          ) : (
            <SimpleGrid cols={3} spacing="xs">
              <Measure label="Actual, on average" value={duration(figures.jobs.averageActualMinutes)} />
              <Measure label="Booked, on average" value={duration(figures.jobs.averageBookedMinutes)} />
              <Measure label="Of booked time" value={percent(figures.jobs.actualToBooked)} />
              <Text size="xs" c="dimmed" style={{ gridColumn: '1 / -1' }}>
                {plural(figures.jobs.count, 'job')} with work started and completed.
              </Text>
            </SimpleGrid>
          )}
        </Figure>

        <Figure
          title="Bay utilisation"
          link={
            <AnchorLink to="/scheduler-dayview" search={{ date: period.from, view: 'day' }} size="sm">
              Open the bays
            </AnchorLink>
          }
        >
          {figures.bays.length === 0 ? (
            <Empty>No bays are set up at this store.</Empty>
          ) : headline.bays.openMinutes === 0 ? (
            <Empty>The store was not open {words}.</Empty>
          ) : (
            figures.bays.map((bay) => (
              <UseBar
                key={bay.schedulerResourceId}
                name={bay.name}
                bookedMinutes={bay.bookedMinutes}
                openMinutes={bay.openMinutes}
                utilisation={bay.utilisation}
              />
            ))
          )}
        </Figure>

        <Figure
          title="Technician utilisation"
          link={
            <AnchorLink to="/scheduler-dayview" search={{ date: period.from, view: 'technicians' }} size="sm">
              Open by technician
            </AnchorLink>
          }
        >
          {figures.technicians.length === 0 ? (
            <Empty>No technicians work at this store.</Empty>
          ) : (
            figures.technicians.map((t) => (
              <UseBar key={t.technicianId} name={t.name} bookedMinutes={t.bookedMinutes} openMinutes={t.openMinutes} utilisation={t.utilisation} />
            ))
          )}
        </Figure>

        <Figure title="Inspection findings">
          {headline.inspections.approvalRate === null ? (
            <Empty>No inspection findings answered by customers {words}.</Empty>
          ) : (
            <>
              <Text size="sm">
                <Text span fw={700} fz="lg">
                  {percent(headline.inspections.approvalRate)}
                </Text>{' '}
                approved by the customer
              </Text>
              <Progress.Root size="lg" role="group" aria-label={`${headline.inspections.approved} approved, ${headline.inspections.declined} declined`}>
                <Progress.Section value={headline.inspections.approvalRate * 100} color="secondary.8" aria-label="Approved">
                  <Progress.Label>{headline.inspections.approved}</Progress.Label>
                </Progress.Section>
                <Progress.Section value={(1 - headline.inspections.approvalRate) * 100} color="error.7" aria-label="Declined">
                  <Progress.Label>{headline.inspections.declined}</Progress.Label>
                </Progress.Section>
              </Progress.Root>
              <Text size="xs" c="dimmed">
                {headline.inspections.approved} approved and {headline.inspections.declined} declined, by the day the customer answered.
              </Text>
            </>
          )}
        </Figure>

        <Figure
          title="First reply to customers"
          link={
            <AnchorLink to="/messages" size="sm">
              Open messages
            </AnchorLink>
          }
        >
          {headline.replies.answered + headline.replies.unanswered === 0 ? (
            <Empty>No customer messages waited for a reply {words}.</Empty>
          ) : (
            <>
              <Text size="sm">
                <Text span fw={700} fz="lg">
                  {duration(headline.replies.averageMinutes)}
                </Text>{' '}
                to the first reply, on average
              </Text>
              <Text size="xs" c="dimmed">
                {plural(headline.replies.answered, 'message')} answered, {headline.replies.unanswered} not answered yet.
              </Text>
            </>
          )}
        </Figure>

        <Figure
          title="Ratings"
          link={
            <AnchorLink to="/ratings" size="sm">
              Open ratings
            </AnchorLink>
          }
        >
          {headline.ratings.count === 0 ? (
            <Empty>No ratings {words}.</Empty>
          ) : (
            <>
              <Text size="sm">
                <Text span fw={700} fz="lg">
                  {score(headline.ratings.average)}
                </Text>{' '}
                of 5 from {plural(headline.ratings.count, 'rating')}
              </Text>
              {figures.weeks.length > 1 && (
                <figure
                  className={classes.chart}
                  aria-label={`Ratings per week: ${figures.weeks.map((w) => `week of ${formatMonthDay(w.monday)}, ${plural(w.count, 'rating')}${w.average === null ? '' : `, average ${score(w.average)}`}`).join('; ')}`}
                >
                  <CompositeChart
                    h={180}
                    data={figures.weeks.map((w) => ({ week: formatMonthDay(w.monday), Ratings: w.count, 'Average score': w.average }))}
                    dataKey="week"
                    withRightYAxis
                    maxBarWidth={24}
                    withLegend
                    legendProps={{ verticalAlign: 'bottom', height: 50 }}
                    connectNulls
                    yAxisProps={{ domain: [0, 5], ticks: [0, 1, 2, 3, 4, 5], width: 24 }}
                    rightYAxisProps={{ allowDecimals: false, width: 24 }}
                    series={[
                      { name: 'Ratings', type: 'bar', color: 'blue.2', yAxisId: 'right' },
                      { name: 'Average score', type: 'line', color: 'orange.7' },
                    ]}
                  />
                </figure>
              )}
            </>
          )}
        </Figure>

        <Figure title="Tire quotes">
          {headline.tireQuotes.saved === 0 ? (
            <Empty>No tire quotes saved {words}.</Empty>
          ) : (
            <>
              <Text size="sm">
                <Text span fw={700} fz="lg">
                  {headline.tireQuotes.sent}
                </Text>{' '}
                of {plural(headline.tireQuotes.saved, 'quote')} saved sent to the customer
              </Text>
              <Text size="sm">
                <Text span fw={700} fz="lg">
                  {headline.tireQuotes.booked}
                </Text>{' '}
                turned into a visit
              </Text>
              <Text size="xs" c="dimmed">
                Saved quotes are on each customer's page; a quote turns into a visit when the counter books its install.
              </Text>
            </>
          )}
        </Figure>
      </SimpleGrid>
    </Stack>
  );
}

function Headline({ title, value, detail }: { title: string; value: string; detail: string }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={`${title}: ${value}, ${detail}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {title}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Card>
  );
}

function Figure({ title, link, children }: { title: string; link?: ReactNode; children: ReactNode }) {
  const id = `figure-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="baseline" gap="xs" mb="xs">
        <Title order={2} size="h5" id={id}>
          {title}
        </Title>
        {link}
      </Group>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed">
    {children}
  </Text>
);

const Measure = ({ label, value }: { label: string; value: string }) => (
  <div>
    <Text fw={700} fz="lg">
      {value}
    </Text>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
  </div>
);

/** A column's or a technician's booked time against their open time: a bar, red when booked beyond it. */
function UseBar({ name, bookedMinutes, openMinutes, utilisation }: { name: string; bookedMinutes: number; openMinutes: number; utilisation: number | null }) {
  const over = utilisation !== null && utilisation > 1;
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate>
          {name}
        </Text>
        <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
          {percent(utilisation)}
        </Text>
      </Group>
      <Tooltip label={`${hours(bookedMinutes)} booked of ${hours(openMinutes)} open`}>
        <Progress
          value={Math.min(100, (utilisation ?? 0) * 100)}
          color={over ? 'red.7' : 'blue.6'}
          size="md"
          aria-label={`${name}: ${percent(utilisation)}, ${hours(bookedMinutes)} booked of ${hours(openMinutes)} open`}
        />
      </Tooltip>
      <Text size="xs" c="dimmed">
        {hours(bookedMinutes)} booked of {hours(openMinutes)} open
      </Text>
    </div>
  );
}

/**
 * A bar per day of the period; a bar opens that day's list in the scheduler (the figure's link opens the period's).
 * The legend is ours, below the chart: it wraps on a phone where the chart's own is cut off.
 */
function DayBars({
  period,
  label,
  data,
  series,
  stacked = false,
  withLegend = false,
}: {
  period: Period;
  label: string;
  data: ({ date: string } & Record<string, number | string>)[];
  series: { name: string; color: string }[];
  stacked?: boolean;
  withLegend?: boolean;
}) {
  const navigate = useNavigate();
  const rows = data.map((d) => ({ ...d, day: formatMonthDay(d.date) }));
  const openDay = (index: number) => {
    const date = data[index]?.date;
    if (date) void navigate({ to: '/scheduler-dayview', search: { date, view: 'list' } });
  };
  return (
    <figure className={classes.chart} aria-label={`${label}, ${period.days} days`}>
      <BarChart
        h={180}
        data={rows}
        dataKey="day"
        series={series}
        type={stacked ? 'stacked' : 'default'}
        tickLine="y"
        maxBarWidth={28}
        yAxisProps={{ allowDecimals: false, width: 28 }}
        barProps={{ cursor: 'pointer', onClick: (_: unknown, index: number) => openDay(index) }}
      />
      {withLegend && (
        <Group gap="xs" justify="center" mt={4}>
          {series.map((s) => (
            <Group key={s.name} gap={4} wrap="nowrap">
              <span
                aria-hidden
                className={classes.swatch}
                style={{ background: s.color.startsWith('#') ? s.color : `var(--mantine-color-${s.color.replace('.', '-')})` }}
              />
              <Text size="xs">{s.name}</Text>
            </Group>
          ))}
        </Group>
      )}
    </figure>
  );
}
