/**
 * The backtest replay (packages/engine/src/backtest, docs/decisions/backtest-replay.md) over a year of synthetic
 * 1-minute SOL-USD candles (525,600): (a) a bare typed-array min/max scan of the same arrays, (b) one plan replayed
 * from one start across the whole year, and their ratio (target ≤ 3×), (c) 365 daily rolling starts (target ≤ 1 s),
 * (d) 8,760 hourly starts, (e) 365 daily starts of a ladder on both sides of the market (levels above it are engine
 * triggers, filled out of plan order). Run: npx node bench/backtest.bench.ts [seed=18]
 */
import type { TEpicInputs } from '@cdca/contracts';
import {
  CATALOGUE,
  listedProduct,
  type MinuteCandles,
  type ReplaySetup,
  replayFrom,
  replayRollingStarts,
} from '@cdca/engine';

const MINUTES_PER_YEAR = 525_600;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const sol = CATALOGUE.find((e) => e.base === 'SOL');
if (!sol) throw new Error('SOL is not in the catalogue');
const product = listedProduct(sol, {
  price: sol.startPrice,
  priceChange24h: '0',
  volume24h: '0',
  availability: 'online',
});

/** mulberry32: a small seeded generator, so every run replays the same year. */
const seeded = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** A random walk at the catalogue's daily volatility, on the 0.01 price grid, with wicks either side of each minute. */
const syntheticYear = (seed: number): MinuteCandles => {
  const random = seeded(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const sigma = sol.dailyVolatility / Math.sqrt(1_440);
  const grid = (p: number) => Math.max(0.01, Math.round(p * 100) / 100);
  const candles: MinuteCandles = {
    time: new Float64Array(MINUTES_PER_YEAR),
    open: new Float64Array(MINUTES_PER_YEAR),
    high: new Float64Array(MINUTES_PER_YEAR),
    low: new Float64Array(MINUTES_PER_YEAR),
    close: new Float64Array(MINUTES_PER_YEAR),
  };
  let price = Number(sol.startPrice);
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < MINUTES_PER_YEAR; i++) {
    const open = price;
    const close = grid(open * Math.exp(sigma * normal()));
    candles.time[i] = start + i * MINUTE_MS;
    candles.open[i] = open;
    candles.close[i] = close;
    candles.high[i] = grid(Math.max(open, close) * (1 + Math.abs(sigma * normal()) / 2));
    candles.low[i] = grid(Math.min(open, close) * (1 - Math.abs(sigma * normal()) / 2));
    price = close;
  }
  return candles;
};

/** (a) What any replay must at least do: read every low and high once. */
const bareScan = (candles: MinuteCandles) => {
  const { low, high } = candles;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < low.length; i++) {
    const l = low[i] as number;
    const h = high[i] as number;
    if (l < min) min = l;
    if (h > max) max = h;
  }
  return max - min;
};

const inputs = (sellSpread: string, direction: TEpicInputs['direction'] = 'below'): TEpicInputs => ({
  budget: '1000.00',
  dcaLevels: 5,
  scaling: 'quadratic',
  load: 'back',
  direction,
  buySpread: '3',
  sellSpread,
  stopSpread: '30',
});

/**
 * Median wall time of `rounds` runs after `warmUp` unmeasured ones (JIT, decimal.js caches), and the least CPU time
 * one took (the process's user + system): on a shared machine the wall time includes waiting for a core, the CPU
 * time does not.
 */
const timed = <T>(rounds: number, warmUp: number, work: () => T): { ms: number; cpuMs: number; last: T } => {
  let last = work();
  for (let i = 1; i < warmUp; i++) last = work();
  const times: number[] = [];
  let cpuMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    last = work();
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - started);
    cpuMs = Math.min(cpuMs, (used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] as number, cpuMs, last };
};

const seed = Number(process.argv[2] ?? 18);
const candles = syntheticYear(seed);
const halfSpreadBps = sol.halfSpreadBps;

const scan = timed(41, 10, () => bareScan(candles));
// A take-profit 400 % over the average never fills on this walk, and the stop 30 % under the lowest level is never
// reached: the one start scans all 525,600 candles, the worst case for one start.
const whole: ReplaySetup = { inputs: inputs('400'), product, halfSpreadBps };
const one = timed(41, 10, () => replayFrom(candles, whole, 0));
const ladder: ReplaySetup = { inputs: inputs('2'), product, halfSpreadBps };
const daily = timed(5, 2, () => replayRollingStarts(candles, ladder, DAY_MS));
const hourly = timed(3, 1, () => replayRollingStarts(candles, ladder, HOUR_MS));
// A 4 % sell spread over 3 % steps: the rising side's triggers fire before the take-profit.
const bothSides: ReplaySetup = { inputs: inputs('4', 'above-below'), product, halfSpreadBps };
const dailyBoth = timed(5, 2, () => replayRollingStarts(candles, bothSides, DAY_MS));

const ms = (value: number) => `${value.toFixed(value < 10 ? 3 : 1)} ms`;
const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
console.log(`seed ${seed}: ${MINUTES_PER_YEAR.toLocaleString('en-US')} one-minute candles`);
console.log(`(a) bare min/max scan: ${ms(scan.ms)}`);
console.log(
  `(b) one replay over the year: ${ms(one.ms)} (${one.last.outcome}, ${one.last.levelsUsed} levels) — ` +
    `ratio ${(one.ms / scan.ms).toFixed(2)}× (target ≤ 3×)`,
);
for (const [name, run, target] of [
  ['(c) 365 daily starts', daily, ' (target ≤ 1 s)'],
  ['(d) 8,760 hourly starts', hourly, ''],
  ['(e) 365 daily starts, above-below', dailyBoth, ' (target ≤ 1 s)'],
] as const) {
  const s = run.last.summary;
  console.log(
    `${name}: ${ms(run.ms)}${target}, CPU ${ms(run.cpuMs)} — ${s.starts} starts, close rate ${pct(s.closeRate)}, ` +
      `median ${((s.medianTimeToCloseMs ?? 0) / HOUR_MS).toFixed(1)} h, worst ${((s.worstTimeToCloseMs ?? 0) / DAY_MS).toFixed(1)} d, ` +
      `stopped ${s.stopped}, open ${s.open}, average profit $${s.averageProfit}, return on capital ${pct(Number(s.returnOnCapital))}`,
  );
}
