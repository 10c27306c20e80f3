/** Spec sections 5 and 9: a scheduled service lasts at least 15 minutes, in steps of 15 minutes. */
export const minimumDuration = 15;
export const durationStep = 15;

/** The nearest allowed duration to a dragged or typed one. */
export function snapDuration(minutes: number): number {
  return Math.max(minimumDuration, Math.round(minutes / durationStep) * durationStep);
}

/** What is wrong with a duration, in words a person can act on, under the field's name. */
export function durationProblems(durationInMinutes: number, field = 'durationInMinutes'): Record<string, string[]> {
  if (!Number.isInteger(durationInMinutes) || durationInMinutes < minimumDuration) return { [field]: [`A service lasts at least ${minimumDuration} minutes`] };
  if (durationInMinutes % durationStep !== 0) return { [field]: [`Durations go in steps of ${durationStep} minutes: use ${snapDuration(durationInMinutes)}`] };
  return {};
}

/** The end date from a start date and a duration (ISO instants). */
export function endAfter(startDate: string, durationInMinutes: number): string {
  return new Date(Date.parse(startDate) + durationInMinutes * 60_000).toISOString();
}

/** Start and end must agree with the duration: the server keeps the three consistent. */
export function spanProblems(row: { startDate: string; endDate: string; durationInMinutes: number }): Record<string, string[]> {
  const duration = durationProblems(row.durationInMinutes);
  if (Object.keys(duration).length > 0) return duration;
  if (Date.parse(row.endDate) - Date.parse(row.startDate) !== row.durationInMinutes * 60_000) {
    return { endDate: ['The end must be the start plus the duration'] };
  }
  return {};
}
