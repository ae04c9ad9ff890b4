/**
 * The create-epic form's backtest (issue #18): from a changed input to the panel's answer, the server's part — the
 * `POST /api/v1/backtests` a settled change sends (apps/web/src/features/backtest) — with the coin's year of minute
 * candles already loaded, every call a new budget so no cached report answers. Measured through the real app
 * (buildTestApp on PGlite, or PostgreSQL when DATABASE_URL is set) with `inject`, so the figure is the route, the
 * replay and the JSON, without a network.
 * Run: npx node bench/backtest-panel.bench.ts [rounds=40]
 */
import { loadavg } from 'node:os';
import { BACKTESTS_PER_MINUTE } from '../apps/server/src/modules/candles/account-limits.ts';
import { buildTestApp } from '../apps/server/src/testing/test-app.ts';
import { newTrader, type Trader } from '../apps/server/src/testing/traders.ts';

const rounds = Number(process.argv[2] ?? 40);
const t = await buildTestApp();

const coins = await t.app.inject({ method: 'GET', url: '/api/v1/coins?limit=50' });
const PRODUCT = 'SOL-USD';
let trader: Trader = await newTrader(t, 'panel-0@example.test', 'active');
const coinsBody = (await t.as(trader).get('/api/v1/coins?limit=50')).json() as {
  coins: { id: string; symbol: string }[];
};
const coin = coinsBody.coins.find((c) => c.symbol === PRODUCT) ?? coinsBody.coins[0];
if (!coin) throw new Error(`no coin in the catalogue (${coins.statusCode})`);

const inputs = (budget: number) => ({
  budget: String(budget),
  dcaLevels: 4,
  scaling: 'quadratic',
  load: 'back',
  direction: 'below',
  buySpread: '3',
  sellSpread: '2',
  stopSpread: null,
});

let calls = 0;
/** One backtest; a fresh trader every BACKTESTS_PER_MINUTE calls keeps the per-account limit out of the figure. */
const backtest = async (window: string, startEvery: string, budget: number) => {
  if (calls > 0 && calls % BACKTESTS_PER_MINUTE === 0)
    trader = await newTrader(t, `panel-${calls}@example.test`, 'active');
  calls += 1;
  const started = performance.now();
  const answer = await t
    .as(trader)
    .post('/api/v1/backtests', { coinId: coin.id, inputs: inputs(budget), window, startEvery });
  const ms = performance.now() - started;
  if (answer.statusCode !== 200) throw new Error(`backtest answered ${answer.statusCode}: ${answer.body}`);
  return { ms, bytes: answer.body.length, starts: (answer.json() as { starts: unknown[] }).starts.length };
};

const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

console.log(`${coin.symbol}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${rounds} rounds`);
for (const [window, startEvery] of [
  ['90d', '1d'],
  ['365d', '1d'],
  ['30d', '4h'],
] as const) {
  // The first call loads (and on the paper market generates) the window's candles: the form pays it once per coin.
  const first = await backtest(window, startEvery, 999);
  const times: number[] = [];
  let last = first;
  for (let i = 0; i < rounds; i++) {
    last = await backtest(window, startEvery, 1000 + i);
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${window} every ${startEvery}: ${last.starts} starts, ${(last.bytes / 1024).toFixed(0)} KB; first ${first.ms.toFixed(0)} ms; ` +
      `then p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms`,
  );
}
console.log(
  `load average ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}`,
);
await t.close();
