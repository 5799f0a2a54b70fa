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
