import { maxCents, type StoreService } from '../../contract/entities.ts';
import type { FieldProblems } from '../people/customer-rules.ts';

/** The scheduler's grid step: a service's duration is a whole number of these (spec section 5). */
export const durationStep = 15;
/** A service that takes more than a working day is not one service. */
export const longestService = 12 * 60;

/** What is wrong with a service duration, in words a person can act on; null when it is right. */
export function durationProblem(minutes: number): string | null {
  if (!Number.isFinite(minutes)) return 'Enter how long the service takes, in minutes';
  if (minutes < durationStep) return `A service takes at least ${durationStep} minutes`;
  if (minutes > longestService) return `Keep a service under ${longestService / 60} hours; book longer work as several services`;
  if (minutes % durationStep !== 0) {
    const below = Math.floor(minutes / durationStep) * durationStep;
    const options = [below, below + durationStep].filter((m) => m >= durationStep).join(' or ');
    return `Use steps of ${durationStep} minutes: ${options}`;
  }
  return null;
}

/** The problems of a store service as the form and the server see it (the same words on both). */
export function storeServiceProblems(service: Pick<StoreService, 'name' | 'durationInMinutes' | 'priceInCents'>): FieldProblems {
  const problems: FieldProblems = {};
  if (!service.name.trim()) problems.name = ['Enter the service name'];
  const duration = durationProblem(service.durationInMinutes);
  if (duration) problems.durationInMinutes = [duration];
  if (service.priceInCents !== null) {
    if (!Number.isInteger(service.priceInCents) || service.priceInCents < 0) problems.priceInCents = ['Enter a price of 0 or more'];
    else if (service.priceInCents > maxCents) problems.priceInCents = ['Enter a price under $1,000,000'];
  }
  return problems;
}

/** "1 h 30 min", "45 min": how the catalogue shows a duration. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
