import type { TEpicInputs, TEpicPlan, TEpicPlanLevel } from '@cdca/contracts';
import type { Product } from '../market/product.ts';
import { type MoneyDecimal, money, ROUND_FLOOR, ZERO } from '../money/money-decimal.ts';
import { planEpic } from '../plan/plan-epic.ts';
import type { MinuteCandles } from './candles.ts';
import { scanToEvent } from './scan.ts';
import { gridPrice, quoteAt } from './venue-quote.ts';

/** What a replay needs besides candles: the trader's inputs and the venue's rules, fees and quote spread. */
export type ReplaySetup = {
  inputs: TEpicInputs;
  /** The product's trading rules (increments, minimums, maximums), as `planEpic` reads them. */
  product: Product;
  /** Half the venue's quoted spread in basis points (the catalogue's `halfSpreadBps`). */
  halfSpreadBps: number;
  /** The venue's fee rates; the paper venue's defaults (packages/exchange/src/paper/paper-venue.ts) when absent. */
  fees?: { maker: string; taker: string };
};

export type ReplayFill = {
  time: number;
  side: 'buy' | 'sell';
  /** The plan level a buy filled; 0 for a sell. */
  level: number;
  price: string;
  size: string;
  fee: string;
  liquidity: 'maker' | 'taker';
};

export type StartResult = {
  startTime: number;
  /** `refused`: the plan is not tradable at this start's price (problem codes in `refusedBy`). */
  outcome: 'closed' | 'stopped' | 'open' | 'refused';
  refusedBy?: string[];
  /** Time of the take-profit or stop sale; null while open. */
  endTime: number | null;
  timeToCloseMs: number | null;
  levelsUsed: number;
  /** Realised profit to the cent (closed, stopped), or the position marked at the last bid (open). */
  profit: string;
  /** Quote spent on buys, fees included: what the start tied up. */
  capitalUsed: string;
  /** The lowest of (held × bid − capital spent) over the start's life, to the cent: 0 or negative. */
  deepestDrawdown: string;
  /** The take-profit price in force after each buy fill, in order. */
  takeProfits: string[];
  fills: ReplayFill[];
};

const PAPER_FEES = { maker: '0.004', taker: '0.006' };

/**
 * Relative slack on the float thresholds of the scan. A candle's float may sit a hair off the decimal it stands for;
 * the scan only proposes candidates with this slack, and every candidate is confirmed in decimals (`eventAt`).
 */
const SLACK = 1e-9;

/** The running position of one start: the plan's figures for "filled down to level k" (levels fill in order). */
type Running = {
  plan: TEpicPlan;
  priceIncrement: MoneyDecimal;
  halfSpreadBps: number;
  fees: { maker: string; taker: string };
  /** Levels filled so far (1 after the opening buy). */
  filled: number;
  stop: MoneyDecimal | null;
  drawdown: MoneyDecimal;
  fills: ReplayFill[];
  takeProfits: string[];
};

/**
 * Replays one epic started at candle `start` until its take-profit fills, its stop sells, or the candles end
 * (docs/decisions/backtest-replay.md). The ladder, sizes, fees and the take-profit after each number of filled levels
 * are `planEpic`'s, planned at the ask of the start candle's open exactly as the server plans at the best ask; fills
 * are decided as the paper venue decides them on the bid and ask around each candle's high and low.
 */
export const replayFrom = (candles: MinuteCandles, setup: ReplaySetup, start: number): StartResult => {
  const startTime = candles.time[start] ?? Number.NaN;
  const priceIncrement = money(setup.product.priceIncrement);
  const fees = setup.fees ?? PAPER_FEES;
  const opening = quoteAt(
    gridPrice(candles.open[start] ?? 0, priceIncrement),
    setup.halfSpreadBps,
    priceIncrement,
  );
  const planned = planEpic(setup.inputs, setup.product, opening.ask.toFixed(), {
    makerFeeRate: fees.maker,
    takerFeeRate: fees.taker,
    advise: false,
  });
  if (!planned.ok)
    return refused(
      startTime,
      planned.problems.map((p) => p.code),
    );
  // Levels above the reference are engine triggers bought on a rising ask; this replay covers ladders below it.
  if (planned.plan.levels.some((l) => l.placement === 'trigger'))
    return refused(startTime, ['trigger-levels']);

  const run: Running = {
    plan: planned.plan,
    priceIncrement,
    halfSpreadBps: setup.halfSpreadBps,
    fees,
    filled: 0,
    stop: planned.plan.stopPrice === null ? null : money(planned.plan.stopPrice),
    drawdown: ZERO,
    fills: [],
    takeProfits: [],
  };
  // Level 1 is a marketable limit: at the start's ask it is the plan's price, inside the slippage cap by definition
  // (docs/decisions/marketable-first-level.md), and pays the taker fee.
  buyLevel(run, 0, startTime);
  return runToEnd(candles, run, start, startTime);
};

/** The scan-and-decide loop: plain float scans between events, decimals only at the candle an event happens. */
const runToEnd = (candles: MinuteCandles, run: Running, start: number, startTime: number): StartResult => {
  const end = candles.time.length;
  let minLow = candles.low[start] ?? Number.POSITIVE_INFINITY;
  markDrawdown(run, minLow);
  // The opening buy happened at the open: the rest of that candle can still fill lower levels or fire the stop, and
  // the take-profit placed after it is judged from the next candle on (buys first within a candle).
  if (eventAt(candles, run, start, false) === 'stopped')
    return ended(run, 'stopped', startTime, start, candles);
  let i = start + 1;
  while (i < end) {
    const found = scanToEvent(candles, i, end, lowThreshold(run), highThreshold(run), minLow);
    minLow = found.minLow;
    markDrawdown(run, minLow);
    if (found.index >= end) break;
    const at = found.index;
    const outcome = eventAt(candles, run, at, true);
    if (outcome === 'stopped' || outcome === 'closed') return ended(run, outcome, startTime, at, candles);
    // A bigger position is under water from this candle's low on, not from the lows before it was bought.
    if (outcome === 'bought') minLow = candles.low[at] ?? minLow;
    i = at + 1;
  }
  return stillOpen(run, startTime, candles);
};

const level = (run: Running, index: number): TEpicPlanLevel => {
  const found = run.plan.levels[index];
  if (!found) throw new Error(`plan has no level ${index + 1}`);
  return found;
};

/** The plan's running figures once `run.filled` levels have filled. */
const current = (run: Running) => level(run, run.filled - 1);

const capitalOf = (run: Running) => {
  const l = current(run);
  return money(l.cumulativeCost).plus(l.cumulativeFees);
};

const buyLevel = (run: Running, index: number, time: number) => {
  const l = level(run, index);
  run.fills.push({
    time,
    side: 'buy',
    level: l.level,
    price: l.price,
    size: l.baseSize,
    fee: l.estimatedFee,
    liquidity: l.placement === 'resting' ? 'maker' : 'taker',
  });
  run.filled = index + 1;
  run.takeProfits.push(l.takeProfitPrice);
};

/**
 * Below this low a candle may fill the next level or fire the stop. From the venue's quote (venue-quote.ts): the ask
 * is at least last + half-spread and the half-spread at least a tick and last·bps, so the ask reaches a level p only
 * when last ≤ min(p − tick, p / (1 + bps)); the bid is over last − half-spread − a tick, so it falls to the stop only when
 * last < (stop + 2 ticks) / (1 − bps). Tight bounds keep false candidates (decimal work) rare.
 */
const lowThreshold = (run: Running) => {
  const bps = run.halfSpreadBps / 10_000;
  const tick = Number(run.priceIncrement);
  const next = run.plan.levels[run.filled];
  const p = next ? Number(next.price) : Number.NEGATIVE_INFINITY;
  const levelAt = Math.min(p - tick, p / (1 + bps)) * (1 + SLACK);
  if (!run.stop) return levelAt;
  const stopAt = ((Number(run.stop) + 2 * tick) / (1 - bps)) * (1 + SLACK);
  return Math.max(levelAt, stopAt);
};

/**
 * At or above this high the take-profit may fill: the bid is at most last − half-spread, so it reaches the
 * take-profit only when last ≥ max(tp + tick, tp / (1 − bps)).
 */
const highThreshold = (run: Running) => {
  const tp = Number(current(run).takeProfitPrice);
  const bps = run.halfSpreadBps / 10_000;
  return Math.max(tp + Number(run.priceIncrement), tp / (1 - bps)) * (1 - SLACK);
};

/**
 * Decides a candidate candle in decimals, in the order least kind to the trader when OHLC hides the order: every
 * level the low's ask reaches fills first (post-only buys fill at their limit, maker), then the stop on the low's
 * bid, and only on a candle without new buys the take-profit on the high's bid (a resting sell fills at its limit).
 */
const eventAt = (
  candles: MinuteCandles,
  run: Running,
  at: number,
  takeProfitLive: boolean,
): 'bought' | 'stopped' | 'closed' | 'none' => {
  const time = candles.time[at] ?? Number.NaN;
  const low = gridPrice(candles.low[at] ?? 0, run.priceIncrement);
  const { ask } = quoteAt(low, run.halfSpreadBps, run.priceIncrement);
  let bought = false;
  for (
    let next = run.plan.levels[run.filled];
    next && money(next.price).gte(ask);
    next = run.plan.levels[run.filled]
  ) {
    buyLevel(run, run.filled, time);
    bought = true;
  }
  if (bought) markDrawdown(run, candles.low[at] ?? Number.NaN);
  if (stopAt(candles, run, at)) return 'stopped';
  if (bought) return 'bought';
  if (!takeProfitLive) return 'none';
  const high = gridPrice(candles.high[at] ?? 0, run.priceIncrement);
  const takeProfit = money(current(run).takeProfitPrice);
  if (quoteAt(high, run.halfSpreadBps, run.priceIncrement).bid.lt(takeProfit)) return 'none';
  sell(run, takeProfit, run.fees.maker, 'maker', time);
  return 'closed';
};

/** The stop fires when the bid falls to it (packages/engine/src/triggers/trigger-book.ts) and market-sells at the bid. */
const stopAt = (candles: MinuteCandles, run: Running, at: number): boolean => {
  if (!run.stop) return false;
  const low = gridPrice(candles.low[at] ?? 0, run.priceIncrement);
  const { bid } = quoteAt(low, run.halfSpreadBps, run.priceIncrement);
  if (bid.gt(run.stop)) return false;
  sell(run, bid, run.fees.taker, 'taker', candles.time[at] ?? Number.NaN);
  return true;
};

const sell = (
  run: Running,
  price: MoneyDecimal,
  rate: string,
  liquidity: 'maker' | 'taker',
  time: number,
) => {
  const size = money(current(run).cumulativeSize);
  run.fills.push({
    time,
    side: 'sell',
    level: 0,
    price: price.toFixed(),
    size: size.toFixed(),
    fee: size.mul(price).mul(rate).toFixed(),
    liquidity,
  });
};

/** Held × bid at the lowest low so far − capital spent, kept when it is the deepest yet. */
const markDrawdown = (run: Running, minLow: number) => {
  if (!Number.isFinite(minLow)) return;
  const value = unrealised(run, minLow);
  if (value.lt(run.drawdown)) run.drawdown = value;
};

const unrealised = (run: Running, last: number) => {
  const { bid } = quoteAt(gridPrice(last, run.priceIncrement), run.halfSpreadBps, run.priceIncrement);
  return money(current(run).cumulativeSize).mul(bid).minus(capitalOf(run));
};

const cents = (value: MoneyDecimal) => value.toDecimalPlaces(2, ROUND_FLOOR).toFixed(2);

/** profitsDollarAmount's rule (packages/engine/src/position/position-figures.ts): proceeds − sell fee − spent, floored. */
const ended = (
  run: Running,
  outcome: 'closed' | 'stopped',
  startTime: number,
  at: number,
  candles: MinuteCandles,
): StartResult => {
  const sale = run.fills.at(-1);
  const proceeds = sale ? money(sale.price).mul(sale.size).minus(sale.fee) : ZERO;
  const endTime = candles.time[at] ?? Number.NaN;
  return summaryOf(run, startTime, outcome, endTime, cents(proceeds.minus(capitalOf(run))));
};

const stillOpen = (run: Running, startTime: number, candles: MinuteCandles): StartResult => {
  const last = candles.close[candles.close.length - 1] ?? 0;
  return summaryOf(run, startTime, 'open', null, cents(unrealised(run, last)));
};

const summaryOf = (
  run: Running,
  startTime: number,
  outcome: StartResult['outcome'],
  endTime: number | null,
  profit: string,
): StartResult => ({
  startTime,
  outcome,
  endTime,
  timeToCloseMs: endTime === null ? null : endTime - startTime,
  levelsUsed: run.filled,
  profit,
  capitalUsed: capitalOf(run).toFixed(),
  deepestDrawdown: cents(run.drawdown),
  takeProfits: run.takeProfits,
  fills: run.fills,
});

const refused = (startTime: number, codes: string[]): StartResult => ({
  startTime,
  outcome: 'refused',
  refusedBy: codes,
  endTime: null,
  timeToCloseMs: null,
  levelsUsed: 0,
  profit: '0.00',
  capitalUsed: '0',
  deepestDrawdown: '0.00',
  takeProfits: [],
  fills: [],
});
