import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusLogger } from '../bus-logger.ts';
import type { EventBus, RealtimeEnvelope } from '../event-bus.ts';

/** One kind of bus under the shared contract, set up afresh for each test: how to open it, and how to clean up. */
export type BusHarness = {
  /** Opens one process's bus; every bus opened from one harness shares its fan-out. */
  open: (log: BusLogger) => Promise<EventBus>;
  close?: () => Promise<void>;
};

export type BusContractOptions = {
  setUp: () => Promise<BusHarness>;
  /** Processes the bus can join: the in-process bus serves only its own. */
  processes: 1 | 2;
  /** Set when the bus's infrastructure is not there (no PostgreSQL, no broker): the suite is skipped, saying why. */
  skipReason?: string | undefined;
};

const silent = pino({ level: 'silent' });

const coin = (id: string): RealtimeEnvelope => ({
  accountId: null,
  message: { routingKey: 'coin.updated', event: { id } },
});
const account = (id: string): RealtimeEnvelope => ({
  accountId: id,
  message: { routingKey: 'account.updated', event: { id } },
});

/** Records what one subscription receives; `until` waits for an event id, which arrives after all earlier ones. */
const record = (bus: EventBus) => {
  const received: RealtimeEnvelope[] = [];
  const unsubscribe = bus.subscribe((envelope) => received.push(envelope));
  const ids = () => received.map((envelope) => envelope.message.event.id);
  const until = (id: string) =>
    expect.poll(() => ids().includes(id), { timeout: 10_000, interval: 20 }).toBe(true);
  return { received, ids, until, unsubscribe };
};

/**
 * What every EventBus promises (docs/decisions/realtime.md): each subscriber of each process gets each event once
 * and in publish order, the publisher included; bad events are dropped and logged; publishing never throws. Each bus
 * delivers in order, so waiting for a last event (a "sentinel") proves every earlier one arrived, without a timer.
 */
export const describeBusContract = (
  name: string,
  { setUp, processes, skipReason }: BusContractOptions,
): void => {
  describe.skipIf(skipReason !== undefined)(
    skipReason === undefined
      ? `${name}: the bus contract`
      : `${name}: the bus contract (skipped: ${skipReason})`,
    () => {
      let harness: BusHarness;
      let opened: EventBus[] = [];
      const open = async (log: BusLogger = silent) => {
        const bus = await harness.open(log);
        opened.push(bus);
        return bus;
      };
      /** One bus per process the kind supports; the last is the "other process" when there are two. */
      const openProcesses = async () => {
        const first = await open();
        return processes === 2 ? [first, await open()] : [first];
      };

      beforeEach(async () => {
        harness = await setUp();
      });
      afterEach(async () => {
        await Promise.all(opened.map((bus) => bus.close()));
        opened = [];
        await harness.close?.();
      });

      it('delivers each event once, in publish order, to every subscriber of every process, the publisher included', async () => {
        const buses = await openProcesses();
        const recorders = buses.flatMap((bus) => [record(bus), record(bus)]);
        const published: string[] = [];
        for (const [i, bus] of buses.entries()) {
          await bus.publish(coin(`coin-${i}`));
          await bus.publish(account(`account-${i}`));
          published.push(`coin-${i}`, `account-${i}`);
        }
        await buses[0]?.publish(coin('sentinel'));

        for (const recorder of recorders) await recorder.until('sentinel');
        for (const recorder of recorders) expect(recorder.ids()).toEqual([...published, 'sentinel']);
        expect(recorders[0]?.received[1]?.accountId).toBe('account-0');
      });

      it('carries a large event intact', async () => {
        const buses = await openProcesses();
        const other = record(buses.at(-1) as EventBus);
        const big: RealtimeEnvelope = {
          accountId: 'acc-1',
          message: { routingKey: 'epic.updated', event: { id: 'epic-1', notes: 'x'.repeat(20_000) } },
        };

        await buses[0]?.publish(big);
        await buses[0]?.publish(coin('sentinel'));
        await other.until('sentinel');

        expect(other.received).toEqual([big, coin('sentinel')]);
      });

      it('keeps delivering to the other subscribers when one listener throws', async () => {
        const [bus] = await openProcesses();
        if (!bus) throw new Error('no bus');
        bus.subscribe(() => {
          throw new Error('listener bug');
        });
        const after = record(bus);

        await bus.publish(coin('c1'));
        await bus.publish(coin('sentinel'));
        await after.until('sentinel');

        expect(after.ids()).toEqual(['c1', 'sentinel']);
      });

      it('stops a subscription at unsubscribe, and every one at close; publishing on a closed bus does not throw', async () => {
        const buses = await openProcesses();
        const [first] = buses;
        if (!first) throw new Error('no bus');
        const left = record(first);
        const stays = record(first);
        left.unsubscribe();
        await first.publish(coin('after-unsubscribe'));
        await stays.until('after-unsubscribe');
        expect(left.received).toEqual([]);

        const closedOne = record(first);
        await first.close();
        opened = opened.filter((bus) => bus !== first);
        await expect(first.publish(coin('on-a-closed-bus'))).resolves.toBeUndefined();
        const last = buses.at(-1);
        if (last && last !== first) {
          // The other process still hears the broadcast: the closed one's subscriber did not.
          const other = record(last);
          await last.publish(coin('sentinel'));
          await other.until('sentinel');
        }
        expect(closedOne.received).toEqual([]);
      });

      it('logs and drops an invalid event and a private event addressed to everyone', async () => {
        const errors: string[] = [];
        const bus = await open(pino({ level: 'error' }, { write: (line: string) => errors.push(line) }));
        const received = record(bus);
        // What a caller that got around the types (a JSON row, say) could hand over: an event without an id.
        const withoutId = JSON.parse(
          '{"accountId":"a1","message":{"routingKey":"account.updated","event":{}}}',
        );

        await bus.publish(withoutId);
        await bus.publish({
          accountId: null,
          message: { routingKey: 'account.updated', event: { id: 'a1' } },
        });
        await bus.publish(coin('sentinel'));
        await received.until('sentinel');

        expect(received.ids()).toEqual(['sentinel']);
        expect(errors).toHaveLength(2);
        expect(errors[0]).toContain('invalid realtime event dropped');
      });

      it.runIf(processes === 2)(
        'gives a process that opens later only what is published after it opened',
        async () => {
          const early = await open();
          const atEarly = record(early);
          await early.publish(coin('before'));
          const late = await open();
          const atLate = record(late);
          await early.publish(coin('sentinel'));

          await atLate.until('sentinel');
          await atEarly.until('sentinel');
          expect(atLate.ids()).toEqual(['sentinel']);
          expect(atEarly.ids()).toEqual(['before', 'sentinel']);
        },
      );
    },
  );
};
