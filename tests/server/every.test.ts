import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Every } from '../../server/jobs/every.ts';

describe("a job's run on a timer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once per interval, never twice at once, and a stop waits for the run in progress', async () => {
    let started = 0;
    let finish = () => {};
    const job = new Every(
      () => {
        started++;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      () => {},
    );
    job.start(1000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(started).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(3000);
    expect(started).toBe(1);
  });

  it('reports a failed run and tries again at the next time, and says when a run succeeds', async () => {
    const failures: unknown[] = [];
    let succeeded = 0;
    let calls = 0;
    const job = new Every(
      async () => {
        calls++;
        if (calls === 1) throw new Error('database away');
      },
      (error) => failures.push(error),
      () => succeeded++,
    );
    job.start(1000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(failures.map((e) => (e as Error).message)).toEqual(['database away']);
    expect(succeeded).toBe(1);
    await job.stop();
  });
});
