/**
 * What every part of the product reads the time from instead of `new Date()`: tests pass a manual clock and
 * move it, so a due date, a lock's end or a market minute comes without sleeping (docs/decisions/package-walls.md).
 */
export type Clock = {
  now: () => Date;
  /** Moves the clock forward; only a manual clock can, so the paper venue's advance control needs one. */
  advance?: (ms: number) => void;
  /**
   * Calls `run` every `everyMs` of real time until the returned stop is called. Absent on a manual clock: there
   * nothing ticks by itself, the test moves time.
   */
  schedule?: (everyMs: number, run: () => void) => () => void;
};

export const systemClock: Clock = {
  now: () => new Date(),
  schedule: (everyMs, run) => {
    const timer = setInterval(run, everyMs);
    // A heartbeat must never keep a finished process (or test run) alive.
    timer.unref();
    return () => clearInterval(timer);
  },
};
