import { createHash } from 'node:crypto';
import { type TCoin, type TListCoinsQuery, type TRealtimeMessage, ZCoin, ZTopMover } from '@cdca/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type MaybePromise, mapReady } from '../../lib/maybe-promise.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { toCoinDto } from './coin-dto.ts';
import type { CoinsRepository } from './coins.repository.ts';

/** An answer ready to send: the JSON text and the validator naming the snapshot it was cut from. */
export type CachedAnswer = { etag: string; body: string };

type Snapshot = {
  etag: string;
  /** Every coin but the delisted, in the list's order (rank, then symbol), as the database sorted them. */
  listed: TCoin[];
  /** Every coin, delisted too: GET /coins/:id answers those as before. */
  byId: ReadonlyMap<string, TCoin>;
  topMovers: CachedAnswer;
  moverIds: ReadonlySet<string>;
  /** Answers already cut from this snapshot, by query; bounded, since `search` is the caller's text. */
  lists: Map<string, CachedAnswer>;
};

const MAX_CACHED_LISTS = 256;

/**
 * The public coins catalogue and top movers held in memory, re-read from the database after each write this process
 * makes and whenever the bus says another process made one (docs/decisions/catalogue-in-memory.md). Reads never
 * touch the database; refreshes are single-flight, and a refresh asked for during one runs once after it, so a burst
 * of events costs at most two reads of the catalogue.
 */
export const createCoinCatalogue = ({
  repository,
  log,
}: {
  repository: CoinsRepository;
  log: FastifyBaseLogger;
}) => {
  let snapshot: Snapshot | undefined;
  /** Settles (never rejects) when the load in flight ends; its caller sees the failure, not this. */
  let loading: Promise<void> | undefined;
  let queued: Promise<Snapshot> | undefined;

  const load = async (): Promise<Snapshot> => {
    const [rows, movers] = await Promise.all([repository.listAll(), repository.listTopMovers()]);
    // Checked against the contract once per snapshot: answers are sent as text, past the per-request serializer.
    const coins = rows.map((row) => ZCoin.parse(toCoinDto(row)));
    const topMovers = movers.map((mover) => ZTopMover.parse(mover));
    const moversBody = JSON.stringify({ topMovers });
    const etag = `W/"${createHash('sha256').update(JSON.stringify(coins)).update(moversBody).digest('base64url').slice(0, 27)}"`;
    return {
      etag,
      listed: coins.filter((coin) => coin.status !== 'delisted'),
      byId: new Map(coins.map((coin) => [coin.id, coin])),
      topMovers: { etag, body: moversBody },
      moverIds: new Set(topMovers.map((mover) => mover.id)),
      lists: new Map(),
    };
  };

  const startLoad = () => {
    const next = load().then((loaded) => {
      snapshot = loaded;
      return loaded;
    });
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    loading = settled.then(() => {
      if (loading === settled) loading = undefined;
    });
    return next;
  };

  /** A snapshot read after this call: it sees every write committed before it. */
  const refresh = (): Promise<Snapshot> => {
    if (queued) return queued;
    if (!loading) return startLoad();
    const next = loading.then(() => {
      queued = undefined;
      return startLoad();
    });
    queued = next;
    return next;
  };

  /**
   * Whether the snapshot already says what the event says. This process's own events come back to it on the bus
   * after it re-read the catalogue; only news (another process's write, which stamps its own `updatedAt` and
   * mover ids) is worth a re-read.
   */
  const alreadyHeld = ({ routingKey, event }: TRealtimeMessage) => {
    if (routingKey === 'coin.updated') {
      const held = snapshot?.byId.get(event.id);
      return held !== undefined && held.updatedAt === event.updatedAt && held.price === event.price;
    }
    if (routingKey === 'top-mover.created') return snapshot?.moverIds.has(event.id) === true;
    if (routingKey === 'top-mover.deleted') return snapshot !== undefined && !snapshot.moverIds.has(event.id);
    // Not about the catalogue.
    return true;
  };

  /** The snapshot held, at once; the first load's otherwise (docs/decisions/request-fast-path.md). */
  const current = (): MaybePromise<Snapshot> => snapshot ?? refresh();

  const cut = (from: Snapshot, query: TListCoinsQuery): CachedAnswer => {
    const key = `${query.limit}:${query.offset}:${query.search ?? ''}`;
    const cached = from.lists.get(key);
    if (cached) return cached;
    // ILIKE '%search%' over symbol, base symbol and name, with the search taken literally (as the SQL escaped it).
    const needle = query.search?.toLowerCase();
    const matching = needle
      ? from.listed.filter((coin) =>
          [coin.symbol, coin.baseSymbol, coin.name].some((text) => text.toLowerCase().includes(needle)),
        )
      : from.listed;
    const page = matching.slice(query.offset, query.offset + query.limit);
    const answer = { etag: from.etag, body: JSON.stringify({ coins: page, total: matching.length }) };
    if (from.lists.size >= MAX_CACHED_LISTS) from.lists.clear();
    from.lists.set(key, answer);
    return answer;
  };

  return {
    refresh: async () => {
      await refresh();
    },
    list: (query: TListCoinsQuery): MaybePromise<CachedAnswer> =>
      mapReady(current(), (from) => cut(from, query)),
    topMovers: (): MaybePromise<CachedAnswer> => mapReady(current(), (from) => from.topMovers),
    /** The coin as the catalogue last saw it; undefined when it is not there (yet). */
    coin: async (id: string): Promise<TCoin | undefined> => (await current()).byId.get(id),
    /** Refreshes on every catalogue event from the bus that says something new; answers the unsubscribe. */
    follow: (bus: EventBus) =>
      bus.subscribe(({ message }) => {
        if (alreadyHeld(message)) return;
        refresh().catch((error: unknown) => log.warn({ err: error }, 'coin catalogue refresh failed'));
      }),
    /** Resolves once every refresh asked for so far has finished (tests and shutdown wait on it). */
    settled: async () => {
      await (queued ?? loading)?.catch(() => undefined);
    },
  };
};

export type CoinCatalogue = ReturnType<typeof createCoinCatalogue>;
