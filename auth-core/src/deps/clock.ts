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
 * `format` remembered for the last instant it was asked for: the times Gatehouse writes go
 * through Date#toISOString, which V8 formats through a slow printf-style path, and under load
 * many requests share a millisecond. `format` must depend on the instant alone;
 * each call site keeps its own (one last instant each).
 */
export function oncePerInstant(format: (time: number) => string): (time: number) => string {
  let last = Number.NaN;
  let text = "";
  return (time) => {
    if (time !== last) {
      last = time;
      text = format(time);
    }
    return text;
  };
}
