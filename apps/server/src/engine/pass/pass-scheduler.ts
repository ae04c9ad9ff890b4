type PassSchedulerOptions = {
  /** Pause between passes when nothing wakes the engine. */
  pollMs: number;
  /** Delay of a pass asked for by a wake, so a burst of events makes one pass. */
  wakeDelayMs?: number;
  onError: (error: unknown) => void;
};

/**
 * Runs engine passes one at a time: every `pollMs` when idle, soon after a wake. A wake during a pass asks for
 * another pass right after it, never one beside it: two passes of one worker hold the same leases and could both
 * act on one epic.
 */
export const createPassScheduler = (pass: () => Promise<void>, options: PassSchedulerOptions) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let wokenDuringPass = false;

  const schedule = (delayMs: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delayMs);
  };

  const run = () => {
    timer = undefined;
    if (stopped || running) return;
    running = pass()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
        if (stopped) return;
        schedule(wokenDuringPass ? 0 : options.pollMs);
        wokenDuringPass = false;
      });
  };

  return {
    start: () => {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    wake: () => {
      if (stopped) return;
      if (running) {
        wokenDuringPass = true;
        return;
      }
      schedule(options.wakeDelayMs ?? 10);
    },
    /** Resolves once the pass under way (if any) has finished; no pass starts after it. */
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
};
