import type { TEpicInputs } from '@cdca/contracts';
import type { Product } from '../market/product.ts';
import { type MoneyDecimal, money, ROUND_FLOOR, ZERO } from '../money/money-decimal.ts';
import type { LevelCore } from '../plan/build-levels.ts';
import { ladderAt, type PreparedLadder, prepareLadder } from '../plan/ladder.ts';
import type { MinuteCandles } from './candles.ts';
import { decideCandle } from './replay-candle.ts';
import {
  buyLevel,
  markDrawdown,
  nextAbove,
  nextBelow,
  openPosition,
  type ReplayFill,
  type ReplayLadder,
  type ReplayLevel,
  type ReplayPosition,
  unrealised,
} from './replay-position.ts';
import { scanToEvent } from './scan.ts';
import { gridPrice, quoteAt } from './venue-quote.ts';

export type { ReplayFill } from './replay-position.ts';

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
 * the scan only proposes candidates with this slack, and every candidate is confirmed in decimals (`decideCandle`).
 */
const SLACK = 1e-9;

/**
 * What every start of one setup shares: the ladder prepared up to its prices (rules, inputs, budget split), the
 * fee rates and increments as decimals. Made once per backtest, not per start (docs/decisions/backtest-replay.md
 * "Cost per start").
 */
export type PreparedReplay = {
  setup: ReplaySetup;
  ladder: PreparedLadder;
  priceIncrement: MoneyDecimal;
  baseIncrement: MoneyDecimal;
  fees: { maker: MoneyDecimal; taker: MoneyDecimal };
  sellSpread: MoneyDecimal;
};

export const prepareReplay = (setup: ReplaySetup): PreparedReplay => {
  const fees = setup.fees ?? PAPER_FEES;
  return {
    setup,
    ladder: prepareLadder(setup.inputs, setup.product, {
      makerFeeRate: fees.maker,
      takerFeeRate: fees.taker,
    }),
    priceIncrement: money(setup.product.priceIncrement),
    baseIncrement: money(setup.product.baseIncrement),
    fees: { maker: money(fees.maker), taker: money(fees.taker) },
    sellSpread: money(setup.inputs.sellSpread),
  };
};

/** The plan's levels kept as decimals: the replay reads prices and sizes, never the plan's strings. */
const replayLevel = (core: LevelCore): ReplayLevel => core;

/**
 * The ladder `planEpic` would plan at `ask`, or the codes of its refusal: the same preparation and the same level
 * maths (plan/ladder.ts), without the strings a stored plan carries. `refusedBy` lists the problems in planEpic's
 * order; a plan with any problem is refused, as `planEpic` refuses it.
 */
const ladderAtAsk = (prepared: PreparedReplay, ask: MoneyDecimal): ReplayLadder | { refusedBy: string[] } => {
  const { ready, problems } = prepared.ladder;
  if (!ready) return { refusedBy: problems.map((p) => p.code) };
  const priced = ladderAt(ready, ask, replayLevel);
  if (problems.length > 0 || priced.problems.length > 0)
    return { refusedBy: [...problems, ...priced.problems].map((p) => p.code) };
  return { levels: priced.levels, stop: priced.stop, sellFeeRate: ready.sellFeeRate };
};

/**
 * Replays one epic started at candle `start` until its take-profit fills, its stop sells, or the candles end
 * (docs/decisions/backtest-replay.md). The ladder and its sizes are `planEpic`'s, planned at the ask of the start
 * candle's open exactly as the server plans at the best ask; fills are decided as the paper venue and the engine's
 * trigger book decide them on the bid and ask around each candle's high and low, and the position, its take-profit
 * and profit are kept from those fills as the engine keeps them.
 */
export const replayFrom = (
  candles: MinuteCandles,
  setup: ReplaySetup,
  start: number,
  prepared: PreparedReplay = prepareReplay(setup),
): StartResult => {
  const startTime = candles.time[start] ?? Number.NaN;
  const { priceIncrement } = prepared;
  const opening = quoteAt(
    gridPrice(candles.open[start] ?? 0, priceIncrement),
    setup.halfSpreadBps,
    priceIncrement,
  );
  const ladder = ladderAtAsk(prepared, opening.ask);
  if ('refusedBy' in ladder) return refused(startTime, ladder.refusedBy);
  const run = openPosition(ladder, { ...prepared, halfSpreadBps: setup.halfSpreadBps });
  const first = ladder.levels[0];
  if (!first) return refused(startTime, ['no-levels']);
  // Level 1 is a marketable limit: at the start's ask it is the plan's price, inside the slippage cap by definition
  // (docs/decisions/marketable-first-level.md), and pays the taker fee.
  buyLevel(run, first, first.price, 'taker', startTime);
  return runToEnd(candles, run, start, startTime);
};

/** The scan-and-decide loop: plain float scans between events, decimals only at the candle an event happens. */
const runToEnd = (
  candles: MinuteCandles,
  run: ReplayPosition,
  start: number,
  startTime: number,
): StartResult => {
  const end = candles.time.length;
  const minLow = Float64Array.of(candles.low[start] ?? Number.POSITIVE_INFINITY);
  markDrawdown(run, minLow[0] as number);
  // The opening buy happened at the open: the rest of that candle can still fill other levels or fire the stop, and
  // the take-profit placed after it is live from the next candle on.
  const opened = decideCandle(candles, run, start, false);
  if (opened === 'stopped' || opened === 'closed') return ended(run, opened, startTime, start, candles);
  let i = start + 1;
  while (i < end) {
    const at = scanToEvent(candles.low, candles.high, i, end, lowThreshold(run), highThreshold(run), minLow);
    markDrawdown(run, minLow[0] as number);
    if (at >= end) break;
    const outcome = decideCandle(candles, run, at, true);
    if (outcome === 'stopped' || outcome === 'closed') return ended(run, outcome, startTime, at, candles);
    // A bigger position is under water from this candle's low on, not from the lows before it was bought.
    if (outcome === 'bought') minLow[0] = candles.low[at] ?? (minLow[0] as number);
    i = at + 1;
  }
  return stillOpen(run, startTime, candles);
};

/**
 * Below this low a candle may fill the next resting level or fire the stop. From the venue's quote
 * (venue-quote.ts): the ask is at least last + half-spread and the half-spread at least a tick and last·bps, so the
 * ask reaches a level p only when last ≤ min(p − tick, p / (1 + bps)); the bid is over last − half-spread − a tick,
 * so it falls to the stop only when last < (stop + 2 ticks) / (1 − bps). Tight bounds keep false candidates (decimal
 * work) rare.
 */
const lowThreshold = (run: ReplayPosition) => {
  const bps = run.halfSpreadBps / 10_000;
  const tick = Number(run.priceIncrement);
  const next = nextBelow(run);
  const p = next ? next.price.toNumber() : Number.NEGATIVE_INFINITY;
  const levelAt = Math.min(p - tick, p / (1 + bps)) * (1 + SLACK);
  if (!run.stop) return levelAt;
  const stopAt = ((Number(run.stop) + 2 * tick) / (1 - bps)) * (1 + SLACK);
  return Math.max(levelAt, stopAt);
};

/**
 * At or above this high the take-profit may fill or the next trigger fire. The bid is at most last − half-spread,
 * so it reaches the take-profit only when last ≥ max(tp + tick, tp / (1 − bps)); the ask is under
 * last + half-spread + a tick, so it reaches a trigger q only when last > min(q − 2 ticks, (q − tick) / (1 + bps)).
 */
const highThreshold = (run: ReplayPosition) => {
  const bps = run.halfSpreadBps / 10_000;
  const tick = Number(run.priceIncrement);
  const tp = Number(run.takeProfit);
  const takeProfitAt = Math.max(tp + tick, tp / (1 - bps)) * (1 - SLACK);
  const next = nextAbove(run);
  if (!next) return takeProfitAt;
  const q = next.price.toNumber();
  return Math.min(takeProfitAt, Math.min(q - 2 * tick, (q - tick) / (1 + bps)) * (1 - SLACK));
};

const cents = (value: MoneyDecimal) => value.toDecimalPlaces(2, ROUND_FLOOR).toFixed(2);

/** profitsDollarAmount's rule (packages/engine/src/position/position-figures.ts): proceeds − sell fee − spent, floored. */
const ended = (
  run: ReplayPosition,
  outcome: 'closed' | 'stopped',
  startTime: number,
  at: number,
  candles: MinuteCandles,
): StartResult => {
  const sale = run.fills.at(-1);
  const proceeds = sale ? money(sale.price).mul(sale.size).minus(sale.fee) : ZERO;
  const endTime = candles.time[at] ?? Number.NaN;
  return summaryOf(run, startTime, outcome, endTime, cents(proceeds.minus(run.spent)));
};

const stillOpen = (run: ReplayPosition, startTime: number, candles: MinuteCandles): StartResult => {
  const last = candles.close[candles.close.length - 1] ?? 0;
  return summaryOf(run, startTime, 'open', null, cents(unrealised(run, last)));
};

const summaryOf = (
  run: ReplayPosition,
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
  capitalUsed: run.spent.toFixed(),
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
