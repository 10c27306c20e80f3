/** "42%", or a dash when there is nothing to divide by. */
export const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);

/** "45 min", "2 h 05 min", "3 d 4 h": a wait or a job's length at a glance. */
export function duration(minutes: number | null): string {
  if (minutes === null) return '—';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  if (whole < 24 * 60) return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, '0')} min`;
  return `${Math.floor(whole / 1440)} d ${Math.floor((whole % 1440) / 60)} h`;
}

/** "12.5 h": booked or open time of a bay over a period. */
export const hours = (minutes: number) => `${Math.round(minutes / 6) / 10} h`;

/** "4.6", to one decimal, or a dash when nobody rated. */
export const score = (average: number | null) => (average === null ? '—' : average.toFixed(1));

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
