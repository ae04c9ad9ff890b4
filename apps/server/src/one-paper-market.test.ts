import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type EngineProcess, forkEngineProcess } from './engine/testing/engine-process-harness.ts';
import { paperOrders } from './modules/paper/paper.schema.ts';
import {
  drives,
  holdSol,
  seedSharedMarket,
  solPrice,
  waitFor,
  waitForEpic,
} from './testing/shared-market-scenario.ts';

/** Through level 2 (rests at ~95), through level 3 (~90), and far above any take-profit of the epic. */
const LEVEL_2 = '94.00';
const LEVEL_3 = '89.00';
const ABOVE_TAKE_PROFIT = '110.00';
const TIMEOUT_MS = 240_000;

/** Forks server processes for one test and makes sure none outlives it. */
const processes = () => {
  const forked: EngineProcess[] = [];
  return {
    fork: () => {
      const child = forkEngineProcess();
      forked.push(child);
      return child;
    },
    killAll: () => {
      for (const child of forked) child.kill();
    },
  };
};

const stop = async (process: EngineProcess) => {
  await process.ask({ type: 'stop' });
  expect((await process.exited).code).toBe(0);
};

/**
 * Several server processes on one PostgreSQL database trade on one paper market
 * (docs/decisions/one-paper-market.md). Multi-process makes no sense on the embedded database: skipped there.
 */
describe.skipIf(!process.env.DATABASE_URL)('one paper market, however many processes', () => {
  it(
    'an API-only process (ENGINE=off) and an engine process trade one epic to close',
    async () => {
      const { fork, killAll } = processes();
      const api = fork();
      const worker = fork();
      const scenario = await seedSharedMarket();
      try {
        // A lease that outlasts any stall of a busy machine: which process drives must not change in this test.
        const env = { ...scenario.env, PAPER_LEASE_SECONDS: '600' };
        await api.boot({ ...env, ENGINE: 'off' });
        await worker.boot({ ...env, ENGINE: 'on' });
        // The first one up drives; the engine's orders go through a process that does not.
        expect(await drives(api)).toBe(true);
        expect(await drives(worker)).toBe(false);
        await waitForEpic(worker, scenario.epicId, (e) => e?.status === 'active');

        // Prices set through the API process are the ones the engine process reads, and its resting orders fill.
        expect(await holdSol(api, LEVEL_2)).toBe(94);
        expect(await solPrice(worker)).toBe(94);
        await waitForEpic(worker, scenario.epicId, (e) => (e?.activeDcaLevel ?? 0) >= 2);
        expect(await holdSol(api, LEVEL_3)).toBe(89);
        expect(await solPrice(worker)).toBe(89);
        await waitForEpic(worker, scenario.epicId, (e) => (e?.activeDcaLevel ?? 0) >= 3);
        expect(await holdSol(api, ABOVE_TAKE_PROFIT)).toBe(110);
        await waitForEpic(worker, scenario.epicId, (e) => e?.status === 'closed');
        expect(await solPrice(worker)).toBe(110);

        await stop(worker);
        await stop(api);
        // One order per client order id on the venue, whichever process placed or matched it.
        const duplicates = await scenario.database.db
          .select({ clientOrderId: paperOrders.clientOrderId })
          .from(paperOrders)
          .groupBy(paperOrders.portfolioId, paperOrders.clientOrderId)
          .having(sql`count(*) > 1`);
        expect(duplicates).toEqual([]);
      } finally {
        killAll();
        await scenario.cleanup();
      }
    },
    TIMEOUT_MS,
  );

  /**
   * The defect this guards against: the new process started while the old one still traded, the old one placed
   * orders the new one never matched, and a second market kept moving prices. Here the new process is up before
   * level 2 fills (so the orders that follow are placed while both run), then the old one goes.
   */
  const restartAcross = async (end: 'graceful' | 'hard-kill') => {
    const { fork, killAll } = processes();
    const old = fork();
    const next = fork();
    const scenario = await seedSharedMarket();
    try {
      await old.boot(scenario.env);
      await waitForEpic(old, scenario.epicId, (e) => e?.status === 'active');
      await next.boot(scenario.env);
      expect(await drives(next)).toBe(false);

      expect(await holdSol(old, LEVEL_2)).toBe(94);
      await waitForEpic(next, scenario.epicId, (e) => (e?.activeDcaLevel ?? 0) >= 2);
      if (end === 'graceful') await stop(old);
      else {
        old.kill();
        expect((await old.exited).signal).toBe('SIGKILL');
      }
      // Released on a graceful stop; after the 5 s lease runs out unrenewed when the driver was killed.
      await waitFor(
        () => drives(next),
        (driving) => driving,
        'the new process driving the market',
      );

      expect(await holdSol(next, LEVEL_3)).toBe(89);
      await waitForEpic(next, scenario.epicId, (e) => (e?.activeDcaLevel ?? 0) >= 3);
      expect(await holdSol(next, ABOVE_TAKE_PROFIT)).toBe(110);
      await waitForEpic(next, scenario.epicId, (e) => e?.status === 'closed');
      // Nobody else moves it: what was set is what is read, after the fills as before them.
      expect(await solPrice(next)).toBe(110);
      await stop(next);
      const open = await scenario.database.db
        .select({ id: paperOrders.id })
        .from(paperOrders)
        .where(eq(paperOrders.status, 'open'));
      expect(open).toEqual([]);
    } finally {
      killAll();
      await scenario.cleanup();
    }
  };

  it(
    'a graceful restart, the new process up before the old one stops: the resting level and the take-profit fill',
    () => restartAcross('graceful'),
    TIMEOUT_MS,
  );

  it(
    'a hard kill (SIGKILL), the new process up before the old one dies: the resting level and the take-profit fill',
    () => restartAcross('hard-kill'),
    TIMEOUT_MS,
  );
});
