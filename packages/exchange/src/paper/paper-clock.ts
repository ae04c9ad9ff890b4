/** Time as the paper venue sees it. Tests use a manual clock and move it with `advance`. */
export type PaperClock = {
  now: () => Date;
  /** Moves a manual clock forward; absent on the system clock. */
  advance?: (ms: number) => void;
  /** Calls `run` every `everyMs` of real time until the returned stop is called (absent: nothing ticks by itself). */
  schedule?: (everyMs: number, run: () => void) => () => void;
};

export const systemClock = (): PaperClock => ({
  now: () => new Date(),
  schedule: (everyMs, run) => {
    const timer = setInterval(run, everyMs);
    // The market's heartbeat must never keep a finished process (or test run) alive.
    timer.unref();
    return () => clearInterval(timer);
  },
});

export const manualClock = (start: Date): PaperClock & { set: (time: Date) => void } => {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (time) => {
      now = time.getTime();
    },
  };
};
