/**
 * Start-up either serves or fails loudly (docs/decisions/runtime.md): when something awaited during start-up is left
 * with nothing keeping the process alive (a promise no timer or socket will ever settle), Node empties its event
 * loop and exits with code 0 — which a supervisor reads as a clean stop and never restarts. The guard turns that
 * into exit code 1 and a line naming the step that never finished.
 */
export type StartupGuard = {
  /** The step start-up is in now, named for the message ("migrating the database"). */
  step: (name: string) => void;
  /** The server listens: from here an empty event loop is a normal end. */
  serving: () => void;
};

type ProcessLike = Pick<NodeJS.Process, 'on' | 'off'> & { exitCode?: NodeJS.Process['exitCode'] };

export const guardStartup = (
  proc: ProcessLike = process,
  report: (message: string) => void = (message) => console.error(message),
): StartupGuard => {
  let current = 'starting';
  const stalled = () => {
    report(`CDCA stopped before serving: start-up was ${current} and nothing was left to wait for.`);
    proc.exitCode = 1;
  };
  proc.on('beforeExit', stalled);
  return {
    step: (name) => {
      current = name;
    },
    serving: () => {
      proc.off('beforeExit', stalled);
    },
  };
};
