/**
 * The candle store (apps/server/src/modules/candles, docs/decisions/candle-store.md) on PostgreSQL: a year of paper
 * 1-minute candles for 30 products generated (packages/exchange/src/paper/past-candles.ts) and stored one row per
 * product per day, then (a) the table's size (`pg_total_relation_size`), (b) generating and (c) storing one product's
 * year, (d) serving a 365-day window at 1m, 1h and 1d (read the days, decode, roll up, encode the wire columns,
 * stringify) with the answer's size. Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/candles.bench.ts
 */
import { ZEpicInputs } from '@cdca/contracts';
import { CATALOGUE, listedProduct, replayRollingStarts } from '@cdca/engine';
import { generatePastCandles } from '@cdca/exchange/paper';
import { sql } from 'drizzle-orm';
import { priceDecimalsOf } from '../apps/server/src/modules/candles/candle-day-codec.ts';
import { columnsOfDays, daysOfColumns } from '../apps/server/src/modules/candles/candle-days.ts';
import { rollUp, toWireColumns } from '../apps/server/src/modules/candles/candle-series.ts';
import {
  createCandlesRepository,
  DAY_MS,
  dayOf,
} from '../apps/server/src/modules/candles/candles.repository.ts';
import { EPIC_TEST_INPUTS } from '../apps/server/src/modules/epics/testing/epics.fixture.ts';
import { createTestDatabase } from '../apps/server/src/testing/test-database.ts';

const PRODUCTS = 30;
const MINUTES = 525_600;
const END = Date.UTC(2026, 10, 24);

if (!process.env.DATABASE_URL)
  throw new Error('Set DATABASE_URL to a PostgreSQL server (the bench creates and drops its database).');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

// A fresh migrated database, dropped on close: the tests' own (DATABASE_URL names the server).
const database = await createTestDatabase();
try {
  const repository = createCandlesRepository(database.db);
  const generateMs: number[] = [];
  const storeMs: number[] = [];
  for (const entry of CATALOGUE.slice(0, PRODUCTS)) {
    const productId = `${entry.base}-USD`;
    let started = process.hrtime.bigint();
    const year = generatePastCandles({
      seed: 1,
      productId,
      endMs: END,
      minutes: MINUTES,
      endPrice: Number(entry.startPrice),
    });
    generateMs.push(ms(started));
    started = process.hrtime.bigint();
    await repository.writeDays(productId, daysOfColumns(year), priceDecimalsOf(entry.priceIncrement));
    storeMs.push(ms(started));
  }
  await database.db.execute(sql`vacuum analyze candle_days`);
  const size = await database.db.execute(
    sql`select pg_total_relation_size('candle_days')::bigint as total, pg_relation_size('candle_days')::bigint as heap`,
  );
  const [row] = (size as unknown as { rows: { total: string; heap: string }[] }).rows;
  const totalBytes = Number(row?.total);

  const serve = async (stepMs: number) => {
    const from = END - 365 * DAY_MS;
    const days = await repository.readDays('BTC-USD', dayOf(from), dayOf(END - 1));
    const minutes = columnsOfDays(days, from, END);
    const candles = stepMs === 60_000 ? minutes : rollUp(minutes, stepMs);
    return JSON.stringify(toWireColumns(candles, from, stepMs, 2));
  };
  const served: string[] = [];
  for (const [label, stepMs] of [
    ['1m', 60_000],
    ['1h', 3_600_000],
    ['1d', 86_400_000],
  ] as const) {
    await serve(stepMs);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 7; i++) {
      const started = process.hrtime.bigint();
      bytes = (await serve(stepMs)).length;
      times.push(ms(started));
    }
    served.push(`| 365d ${label} | ${median(times).toFixed(0)} ms | ${(bytes / 1e6).toFixed(2)} MB |`);
  }

  // POST /api/v1/backtests' work on a cold window: read and decode the minutes, then the rolling starts.
  const btc = CATALOGUE.find((e) => e.base === 'BTC');
  if (!btc) throw new Error('BTC is not in the catalogue');
  const product = listedProduct(btc, {
    price: btc.startPrice,
    priceChange24h: '0',
    volume24h: '0',
    availability: 'online',
  });
  const inputs = ZEpicInputs.parse(EPIC_TEST_INPUTS);
  const backtests: string[] = [];
  for (const [label, days, everyMs] of [
    ['365d, daily starts', 365, DAY_MS],
    ['90d, 4-hourly starts', 90, 4 * 3_600_000],
  ] as const) {
    const reads: number[] = [];
    const replays: number[] = [];
    for (let i = 0; i < 5; i++) {
      let started = process.hrtime.bigint();
      const from = END - days * DAY_MS;
      const minutes = columnsOfDays(
        await repository.readDays('BTC-USD', dayOf(from), dayOf(END - 1)),
        from,
        END,
      );
      reads.push(ms(started));
      started = process.hrtime.bigint();
      replayRollingStarts(minutes, { inputs, product, halfSpreadBps: btc.halfSpreadBps }, everyMs);
      replays.push(ms(started));
    }
    backtests.push(`| ${label} | ${median(reads).toFixed(0)} ms | ${median(replays).toFixed(0)} ms |`);
  }

  console.log(`${PRODUCTS} products × ${MINUTES.toLocaleString('en')} minutes`);
  console.log(
    `candle_days: ${(totalBytes / 1e6).toFixed(1)} MB total (heap ${(Number(row?.heap) / 1e6).toFixed(1)} MB), ${(totalBytes / PRODUCTS / MINUTES).toFixed(2)} bytes per candle`,
  );
  console.log(
    `generate one product-year: median ${median(generateMs).toFixed(0)} ms (min ${Math.min(...generateMs).toFixed(0)}, max ${Math.max(...generateMs).toFixed(0)})`,
  );
  console.log(
    `store one product-year (366 rows): median ${median(storeMs).toFixed(0)} ms (min ${Math.min(...storeMs).toFixed(0)}, max ${Math.max(...storeMs).toFixed(0)})`,
  );
  console.log('| serve | median of 7 | answer (JSON) |');
  console.log(served.join('\n'));
  console.log('| backtest | read + decode | replay |');
  console.log(backtests.join('\n'));
} finally {
  await database.close();
}
