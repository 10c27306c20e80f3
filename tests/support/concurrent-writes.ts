import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { apiCall } from './api.ts';

export type Call = Parameters<typeof apiCall>[1];

/**
 * A write path raced by concurrent callers: `prepare` makes a fresh target and the calls to send at the
 * same moment; `check` says what must hold afterwards (both changes kept, applied once, one answer…).
 */
export interface WriteRace<T = unknown> {
  name: string;
  prepare(): Promise<{ target: T; calls: Call[] }>;
  check(target: T, answers: LightMyRequestResponse[]): Promise<void>;
}

/** Sends every call at once. */
export function atOnce(app: FastifyInstance, calls: Call[]): Promise<LightMyRequestResponse[]> {
  return Promise.all(calls.map((call) => apiCall(app, call)));
}

/** Runs a race `rounds` times on fresh targets: a lost update shows in most rounds, a rare one in some. */
export async function runRace<T>(app: FastifyInstance, race: WriteRace<T>, rounds = 8): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const { target, calls } = await race.prepare();
    await race.check(target, await atOnce(app, calls));
  }
}
