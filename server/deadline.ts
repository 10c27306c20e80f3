export class DeadlineError extends Error {}

/**
 * The promise's outcome, or a DeadlineError naming `what` once `ms` have passed. For waits on things outside the
 * process (a database, Redis) that may never answer: a client queues its commands while its server is away.
 * The timer does not keep the process alive.
 */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(`${what} did not finish within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
