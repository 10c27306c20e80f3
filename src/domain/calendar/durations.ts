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

/** What is wrong with a length, as a sentence for a form, or null when it is fine. */
export function durationProblem(durationInMinutes: number): string | null {
  const problem = Object.values(durationProblems(durationInMinutes))[0]?.[0];
  return problem ? `${problem}.` : null;
}

/** The end date from a start date and a duration (ISO instants). */
export function endAfter(startDate: string, durationInMinutes: number): string {
  return new Date(Date.parse(startDate) + durationInMinutes * 60_000).toISOString();
}

/** The row with its end following its start and duration: the server keeps the three consistent this way. */
export function withEnd<T extends { startDate: string; durationInMinutes: number; endDate: string }>(row: T): T {
  return { ...row, endDate: endAfter(row.startDate, row.durationInMinutes) };
}

/** Minutes between two wall-clock readings (2026-11-23T09:00:00) of one zone. */
export function wallMinutesBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 60_000);
}
