import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { RealtimeEnvelope } from './event-bus.ts';
import { createInProcessBus } from './in-process-bus.ts';
import { describeBusContract } from './testing/bus-contract.ts';

describeBusContract('in-process bus', {
  processes: 1,
  setUp: async () => ({ open: async (log) => createInProcessBus({ log }) }),
});

describe('in-process bus', () => {
  it('delivers every event to every subscriber before publish resolves', async () => {
    const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
    const first: RealtimeEnvelope[] = [];
    const second: RealtimeEnvelope[] = [];
    bus.subscribe((envelope) => first.push(envelope));
    bus.subscribe((envelope) => second.push(envelope));
    const coin: RealtimeEnvelope = {
      accountId: null,
      message: { routingKey: 'coin.updated', event: { id: 'BTC-USD' } },
    };

    await bus.publish(coin);

    expect(first).toEqual([coin]);
    expect(second).toEqual([coin]);
  });
});
