/** Where auth-core reads the time. Tests pass a clock they can move. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: (): Date => new Date(),
};

/** A clock that only moves when told to: for tests and deterministic tools. */
export interface ManualClock extends Clock {
  set(date: Date): void;
  advance(milliseconds: number): void;
}

export function createManualClock(start: Date): ManualClock {
  let current = start.getTime();
  return {
    now: (): Date => new Date(current),
    set: (date: Date): void => {
      current = date.getTime();
    },
    advance: (milliseconds: number): void => {
      current += milliseconds;
    },
  };
}

/**
 * Date.prototype.toISOString remembered for the last instant it formatted: V8 formats a date
 * through a printf-style path (about 0.7 µs a call), and under load many requests share a
 * millisecond. Pure (the instant in, its text out), so one per call site is safe to share.
 */
export function createIsoFormatter(): (time: number) => string {
  let last = Number.NaN;
  let text = "";
  return (time) => {
    if (time !== last) {
      last = time;
      text = new Date(time).toISOString();
    }
    return text;
  };
}
