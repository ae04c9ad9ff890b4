import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { RealtimeEnvelope } from './event-bus.ts';
import { CLOSE_ACCOUNT_DELETED, createConnectionRegistry, FAN_OUT_SLICE } from './realtime-connections.ts';

const log = pino({ level: 'silent' });

/** What the registry uses of a ws socket, recording what was written to it and whether it was closed. */
const fakeSocket = () => {
  const received: string[] = [];
  const state = { readyState: 1, closedWith: undefined as number | undefined };
  const socket = {
    OPEN: 1,
    bufferedAmount: 0,
    get readyState() {
      return state.readyState;
    },
    send: (data: Buffer) => {
      if (state.readyState !== 1) throw new Error('written after close');
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

const coin = (id: string): RealtimeEnvelope => ({
  accountId: null,
  message: { routingKey: 'coin.updated', event: { id } },
});
const epic = (accountId: string, id: string): RealtimeEnvelope => ({
  accountId,
  message: { routingKey: 'epic.updated', event: { id } },
});
const idsOf = (received: string[]) =>
  received.map((data) => (JSON.parse(data) as { event: { id: string } }).event.id);

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
});
