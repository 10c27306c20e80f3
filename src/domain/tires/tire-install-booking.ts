import { snapDuration } from '../calendar/durations.ts';
import { tireInstallService } from './tire-finder.ts';

type Service = { storeServiceId: string; name: string; isActive: boolean; durationInMinutes: number };

const setOfFour = 4;

/** The tires a service's name says it installs: "Tire Installation (4)", "Mount 2 tires"; null when it names none. */
const tiresNamed = (name: string): number | null => {
  const found = /\((\d+)\)|(\d+)\s*tires?\b/i.exec(name);
  return found ? Number(found[1] ?? found[2]) : null;
};

/**
 * The service and minutes an install of `tires` tires is booked as: the store's install service named for that
 * many tires; else one named for no count; else the one named for the nearest count, its minutes in proportion
 * ("Tire Installation (4)", an hour, books 30 minutes for 2 tires), in the calendar's 15-minute steps. With no
 * tires chosen yet, the install of a set of four, the job most quotes are for. Null when the store has none: the
 * counter chooses the service.
 */
export function tireInstallBooking<S extends Service>(services: readonly S[], tires: number): { service: S; minutes: number } | null {
  const installs = services.filter((s) => tireInstallService([s]) !== null);
  const first = installs[0];
  if (!first) return null;
  if (tires <= 0) return tireInstallBooking(services, setOfFour);
  const exact = installs.find((s) => tiresNamed(s.name) === tires) ?? installs.find((s) => tiresNamed(s.name) === null);
  if (exact) return { service: exact, minutes: exact.durationInMinutes };
  const distance = (s: S) => Math.abs(tiresNamed(s.name)! - tires);
  const nearest = installs.reduce((best, s) => (distance(s) < distance(best) ? s : best), first);
  return { service: nearest, minutes: snapDuration((nearest.durationInMinutes * tires) / tiresNamed(nearest.name)!) };
}
