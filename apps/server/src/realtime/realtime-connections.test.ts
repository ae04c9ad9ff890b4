import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { RealtimeEnvelope } from './event-bus.ts';
import {
  CLOSE_ACCOUNT_DELETED,
  createConnectionRegistry,
  FAN_OUT_SLICE,
  ROUND_DELIVERIES,
} from './realtime-connections.ts';

const log = pino({ level: 'silent' });

/**
 * What the registry uses of a ws socket, recording what was written to it, whether it was closed, and how its
 * writes were corked (the TCP socket underneath, `_socket`).
 */
const fakeSocket = () => {
  const received: string[] = [];
  const state = {
    readyState: 1,
    closedWith: undefined as number | undefined,
    corked: 0,
    corks: 0,
    writtenCorked: 0,
  };
  const socket = {
    OPEN: 1,
    bufferedAmount: 0,
    get readyState() {
      return state.readyState;
    },
    _socket: {
      cork: () => {
        state.corked += 1;
        state.corks += 1;
      },
      uncork: () => {
        state.corked -= 1;
      },
    },
    send: (data: Buffer) => {
      if (state.readyState !== 1) throw new Error('written after close');
      if (state.corked > 0) state.writtenCorked += 1;
      received.push(data.toString());
    },
    on: () => socket,
    ping: () => undefined,
    terminate: () => {
      state.readyState = 3;
    },
    close: (code: number) => {
      state.closedWith = code;
      state.readyState = 2;
    },
  };
  return { socket: socket as unknown as WebSocket, received, state };
};

/** A price tick: with a price, what tells two ticks of one coin apart. */
const coin = (id: string, price?: string): RealtimeEnvelope => ({
  accountId: null,
  message: { routingKey: 'coin.updated', event: price === undefined ? { id } : { id, price } },
});
const epic = (accountId: string, id: string): RealtimeEnvelope => ({
  accountId,
  message: { routingKey: 'epic.updated', event: { id } },
});
/** Each message's event id, with its price when it has one (`SOL@101`). */
const idsOf = (received: string[]) =>
  received.map((data) => {
    const { event } = JSON.parse(data) as { event: { id: string; price?: string } };
    return event.price === undefined ? event.id : `${event.id}@${event.price}`;
  });

/** Sockets of accounts a0…a{n-1} (two per account) and of signed-in users without an account. */
const registryWith = (accounts: number, anonymous: number) => {
  const registry = createConnectionRegistry(log);
  const sockets = [
    ...Array.from({ length: accounts * 2 }, (_, i) => ({ accountId: `a${i % accounts}`, ...fakeSocket() })),
    ...Array.from({ length: anonymous }, () => ({ accountId: null, ...fakeSocket() })),
  ];
  for (const { socket, accountId } of sockets) registry.add(socket, { accountId, tokenExpiresAt: undefined });
  return { registry, sockets };
};

describe('realtime fan-out', () => {
  it('writes a public event to many sockets a slice at a time, yielding to the event loop between slices', async () => {
    const { registry, sockets } = registryWith(0, FAN_OUT_SLICE * 4 + 7);
    const servedBetween: number[] = [];
    registry.deliver(coin('c1'));
    const writtenAtOnce = sockets.filter(({ received }) => received.length === 1).length;
    expect(writtenAtOnce).toBe(FAN_OUT_SLICE);
    // Work that arrives during the fan-out (a request, a database answer) runs before it ends.
    setImmediate(() => servedBetween.push(sockets.filter(({ received }) => received.length === 1).length));
    await registry.idle();
    expect(servedBetween).toHaveLength(1);
    expect(servedBetween[0]).toBeLessThan(sockets.length);
    expect(sockets.every(({ received }) => idsOf(received).join() === 'c1')).toBe(true);
  });

  it('gives every socket each of its events once, in the order the bus delivered them', async () => {
    const { registry, sockets } = registryWith(50, FAN_OUT_SLICE * 3);
    const delivered: RealtimeEnvelope[] = [];
    for (let i = 0; i < 40; i += 1) {
      delivered.push(coin(`c${i}`));
      delivered.push(epic(`a${i % 50}`, `e${i}`));
      if (i % 7 === 0) delivered.push(epic(`a${(i * 3) % 50}`, `x${i}`));
    }
    // Delivered in bursts, some while earlier events are still going out.
    for (const [index, envelope] of delivered.entries()) {
      registry.deliver(envelope);
      if (index % 9 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await registry.idle();
    for (const { accountId, received } of sockets) {
      const owed = delivered
        .filter((envelope) => envelope.accountId === null || envelope.accountId === accountId)
        .map((envelope) => envelope.message.event.id);
      expect(idsOf(received)).toEqual(owed);
    }
  });

  it('sends nothing to a socket that closed during the fan-out, and does not stop for it', async () => {
    const { registry, sockets } = registryWith(0, FAN_OUT_SLICE * 2);
    registry.deliver(coin('c1'));
    const late = sockets.at(-1);
    late?.socket.terminate();
    await registry.idle();
    expect(late?.received).toEqual([]);
    expect(sockets.slice(0, -1).every(({ received }) => received.length === 1)).toBe(true);
  });

  it('closes a deleted account’s sockets after the events queued before the deletion reached them', async () => {
    const { registry, sockets } = registryWith(2, FAN_OUT_SLICE * 2);
    registry.deliver(coin('c1'));
    registry.deliver({
      accountId: 'a0',
      message: { routingKey: 'account.updated', event: { id: 'a0', status: 'deleted' } },
    });
    await registry.idle();
    for (const { accountId, received, state } of sockets) {
      expect(idsOf(received)).toEqual(accountId === 'a0' ? ['c1', 'a0'] : ['c1']);
      expect(state.closedWith).toBe(accountId === 'a0' ? CLOSE_ACCOUNT_DELETED.code : undefined);
    }
  });

  describe('price ticks while the process is behind', () => {
    it('replaces a tick nobody has been sent yet with a newer tick of its coin, in the older one’s place', async () => {
      const { registry, sockets } = registryWith(1, FAN_OUT_SLICE * 2);
      registry.deliver(coin('first')); // more sockets than a slice: what follows waits behind it
      registry.deliver(coin('SOL', '100'));
      registry.deliver(epic('a0', 'e1'));
      registry.deliver(coin('BTC', '9'));
      registry.deliver(coin('SOL', '101'));
      registry.deliver(coin('SOL', '102'));
      await registry.idle();
      for (const { accountId, received } of sockets)
        expect(idsOf(received)).toEqual(
          accountId === 'a0' ? ['first', 'SOL@102', 'e1', 'BTC@9'] : ['first', 'SOL@102', 'BTC@9'],
        );
    });

    it('sends a tick that has started going out to everyone, and the newer one after it', async () => {
      const { registry, sockets } = registryWith(0, FAN_OUT_SLICE * 2);
      registry.deliver(coin('SOL', '100')); // the first slice is written at once
      registry.deliver(coin('SOL', '101'));
      await registry.idle();
      for (const { received } of sockets) expect(idsOf(received)).toEqual(['SOL@100', 'SOL@101']);
    });

    it('replaces nothing when the process keeps up', async () => {
      const { registry, sockets } = registryWith(0, 3);
      registry.deliver(coin('SOL', '100'));
      registry.deliver(coin('SOL', '101'));
      await registry.idle();
      for (const { received } of sockets) expect(idsOf(received)).toEqual(['SOL@100', 'SOL@101']);
    });

    it('never replaces an account’s events, however far behind', async () => {
      const { registry, sockets } = registryWith(1, FAN_OUT_SLICE * 2);
      registry.deliver(coin('first'));
      registry.deliver(epic('a0', 'e1'));
      registry.deliver(epic('a0', 'e1'));
      await registry.idle();
      for (const { accountId, received } of sockets)
        expect(idsOf(received)).toEqual(accountId === 'a0' ? ['first', 'e1', 'e1'] : ['first']);
    });

    it('sends the newer tick to a socket that opened while the older one waited', async () => {
      const { registry, sockets } = registryWith(0, FAN_OUT_SLICE * 2);
      registry.deliver(coin('first'));
      registry.deliver(coin('SOL', '100'));
      const late = fakeSocket();
      registry.add(late.socket, { accountId: null, tokenExpiresAt: undefined });
      registry.deliver(coin('SOL', '101'));
      await registry.idle();
      expect(idsOf(late.received)).toEqual(['SOL@101']);
      for (const { received } of sockets) expect(idsOf(received)).toEqual(['first', 'SOL@101']);
    });
  });

  describe('a process that has fallen behind', () => {
    it('writes each socket the events queued meanwhile together, corked into one write', async () => {
      const { registry, sockets } = registryWith(1, FAN_OUT_SLICE * 2);
      registry.deliver(coin('first'));
      registry.deliver(coin('c1'));
      registry.deliver(epic('a0', 'e1'));
      registry.deliver(coin('c2'));
      await registry.idle();
      for (const { accountId, received, state } of sockets) {
        const owed = accountId === 'a0' ? ['first', 'c1', 'e1', 'c2'] : ['first', 'c1', 'c2'];
        expect(idsOf(received)).toEqual(owed);
        // 'first' alone, then the rest in one corked write.
        expect(state.corks).toBe(1);
        expect(state.writtenCorked).toBe(owed.length - 1);
        expect(state.corked).toBe(0);
      }
    });

    it('gathers at most ROUND_DELIVERIES deliveries into one round', async () => {
      const socketCount = FAN_OUT_SLICE * 2;
      const eventsPerRound = Math.ceil(ROUND_DELIVERIES / socketCount);
      const { registry, sockets } = registryWith(0, socketCount);
      registry.deliver(coin('first'));
      for (let i = 0; i < eventsPerRound * 2 + 1; i += 1) registry.deliver(coin(`c${i}`));
      await registry.idle();
      for (const { received, state } of sockets) {
        expect(received).toHaveLength(eventsPerRound * 2 + 2);
        // Two full rounds corked; the last event is a round of its own, written plainly.
        expect(state.corks).toBe(2);
      }
    });
  });
});
