/**
 * The scheduler's views, apart from the rules that draw them: the router checks a link's view on every
 * navigation, and needs none of the calendar's time arithmetic to do it.
 */

/** The scheduler's views: the day by column (bay), the week, a list, or the day by technician. */
export const schedulerViews = ['day', 'week', 'list', 'technicians'] as const;
export type SchedulerViewName = (typeof schedulerViews)[number];

/** The view the scheduler opens on when none is asked for: the day, or the list on a phone (too narrow for a dozen columns). */
export const shownView = (asked: SchedulerViewName | undefined, phone: boolean): SchedulerViewName => asked ?? (phone ? 'list' : 'day');
