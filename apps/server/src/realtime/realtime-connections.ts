import type { Duplex } from 'node:stream';
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
 * Messages written per turn of the event loop. A public event goes to every socket of the process (5,000 and more);
 * written in one synchronous loop it held the process's health check and its open transactions for as long as the
 * loop ran. Between slices the process answers them (docs/decisions/realtime.md, "Fan-out").
 */
export const FAN_OUT_SLICE = 500;
/**
 * At most this many socket deliveries are gathered into one round (at least one event, whatever its size): sorting a
 * round's events by socket is one synchronous pass, and it must stay short for the same reason as a slice.
 */
export const ROUND_DELIVERIES = 50_000;
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

/**
 * One event waiting to go out: its sockets as they were when it arrived. A price tick carries the key newer ticks of
 * its coin replace it by while it waits (`supersedingKey`).
 */
type Outgoing = {
  data: Buffer;
  sockets: WebSocket[];
  afterwards: (() => void) | undefined;
  supersedingKey: string | undefined;
};

/** Events taken from the queue together, sorted by socket, and how far the writing has come. */
type Round = { writes: [WebSocket, Buffer[]][]; next: number; afterwards: (() => void)[] };

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

  const fanOut = createFanOut(
    (socket, messages) => sendAll(socket, messages),
    () => [...connections.keys()],
  );

  /**
   * A socket's messages of one round in one system call: corked, Node gathers the writes into one `writev` at the
   * uncork, where each `send` alone is a write of its own. ws leaves corking to its user through the socket
   * underneath (websockets/ws#1999). A socket destroyed meanwhile (terminated as too slow) takes the uncork as a
   * no-op. Measured (bench/fan-out.bench.ts): 100 events to 5,000 sockets in 1.5 s corked, 5.5 s one write each.
   */
  const sendAll = (socket: WebSocket, messages: Buffer[]) => {
    if (messages.length === 1) return send(socket, messages[0] as Buffer);
    const stream = (socket as WebSocket & { _socket?: Duplex })._socket;
    stream?.cork();
    try {
      for (const data of messages) send(socket, data);
    } finally {
      stream?.uncork();
    }
  };

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
      fanOut.push({
        data: Buffer.from(JSON.stringify(message)),
        sockets,
        afterwards,
        supersedingKey: supersedingKey({ accountId, message }),
      });
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
 * coin.updated sent to everyone carries the coin whole, so a newer one for the same coin makes an older one that
 * nobody has been sent yet worthless. Every other event is a change a screen must see, and is never replaced.
 */
const supersedingKey = ({ accountId, message }: RealtimeEnvelope): string | undefined =>
  accountId === null && message.routingKey === 'coin.updated'
    ? `coin.updated:${message.event.id}`
    : undefined;

/**
 * Writes events to their sockets in rounds: a round takes the events queued (up to ROUND_DELIVERIES deliveries) and
 * writes each socket its messages of the round together, corked, FAN_OUT_SLICE messages per turn of the event loop,
 * yielding (setImmediate) between slices. Rounds go out one after another and a socket's messages keep their order, so
 * every socket gets its events in the order the bus delivered them, each once. An event that arrives with nothing
 * queued is a round of its own, written at once when it fits in one slice.
 *
 * A process that keeps up writes rounds of one event. One that falls behind gathers more per round, and each socket
 * then costs one system call a round rather than one an event: the fan-out speeds up as it falls behind.
 *
 * One exception to "each once", for a process that has fallen behind: a price tick still queued is replaced in its
 * place by a newer tick of the same coin, which goes out to the sockets open now. Without it, the ticks of every coin
 * to every socket outgrow what two cores can write, and the queue (and every private event in it) falls minutes
 * behind for good (docs/decisions/realtime.md, "Fan-out"). Replacing in place rather than moving the tick to the back
 * means a coin that ticks faster than the queue drains is still sent, at the queue's pace.
 */
const createFanOut = (
  sendAll: (socket: WebSocket, messages: Buffer[]) => void,
  openSockets: () => WebSocket[],
) => {
  const queue: Outgoing[] = [];
  /** Queued ticks, by coin: the ones a newer tick may still replace. */
  const waiting = new Map<string, Outgoing>();
  let round: Round | undefined;
  /** A slice is running or scheduled; an event pushed meanwhile waits its turn in the queue. */
  let busy = false;
  let waiters: (() => void)[] = [];

  const takeRound = (): Round => {
    let deliveries = 0;
    let taken = 0;
    while (taken < queue.length && (taken === 0 || deliveries < ROUND_DELIVERIES)) {
      deliveries += (queue[taken] as Outgoing).sockets.length;
      taken += 1;
    }
    const events = queue.splice(0, taken);
    const bySocket = new Map<WebSocket, Buffer[]>();
    for (const event of events) {
      if (event.supersedingKey !== undefined) waiting.delete(event.supersedingKey);
      for (const socket of event.sockets) {
        const messages = bySocket.get(socket);
        if (messages) messages.push(event.data);
        else bySocket.set(socket, [event.data]);
      }
    }
    const afterwards = events.flatMap((event) => (event.afterwards ? [event.afterwards] : []));
    return { writes: [...bySocket], next: 0, afterwards };
  };

  const writeSlice = () => {
    let budget = FAN_OUT_SLICE;
    while (budget > 0) {
      if (!round) {
        if (queue.length === 0) break;
        round = takeRound();
      }
      for (; round.next < round.writes.length && budget > 0; round.next += 1) {
        const [socket, messages] = round.writes[round.next] as [WebSocket, Buffer[]];
        sendAll(socket, messages);
        budget -= messages.length;
      }
      if (round.next < round.writes.length) break;
      for (const afterwards of round.afterwards) afterwards();
      round = undefined;
    }
    if (round || queue.length > 0) {
      setImmediate(writeSlice);
      return;
    }
    busy = false;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  /**
   * Answers whether `outgoing` took the place of an older tick of its coin that was still queued; when there was none,
   * it becomes the tick a newer one may replace.
   */
  const replacedWaiting = (outgoing: Outgoing): boolean => {
    if (outgoing.supersedingKey === undefined) return false;
    const older = waiting.get(outgoing.supersedingKey);
    if (!older) {
      waiting.set(outgoing.supersedingKey, outgoing);
      return false;
    }
    older.data = outgoing.data;
    // Public: every socket open now, including those opened since the older tick arrived.
    older.sockets = openSockets();
    return true;
  };

  return {
    push: (outgoing: Outgoing) => {
      if (busy && replacedWaiting(outgoing)) return;
      queue.push(outgoing);
      if (busy) return;
      busy = true;
      writeSlice();
    },
    idle: () => (!busy ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
};

const isDeletion = (message: TRealtimeMessage): boolean =>
  message.routingKey === 'account.updated' && message.event.status === 'deleted';
