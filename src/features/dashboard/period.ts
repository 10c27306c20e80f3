import { Temporal } from 'temporal-polyfill';
import { maxPeriodDays } from '../../contract/store-figures.ts';
import { formatCalendarDate, formatMonthDay } from '../../domain/calendar/date-format.ts';

export type PeriodKind = 'today' | 'week' | 'month' | 'custom';
export type DashboardView = 'store' | 'compare';

/** The dashboard's place in the URL: a reload, or a link sent to a colleague, opens the same figures. */
export interface DashboardSearch {
  period?: PeriodKind;
  /** A day of the period shown (Today, Week, Month); today when absent. */
  date?: string;
  /** A custom period's first and last days. */
  from?: string;
  to?: string;
  view?: DashboardView;
}

/** Store-local days [from, to): the dashboard's period as the worker and the server take it. */
export interface Period {
  kind: PeriodKind;
  from: string;
  to: string;
  days: number;
}

const plain = (date: string) => Temporal.PlainDate.from(date);

/**
 * The period the search names at a store whose date is `today`: the day, the week (Monday to Sunday, as the ratings'
 * ISO weeks run) or the calendar month holding `date`, or the custom days (the other way round when picked so).
 */
export function periodOf(search: DashboardSearch, today: string): Period {
  const kind = search.period ?? 'week';
  const day = plain(search.date ?? today);
  let from: Temporal.PlainDate;
  let to: Temporal.PlainDate;
  if (kind === 'today') {
    from = day;
    to = day.add({ days: 1 });
  } else if (kind === 'week') {
    from = day.subtract({ days: day.dayOfWeek - 1 });
    to = from.add({ days: 7 });
  } else if (kind === 'month') {
    from = day.with({ day: 1 });
    to = from.add({ months: 1 });
  } else {
    const first = plain(search.from ?? today);
    const last = plain(search.to ?? search.from ?? today);
    [from, to] = Temporal.PlainDate.compare(first, last) <= 0 ? [first, last.add({ days: 1 })] : [last, first.add({ days: 1 })];
  }
  return { kind, from: from.toString(), to: to.toString(), days: from.until(to).days };
}

/** A custom period longer than the comparison takes is refused on the device too: one rule for both. */
export const tooLong = (period: Period) => period.days > maxPeriodDays;

/** The `date` of the period before or after (Today, Week, Month step by their own length). */
export function shifted(period: Period, step: 1 | -1): string {
  const from = plain(period.from);
  if (period.kind === 'month') return from.add({ months: step }).toString();
  return from.add({ days: step * period.days }).toString();
}

/** The last day of a period (its `to` is the day after). */
export const lastDay = (period: Pick<Period, 'to'>) => plain(period.to).subtract({ days: 1 }).toString();

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Tue, Mar 10, 2026", "Mar 9 – Mar 15, 2026", "March 2026": the period as a heading says it. */
export function periodLabel(period: Period): string {
  if (period.days === 1) return formatCalendarDate(period.from);
  if (period.kind === 'month') return monthYear.format(new Date(`${period.from}T12:00:00Z`));
  const last = lastDay(period);
  return `${formatMonthDay(period.from)} – ${formatMonthDay(last)}, ${plain(last).year}`;
}

/** How an empty figure names its period: "No visits checked in this week", "… on that day". */
export function periodWords(period: Period, today: string): string {
  const holdsToday = period.from <= today && today < period.to;
  if (period.kind === 'today') return holdsToday ? 'today' : 'on that day';
  if (period.kind === 'week') return holdsToday ? 'this week' : 'that week';
  if (period.kind === 'month') return holdsToday ? 'this month' : 'that month';
  return 'in this period';
}
