import { describe, expect, it } from 'vitest';
import { JobHealth } from '../../server/jobs/job-health.ts';

const at = (time: string) => new Date(`2030-06-03T${time}:00.000Z`);

describe("the background jobs' health", () => {
  it('lists every job before any has run, in a steady order, with its name and what it does', () => {
    const jobs = new JobHealth().list();
    expect(jobs.map((j) => j.name)).toEqual(['outboundMessages', 'visitMessages']);
    for (const job of jobs)
      expect(job).toMatchObject({ label: expect.any(String), description: expect.any(String), lastRunAt: null, lastErrorAt: null, lastError: null });
  });

  it("keeps each job's last run and last problem apart, the problem with its error's words", () => {
    const health = new JobHealth();
    health.recordRun('outboundMessages', at('10:00'));
    health.recordError('visitMessages', at('10:01'), 'Sending reminders failed.', new Error('connection refused'));
    health.recordRun('outboundMessages', at('10:05'));
    const [outbound, visits] = health.list();
    expect(outbound).toMatchObject({ lastRunAt: at('10:05').toISOString(), lastError: null });
    expect(visits).toMatchObject({ lastRunAt: null, lastErrorAt: at('10:01').toISOString(), lastError: 'Sending reminders failed. (connection refused)' });
  });

  it("keeps a problem's first 500 characters, and its own words alone when there is no error", () => {
    const health = new JobHealth();
    health.recordError('outboundMessages', at('11:00'), 'x'.repeat(800));
    expect(health.list()[0]!.lastError).toHaveLength(500);
    health.recordError('outboundMessages', at('11:01'), 'Message 1 could not be sent.');
    expect(health.list()[0]).toMatchObject({ lastErrorAt: at('11:01').toISOString(), lastError: 'Message 1 could not be sent.' });
  });
});
