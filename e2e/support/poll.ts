/**
 * Calls `read` every `interval` ms until it returns `wanted` (an error thrown counts as not yet), as vitest's
 * expect.poll does, with one last call once `timeout` has passed. The helpers that wait this way are run by
 * `npm run bench` too, outside a test run, where vitest's expect.poll refuses to start.
 */
export async function pollUntil<T>(what: string, read: () => Promise<T>, wanted: T, options: { timeout: number; interval?: number }): Promise<void> {
  const deadline = Date.now() + options.timeout;
  let last: unknown;
  for (;;) {
    const lastCall = Date.now() >= deadline;
    try {
      last = await read();
      if (Object.is(last, wanted)) return;
    } catch (error) {
      last = error;
    }
    if (lastCall) {
      throw new Error(`${what}: still not ${String(wanted)} after ${options.timeout} ms (last: ${last instanceof Error ? last.message : String(last)})`, {
        cause: last,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, options.interval ?? 50));
  }
}
