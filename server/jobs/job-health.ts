import type { BackgroundJob } from '../../src/contract/platform-health.ts';

/** The server's background jobs, each named and said in an operator's words (the platform's health lists them). */
export const backgroundJobs = {
  outboundMessages: {
    label: 'Sending texts and emails',
    description: 'Hands the queued texts and emails to their providers every few seconds, and tries passing failures again.',
  },
  visitMessages: {
    label: 'Reminders and thank-yous',
    description: "Queues each visit's appointment reminder and thank-you at the hours its store set, every minute.",
  },
} as const;
export type JobName = keyof typeof backgroundJobs;

/** How much of a problem is kept: enough to recognise it, the rest is in the log. */
const maxErrorChars = 500;

/**
 * What each background job of this process last did: when it last finished a run, and its last problem with
 * when. In memory: it is about this process, and a restart begins a new story (the log keeps the old one).
 */
export class JobHealth {
  private readonly jobs = new Map<JobName, Omit<BackgroundJob, 'name' | 'label' | 'description'>>(
    (Object.keys(backgroundJobs) as JobName[]).map((name) => [name, { lastRunAt: null, lastErrorAt: null, lastError: null }]),
  );

  recordRun(name: JobName, at: Date): void {
    this.jobs.get(name)!.lastRunAt = at.toISOString();
  }

  /** The job's words for what went wrong, with the error's own when there is one. */
  recordError(name: JobName, at: Date, message: string, error?: unknown): void {
    const job = this.jobs.get(name)!;
    const cause = error instanceof Error ? error.message : error === undefined ? '' : String(error);
    job.lastErrorAt = at.toISOString();
    job.lastError = (cause ? `${message} (${cause})` : message).slice(0, maxErrorChars);
  }

  /** Every job, run or not yet, in a steady order. */
  list(): BackgroundJob[] {
    return [...this.jobs].map(([name, state]) => ({ name, ...backgroundJobs[name], ...state }));
  }
}
