/**
 * The server's notion of now. Routes, the change feed's calendar window and the demo seed read it from here,
 * so a test can run the whole server at 23:30 or 00:30 store time, whatever hour the machine says.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock stopped at one instant (tests). */
export const fixedClock = (at: Date | string): Clock => {
  const instant = new Date(at);
  return { now: () => new Date(instant) };
};

/** A clock a test moves by hand. */
export class ManualClock implements Clock {
  constructor(private at: Date) {}
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}

/** The machine's time, moved on by hand (a test that must not wait out a minimum time a person takes). */
export class ShiftedClock implements Clock {
  private offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  shift(ms: number): void {
    this.offset += ms;
  }
}
