import { writeSync } from 'node:fs';
import type { Config } from '../config.ts';
import type { EngineHooks } from './engine-deps.ts';

/** The engine's crash points as ENGINE_CRASH_AT names them. */
const HOOK_OF = { 'after-intent': 'afterIntentWritten', 'after-send': 'afterOrderSent' } as const;

/**
 * Test only: the process kills itself with SIGKILL the first time the engine reaches the configured point — no
 * shutdown hook, no flush, nothing after it runs, exactly as a crash or an OOM kill. The line on stderr tells the
 * test which client order id was caught mid-flight (written synchronously, so it is out before the kill).
 */
export const crashHooks = (crashAt: Config['engineCrashAt']): EngineHooks => {
  if (!crashAt) return {};
  return {
    [HOOK_OF[crashAt]]: (clientOrderId: string) => {
      writeSync(2, `engine-crash ${crashAt} ${clientOrderId}\n`);
      process.kill(process.pid, 'SIGKILL');
    },
  };
};
