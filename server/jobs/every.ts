/**
 * A job's run on a timer: one run at a time (a run still going when the next is due is not doubled), an error
 * reported and the next run tried at its time, and a stop that waits for the run in progress. The timer does
 * not keep the process alive.
 */
export class Every {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly failed: (error: unknown) => void,
    private readonly succeeded: () => void = () => undefined,
  ) {}

  start(everyMs: number): void {
    this.timer ??= setInterval(() => {
      this.running ??= this.run()
        .then(() => this.succeeded(), this.failed)
        .finally(() => {
          this.running = null;
        });
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
