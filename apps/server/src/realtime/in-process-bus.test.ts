import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { RealtimeEnvelope } from './event-bus.ts';
import { createInProcessBus } from './in-process-bus.ts';

const log = pino({ level: 'silent' });
const coin: RealtimeEnvelope = {
  accountId: null,
  message: { routingKey: 'coin.updated', event: { id: 'BTC-USD' } },
};

describe('in-process bus', () => {
  it('delivers every event to every subscriber before publish resolves', async () => {
    const bus = createInProcessBus({ log });
    const first: RealtimeEnvelope[] = [];
    const second: RealtimeEnvelope[] = [];
    bus.subscribe((envelope) => first.push(envelope));
    bus.subscribe((envelope) => second.push(envelope));

    await bus.publish(coin);

    expect(first).toEqual([coin]);
    expect(second).toEqual([coin]);
  });

  it('keeps delivering to the others when one listener throws', async () => {
    const bus = createInProcessBus({ log });
    const received: RealtimeEnvelope[] = [];
    bus.subscribe(() => {
      throw new Error('listener bug');
    });
    bus.subscribe((envelope) => received.push(envelope));

    await bus.publish(coin);

    expect(received).toEqual([coin]);
  });

  it('stops delivering after unsubscribe and after close', async () => {
    const bus = createInProcessBus({ log });
    const received: RealtimeEnvelope[] = [];
    const unsubscribe = bus.subscribe((envelope) => received.push(envelope));
    unsubscribe();
    await bus.publish(coin);
    bus.subscribe((envelope) => received.push(envelope));
    await bus.close();
    await bus.publish(coin);

    expect(received).toEqual([]);
  });

  it('logs and drops an invalid event and a private event addressed to everyone', async () => {
    const errors: string[] = [];
    const bus = createInProcessBus({
      log: pino({ level: 'error' }, { write: (line: string) => errors.push(line) }),
    });
    const received: RealtimeEnvelope[] = [];
    bus.subscribe((envelope) => received.push(envelope));
    // What a caller that got around the types (a JSON row, say) could hand over: an event without an id.
    const withoutId = JSON.parse('{"accountId":"a1","message":{"routingKey":"account.updated","event":{}}}');

    await bus.publish(withoutId);
    await bus.publish({ accountId: null, message: { routingKey: 'account.updated', event: { id: 'a1' } } });

    expect(received).toEqual([]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('invalid realtime event dropped');
  });
});
