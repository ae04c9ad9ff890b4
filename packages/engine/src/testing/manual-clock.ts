const SECOND_MS = 1000;

/** A clock the test moves by hand; it never ticks by itself (no `schedule`). */
export const manualClock = (start: Date | string = '2026-03-01T12:00:00Z') => {
  let now = new Date(start).getTime();
  const advance = (ms: number) => {
    now += ms;
  };
  return {
    now: () => new Date(now),
    advance,
    set: (at: Date) => {
      now = at.getTime();
    },
    advanceSeconds: (seconds: number) => advance(seconds * SECOND_MS),
    advanceMinutes: (minutes: number) => advance(minutes * 60 * SECOND_MS),
    advanceDays: (days: number) => advance(days * 24 * 3600 * SECOND_MS),
  };
};
export type ManualClock = ReturnType<typeof manualClock>;
