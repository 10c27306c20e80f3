/**
 * The store's week as the store location names it: the field of each weekday's flags and hours, and the form of a
 * time of day. Plain values, so the shell reads a store's hours without loading the store's schema.
 */
const weekdays = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'] as const;
const dayNames = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** isOpenMondays … isOpenSundays */
export const isOpenFields = weekdays.map((d) => `isOpen${d}` as const);
/** mondayAppointmentsEnabled … sundayAppointmentsEnabled (the spec names the flags, not the fields: docs/decisions/data-and-api.md) */
export const appointmentsEnabledFields = dayNames.map((d) => `${d}AppointmentsEnabled` as const);

/** mondayOpenTime, mondayCloseTime … sundayCloseTime: the store's opening hours on each weekday ("08:00"). */
export const weekdayHoursFields = dayNames.map((d) => ({ day: d, open: `${d}OpenTime` as const, close: `${d}CloseTime` as const }));

/** A time of day, 24-hour "HH:MM". */
export const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDayMessage = 'Use the 24-hour form HH:MM, e.g. 08:00';
export const isTimeOfDay = (time: unknown): time is string => typeof time === 'string' && timeOfDayPattern.test(time);
