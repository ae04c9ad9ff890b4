import type { TRealtimeMessage } from '@cdca/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { RealtimeEnvelope } from './event-bus.ts';
import { isPublicEvent } from './realtime-envelope.ts';

/** Close codes the web client acts on: 4401 → reconnect with a fresh token (like HTTP 401). */
export const CLOSE_TOKEN_EXPIRED = { code: 4401, reason: 'token-expired' } as const;
export const CLOSE_SERVER_SHUTDOWN = { code: 1001, reason: 'server-shutdown' } as const;
export const CLOSE_UNSUPPORTED_MESSAGE = { code: 1008, reason: 'unsupported-message' } as const;
/** The account was deleted: the client must not reconnect (its upgrade would be refused with 401 anyway). */
export const CLOSE_ACCOUNT_DELETED = { code: 4403, reason: 'account-deleted' } as const;

/** A browser that stops reading must not grow our memory without bound. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** setTimeout overflows past ~24.8 days; closing earlier than `exp` is harmless, the client just reconnects. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * Sockets written per turn of the event loop. A public event goes to every socket of the process (5,000 and more);
 * written in one synchronous loop it held the process's health check and its open transactions for as long as the
 * loop ran. Between slices the process answers them (docs/decisions/realtime.md, "Fan-out").
 */
export const FAN_OUT_SLICE = 500;
/** The UTF-8 bytes of a JSON text, sent as a text frame (what the client reads), uncompressed. */
const TEXT_FRAME = { binary: false, compress: false } as const;

export type Peer = { accountId: string | null; tokenExpiresAt: number | undefined };

type Connection = Peer & { alive: boolean; expiryTimer: NodeJS.Timeout | undefined };

export type ConnectionRegistry = {
  add: (socket: WebSocket, peer: Peer) => void;
  deliver: (envelope: RealtimeEnvelope) => void;
  /** Pings every socket; one that has not answered the previous ping is dead and terminated. */
  heartbeat: () => void;
  closeAll: (close: { code: number; reason: string }) => void;
  size: () => number;
  /** Resolves once every event delivered so far has been written to its sockets. */
  idle: () => Promise<void>;
};

/** One event on its way out: its sockets as they were when it arrived, and how far the writing has come. */
type Outgoing = { data: Buffer; sockets: WebSocket[]; next: number; afterwards: (() => void) | undefined };

/** Open realtime sockets, indexed by account so an account event touches only its own sockets. */
export const createConnectionRegistry = (log: FastifyBaseLogger): ConnectionRegistry => {
  const connections = new Map<WebSocket, Connection>();
  const byAccount = new Map<string, Set<WebSocket>>();

  const remove = (socket: WebSocket) => {
    const connection = connections.get(socket);
    if (!connection) return;
    clearTimeout(connection.expiryTimer);
    connections.delete(socket);
    if (connection.accountId === null) return;
    const sockets = byAccount.get(connection.accountId);
    sockets?.delete(socket);
    if (sockets?.size === 0) byAccount.delete(connection.accountId);
  };

  const fanOut = createFanOut((socket, data) => send(socket, data));

  const send = (socket: WebSocket, data: Buffer) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      log.warn({ accountId: connections.get(socket)?.accountId }, 'realtime socket too slow; terminated');
      socket.terminate();
      return;
    }
    try {
      socket.send(data, TEXT_FRAME);
    } catch (err) {
      // One broken socket must not stop the fan-out of this event or of the ones queued behind it.
      log.warn({ err }, 'realtime send failed; socket terminated');
      socket.terminate();
    }
  };

  return {
    add: (socket, peer) => {
      const connection: Connection = { ...peer, alive: true, expiryTimer: undefined };
      if (peer.tokenExpiresAt !== undefined) {
        const ms = Math.min(Math.max(peer.tokenExpiresAt - Date.now(), 0), MAX_TIMER_MS);
        connection.expiryTimer = setTimeout(
          () => socket.close(CLOSE_TOKEN_EXPIRED.code, CLOSE_TOKEN_EXPIRED.reason),
          ms,
        );
      }
      connections.set(socket, connection);
      if (peer.accountId !== null) {
        const sockets = byAccount.get(peer.accountId) ?? new Set();
        sockets.add(socket);
        byAccount.set(peer.accountId, sockets);
      }
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('close', () => remove(socket));
    },
    deliver: ({ accountId, message }) => {
      // The bus already refuses private events without an account; this guard keeps a bus bug from leaking them.
      if (accountId === null && !isPublicEvent(message.routingKey)) return;
      const targets = accountId === null ? connections.keys() : (byAccount.get(accountId) ?? []);
      const sockets = [...targets];
      // Every process hears account.updated on the bus, so a deletion closes the account's sockets everywhere.
      const afterwards =
        accountId !== null && isDeletion(message)
          ? () => {
              for (const socket of sockets)
                socket.close(CLOSE_ACCOUNT_DELETED.code, CLOSE_ACCOUNT_DELETED.reason);
            }
          : undefined;
      // Encoded once for all its sockets, not once per socket.
      fanOut.push({ data: Buffer.from(JSON.stringify(message)), sockets, next: 0, afterwards });
    },
    heartbeat: () => {
      for (const [socket, connection] of connections) {
        if (!connection.alive) {
          socket.terminate();
          continue;
        }
        connection.alive = false;
        socket.ping();
      }
    },
    closeAll: ({ code, reason }) => {
      for (const socket of connections.keys()) socket.close(code, reason);
    },
    size: () => connections.size,
    idle: fanOut.idle,
  };
};

/**
 * Writes events to their sockets FAN_OUT_SLICE at a time, yielding to the event loop (setImmediate) between
 * slices. Events go out strictly one after another, each to all its sockets before the next begins, so every
 * socket gets them in the order the bus delivered them, each once. An event that arrives with nothing queued is
 * written at once, as before, when it fits in one slice.
 */
const createFanOut = (send: (socket: WebSocket, data: Buffer) => void) => {
  const queue: Outgoing[] = [];
  /** A slice is running or scheduled; an event pushed meanwhile waits its turn in the queue. */
  let busy = false;
  let waiters: (() => void)[] = [];

  const writeSlice = () => {
    let budget = FAN_OUT_SLICE;
    while (budget > 0) {
      const head = queue[0];
      if (!head) break;
      const end = Math.min(head.sockets.length, head.next + budget);
      budget -= end - head.next;
      for (; head.next < end; head.next += 1) send(head.sockets[head.next] as WebSocket, head.data);
      if (head.next < head.sockets.length) break;
      queue.shift();
      head.afterwards?.();
    }
    if (queue.length > 0) {
      setImmediate(writeSlice);
      return;
    }
    busy = false;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  return {
    push: (outgoing: Outgoing) => {
      queue.push(outgoing);
      if (busy) return;
      busy = true;
      writeSlice();
    },
    idle: () =>
      queue.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
  };
};

const isDeletion = (message: TRealtimeMessage): boolean =>
  message.routingKey === 'account.updated' && message.event.status === 'deleted';
