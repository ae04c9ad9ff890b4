import { isExchangeError } from '@cdca/engine';
import { manualClock } from '@cdca/engine/testing';
import { createCoinbaseExchange } from '@cdca/exchange/coinbase';
import { createPaperExchange, generatePastCandles } from '@cdca/exchange/paper';
import {
  createStubVenue,
  type FakeCoinbase,
  type StubVenue,
  startFakeCoinbase,
} from '@cdca/exchange/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { columnsOfDays } from './candle-days.ts';
import { createCandleFiller } from './candle-filler.ts';
import { createCandlesRepository, DAY_MS, dayOf } from './candles.repository.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 30);
const CANDLES_PATH = '/api/v3/brokerage/market/products/BTC-USD/candles';

let database: Database;
let venue: StubVenue;
let fake: FakeCoinbase;
let requests: { start: number; end: number }[];

/** Four days of BTC minutes on the fake Coinbase, every 97th minute without trades (no candle, as Coinbase does). */
const seedVenue = () => {
  const past = generatePastCandles({
    seed: 3,
    productId: 'BTC-USD',
    endMs: NOW,
    minutes: 4 * 1440,
    endPrice: 97_000,
  });
  for (let i = 0; i < past.time.length; i++) {
    if (i % 97 === 0) continue;
    venue.candles.push({
      start: new Date(past.time[i] ?? 0),
      open: String(past.open[i]),
      high: String(past.high[i]),
      low: String(past.low[i]),
      close: String(past.close[i]),
      volume: (past.volume[i] ?? 0).toFixed(8),
    });
  }
};

beforeEach(async () => {
  database = await createTestDatabase();
  venue = createStubVenue();
  seedVenue();
  fake = await startFakeCoinbase({ venue, publicRequestsPerSecond: 100_000 });
  requests = [];
});
afterEach(async () => {
  await fake.close();
  await database.close();
});

/** The Coinbase adapter on the fake, with every candles request it sends noted (start/end in ms). */
const setUp = (
  beforeCandlesRequest: (count: number) => void = () => undefined,
  sleep?: (ms: number) => Promise<void>,
) => {
  const clock = manualClock(new Date(NOW));
  const coinbase = createCoinbaseExchange({
    baseUrl: fake.baseUrl,
    clock,
    publicRequestsPerSecond: 100_000,
    fetch: (input, init) => {
      const url = new URL(String(input));
      if (url.pathname === CANDLES_PATH) {
        beforeCandlesRequest(requests.length + 1);
        requests.push({
          start: Number(url.searchParams.get('start')) * 1000,
          end: Number(url.searchParams.get('end')) * 1000,
        });
      }
      return globalThis.fetch(input, init);
    },
  });
  const waits: number[] = [];
  const repository = createCandlesRepository(database.db);
  const filler = createCandleFiller({
    repository,
    market: coinbase.market,
    clock,
    priceDecimals: async () => 2,
    heldDays: 3,
    sleep: async (ms) => {
      waits.push(ms);
      await sleep?.(ms);
    },
  });
  const stored = async () => {
    const days = await repository.readDays('BTC-USD', dayOf(NOW - 5 * DAY_MS), dayOf(clock.now().getTime()));
    return columnsOfDays(days, 0, Number.MAX_SAFE_INTEGER);
  };
  return { clock, coinbase, filler, repository, waits, stored };
};

const venueMinutesIn = (from: number, to: number) =>
  venue.candles.filter((c) => c.start.getTime() >= from && c.start.getTime() < to);

describe('filling the candle store from Coinbase', () => {
  it('pages three days back in requests of at most 350 minutes, storing every minute the venue has', async () => {
    const { filler, repository, stored } = setUp();
    await filler.fill('BTC-USD');
    const held = await stored();
    const expected = venueMinutesIn(NOW - 3 * DAY_MS, NOW);
    expect(held.time.length).toBe(expected.length);
    expect(Array.from(held.time.subarray(0, 3))).toEqual(expected.slice(0, 3).map((c) => c.start.getTime()));
    expect(held.close.at(-1)).toBe(Number(expected.at(-1)?.close));
    expect(await repository.progress('BTC-USD')).toEqual({ heldFrom: NOW - 3 * DAY_MS, heldTo: NOW });
    // A day is 1,440 minutes: five pages each, none over 350 (the fake refuses more, as Coinbase does).
    expect(requests).toHaveLength(15);
    for (const r of requests) expect((r.end - r.start) / 60_000).toBeLessThanOrEqual(350);
  });

  it('waits out a 429 for as long as Retry-After says and carries on', async () => {
    const { filler, waits, stored } = setUp();
    fake.failNext({ status: 429, retryAfterSeconds: 3, path: CANDLES_PATH, times: 2 });
    await filler.fill('BTC-USD');
    expect(waits).toEqual([3000, 3000]);
    expect((await stored()).time.length).toBe(venueMinutesIn(NOW - 3 * DAY_MS, NOW).length);
  });

  it('a stop cuts a 429 wait short: the fill ends there and the stop does not wait out Retry-After', async () => {
    let asleep = () => {};
    const waiting = new Promise<void>((resolve) => {
      asleep = resolve;
    });
    // A wait that only a stop can end (an hour's Retry-After, as far as this test is concerned).
    const { filler, waits } = setUp(undefined, () => {
      asleep();
      return new Promise<void>(() => {});
    });
    fake.failNext({ status: 429, retryAfterSeconds: 3600, path: CANDLES_PATH, times: 1 });
    const fill = filler.fill('BTC-USD');
    await waiting;
    await filler.stop();
    await expect(fill).rejects.toSatisfy((error) => isExchangeError(error, 'rate-limited'));
    expect(waits).toEqual([3_600_000]);
  });

  it('resumes where a failed fill stopped, and later only asks for the minutes since', async () => {
    // The first day (five pages) goes through; the sixth request finds Coinbase down.
    let down = false;
    const { clock, filler, repository, stored } = setUp((count) => {
      if (count === 6 && !down) fake.failNext({ status: 503, path: CANDLES_PATH });
      down ||= count === 6;
    });
    const failed = await filler.fill('BTC-USD').catch((error: unknown) => error);
    expect(isExchangeError(failed, 'unavailable')).toBe(true);
    const afterFailure = await repository.progress('BTC-USD');
    expect(afterFailure?.heldTo).toBe(NOW);
    expect(afterFailure?.heldFrom).toBeGreaterThan(NOW - 3 * DAY_MS);

    clock.advanceMinutes(30);
    requests.length = 0;
    await filler.fill('BTC-USD');
    // Nothing already held is asked for again: the 30 new minutes, then the days before what the first fill held.
    expect(requests[0]).toEqual({ start: NOW, end: NOW + 29 * 60_000 });
    for (const r of requests.slice(1)) expect(r.end).toBeLessThanOrEqual(afterFailure?.heldFrom ?? 0);
    expect(await repository.progress('BTC-USD')).toEqual({
      heldFrom: NOW + 30 * 60_000 - 3 * DAY_MS,
      heldTo: NOW + 30 * 60_000,
    });
    expect((await stored()).time.length).toBe(venueMinutesIn(NOW + 30 * 60_000 - 3 * DAY_MS, NOW).length);
  });
});

describe('filling the candle store on the paper market', () => {
  it('generates the past before the venue day in chunks, the same whichever window asks first', async () => {
    // A market that does not tick: its venue day ends where it was created.
    const paper = createPaperExchange({ seed: 5, clock: { now: () => new Date(NOW) } });
    const clock = manualClock(new Date(NOW + 10 * 60_000));
    const other = await createTestDatabase();
    try {
      const fillerOn = (db: Database) =>
        createCandleFiller({
          repository: createCandlesRepository(db.db),
          market: paper.market,
          clock,
          priceDecimals: async () => 2,
          paperSeed: 5,
        });
      const stepwise = fillerOn(database);
      await stepwise.fill('BTC-USD', NOW - 30 * DAY_MS);
      await stepwise.fill('BTC-USD', NOW - 90 * DAY_MS);
      await fillerOn(other).fill('BTC-USD', NOW - 90 * DAY_MS);

      const read = async (db: Database) =>
        columnsOfDays(
          await createCandlesRepository(db.db).readDays('BTC-USD', dayOf(NOW - 200 * DAY_MS), dayOf(NOW)),
          NOW - 90 * DAY_MS,
          NOW,
        );
      const [a, b] = [await read(database), await read(other)];
      expect(a.time.length).toBe(90 * 1440);
      expect(b.close).toEqual(a.close);
      expect(b.high).toEqual(a.high);
      // The past joins the venue's day without a step: each minute opens at the last one's close.
      for (let i = 1; i < a.time.length; i++) {
        if (a.open[i] !== a.close[i - 1]) throw new Error(`minute ${i} opens off the last close`);
      }
      // The join: the oldest venue minute the fill asked for, a day before its clock.
      const [venueFirst] = await paper.market.getCandles('BTC-USD', {
        start: new Date(clock.now().getTime() - DAY_MS),
        end: new Date(NOW),
        granularity: 'ONE_MINUTE',
      });
      expect(a.time.at(-1)).toBe(NOW - 60_000);
      expect(venueFirst && a.open[a.time.indexOf(venueFirst.start.getTime())]).toBe(Number(venueFirst?.open));
    } finally {
      await other.close();
      await paper.close();
    }
  });
});
