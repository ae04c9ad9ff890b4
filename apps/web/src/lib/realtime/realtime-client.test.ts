import { describe, expect, it, vi } from 'vitest';
import { RealtimeClient, realtimeUrl } from './realtime-client.ts';

type FakeSocket = {
  url: string;
  protocols: string[];
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close: (code?: number, reason?: string) => void;
  closeCalls: [number | undefined, string | undefined][];
};

const setup = (onOpen?: () => void) => {
  const sockets: FakeSocket[] = [];
  const delays: number[] = [];
  const pending: (() => void)[] = [];
  const onGiveUp = vi.fn();
  const onError = vi.fn();
  const client = new RealtimeClient({
    url: 'ws://host/api/v1/cdca-ws',
    getToken: () => 'tok',
    onError,
    onGiveUp,
    onOpen,
    random: () => 0.5,
    createSocket: (url, protocols) => {
      const socket: FakeSocket = {
        url,
        protocols,
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
        closeCalls: [],
        close: (code, reason) => {
          socket.closeCalls.push([code, reason]);
        },
      };
      sockets.push(socket);
      return socket;
    },
    schedule: (run, delay) => {
      delays.push(delay);
      pending.push(run);
      return pending.length;
    },
    cancel: () => undefined,
  });
  const fail = () => sockets.at(-1)?.onclose?.({ code: 1006 } as CloseEvent);
  const runNext = () => pending.shift()?.();
  return { client, sockets, delays, onGiveUp, onError, fail, runNext };
};

describe('RealtimeClient', () => {
  it('authenticates with the subprotocols and routes valid messages to subscribers', () => {
    const { client, sockets, onError } = setup();
    const handler = vi.fn();
    client.subscribe('account.updated', handler);
    client.start();
    expect(sockets[0]?.protocols).toEqual(['cdca.v1', 'bearer.tok']);
    sockets[0]?.onmessage?.({
      data: JSON.stringify({ routingKey: 'account.updated', event: { id: 'a' } }),
    } as MessageEvent);
    expect(handler).toHaveBeenCalledWith({ routingKey: 'account.updated', event: { id: 'a' } });
    sockets[0]?.onmessage?.({ data: JSON.stringify({ event: { id: 'a' } }) } as MessageEvent);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('reconnects with growing delays and gives up after 10 failures', () => {
    const { client, delays, onGiveUp, fail, runNext } = setup();
    client.start();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      fail();
      runNext();
    }
    expect(delays).toEqual([1500, 2500, 4500, 8500, 16500, 32500, 60500, 60500, 60500, 60500]);
    expect(onGiveUp).not.toHaveBeenCalled();
    fail();
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(client.isRunning).toBe(false);
  });

  it('resets the attempt count once a connection opens', () => {
    const { client, sockets, delays, fail, runNext } = setup();
    client.start();
    fail();
    runNext();
    sockets.at(-1)?.onopen?.({} as Event);
    fail();
    expect(delays).toEqual([1500, 1500]);
  });

  it('reports every open, first connect and reconnects alike, so views can re-read what they missed', () => {
    const onOpen = vi.fn();
    const { client, sockets, fail, runNext } = setup(onOpen);
    client.start();
    expect(onOpen).not.toHaveBeenCalled();
    sockets.at(-1)?.onopen?.({} as Event);
    fail();
    runNext();
    sockets.at(-1)?.onopen?.({} as Event);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('says whether events are flowing: connecting, connected, reconnecting after a drop, offline once it gives up', () => {
    const { client, sockets, fail, runNext } = setup();
    const seen: string[] = [];
    client.onStatus((status) => seen.push(status));
    expect(client.status).toBe('idle');
    client.start();
    sockets.at(-1)?.onopen?.({} as Event);
    fail();
    runNext();
    sockets.at(-1)?.onopen?.({} as Event);
    expect(seen).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    for (let attempt = 0; attempt < 11; attempt += 1) {
      fail();
      runNext();
    }
    expect(client.status).toBe('offline');
    client.stop();
    expect(client.status).toBe('idle');
  });

  it('closes with 1000 client-disconnect and does not reconnect', () => {
    const { client, sockets, delays } = setup();
    client.start();
    const socket = sockets[0];
    client.stop();
    expect(socket?.closeCalls).toEqual([[1000, 'client-disconnect']]);
    expect(delays).toEqual([]);
  });

  it('builds the socket URL from the page', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'cdca.app' })).toBe('wss://cdca.app/api/v1/cdca-ws');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/v1/cdca-ws',
    );
  });
});
