import { describe, expect, it } from 'vitest';
import { inputsFixture, productFixture } from '../testing/product.fixture.ts';
import { candlesFrom, candlesFromPath } from './candles.ts';
import { type ReplaySetup, replayFrom } from './replay.ts';

/**
 * The fixture plan at a market of 100.00 (half-spread 1 bp → bid 99.99, ask 100.01): levels 100.01 (0.714),
 * 90.00 (3.174), 81.00 (7.936); take-profits 105.65, 96.86, 89.16; stop 72.90. Paper fees: maker 0.4 %, taker 0.6 %.
 */
const setup = (overrides: Partial<ReplaySetup['inputs']> = {}): ReplaySetup => ({
  inputs: inputsFixture(overrides),
  product: productFixture(),
  halfSpreadBps: 1,
});

const MINUTE = 60_000;

describe('replayFrom: one start', () => {
  it('buys level 1 at the start ask as a taker, then a level only when the ask reaches it', () => {
    // A last of 90.00 is an ask of 90.01: level 2 (90.00) waits; 89.99 (ask 90.00) fills it at its limit, maker.
    const result = replayFrom(candlesFromPath([100, 90, 89.99], 0), setup(), 0);
    expect(result.fills).toEqual([
      {
        time: 0,
        side: 'buy',
        level: 1,
        price: '100.01',
        size: '0.714',
        fee: '0.42844284',
        liquidity: 'taker',
      },
      {
        time: 2 * MINUTE,
        side: 'buy',
        level: 2,
        price: '90.00',
        size: '3.174',
        fee: '1.14264',
        liquidity: 'maker',
      },
    ]);
    expect(result.outcome).toBe('open');
    expect(result.levelsUsed).toBe(2);
  });

  it('re-prices the take-profit after each fill and sells when the bid reaches it, fees to the cent', () => {
    // After level 2 the take-profit is 96.86: a last of 96.86 bids 96.85 (no), 96.87 bids 96.86 (sells, maker).
    const result = replayFrom(candlesFromPath([100, 89.99, 96.86, 96.87], 0), setup(), 0);
    expect(result.takeProfits).toEqual(['105.65', '96.86']);
    expect(result.outcome).toBe('closed');
    expect(result.timeToCloseMs).toBe(3 * MINUTE);
    expect(result.fills.at(-1)).toEqual({
      time: 3 * MINUTE,
      side: 'sell',
      level: 0,
      price: '96.86',
      size: '3.888',
      fee: '1.50636672',
      liquidity: 'maker',
    });
    // 3.888 × 96.86 − 1.50636672 − (357.06714 + 1.57108284) = 16.44709044, floored.
    expect(result.capitalUsed).toBe('358.63822284');
    expect(result.profit).toBe('16.44');
    // The lowest bid held (89.98 on 3.888) against what was spent: −8.79598284, floored to the cent.
    expect(result.deepestDrawdown).toBe('-8.80');
  });

  it('fills every level the low reaches, then sells at the stop as a taker at the low’s bid', () => {
    // 72.91 asks 72.92 (level 3 at 81.00 fills) and bids 72.90, the stop price.
    const result = replayFrom(candlesFromPath([100, 85, 72.91], 0), setup(), 0);
    expect(result.outcome).toBe('stopped');
    expect(result.levelsUsed).toBe(3);
    expect(result.fills.at(-1)).toMatchObject({
      price: '72.90',
      size: '11.824',
      fee: '5.1718176',
      liquidity: 'taker',
    });
    // 861.9696 − 5.1718176 − 1004.02548684 = −147.22770444, floored.
    expect(result.profit).toBe('-147.23');
    expect(result.timeToCloseMs).toBe(2 * MINUTE);
  });

  it('a start that never closes is open at the window end, marked at the last bid', () => {
    const result = replayFrom(candlesFromPath([100, 95, 89.99, 85], 0), setup({ stopSpread: null }), 0);
    expect(result.outcome).toBe('open');
    expect(result.endTime).toBeNull();
    expect(result.timeToCloseMs).toBeNull();
    // 3.888 × 84.99 − 358.63822284 = −28.19710284.
    expect(result.profit).toBe('-28.20');
    expect(result.deepestDrawdown).toBe('-28.20');
  });

  it('judges a re-priced take-profit from the next candle on, as the least kind order inside a candle', () => {
    // Candle 0 buys level 1 at its open and level 2 at its low; its high (100) is over the new take-profit (96.86),
    // but OHLC does not say the high came after the low.
    const candles = candlesFrom([
      { time: 0, open: 100, high: 100, low: 89.99, close: 95 },
      { time: MINUTE, open: 95, high: 95, low: 95, close: 95 },
      { time: 2 * MINUTE, open: 95, high: 96.87, low: 95, close: 96 },
    ]);
    const result = replayFrom(candles, setup(), 0);
    expect(result.outcome).toBe('closed');
    expect(result.endTime).toBe(2 * MINUTE);
  });

  it('reads float candles at the price grid they stand for', () => {
    const result = replayFrom(candlesFromPath([100, 89.99000000000001, 96.86999999999999], 0), setup(), 0);
    expect(result.levelsUsed).toBe(2);
    expect(result.outcome).toBe('closed');
  });

  it('refuses a start the plan cannot trade', () => {
    const result = replayFrom(candlesFromPath([100], 0), setup({ budget: '1.00' }), 0);
    expect(result.outcome).toBe('refused');
    expect(result.refusedBy).toContain('level-below-minimum');
    expect(result.fills).toEqual([]);
  });
});

/**
 * Levels above the market are engine triggers. With a 2 % buy spread and a 6 % sell spread the fixture ladder at
 * 100.00 is 100.01 (0.714), 102.02 (2.800) and 104.06 (6.177), all bought as takers; take-profit 106.65 after level 1.
 */
const above = (overrides: Partial<ReplaySetup['inputs']> = {}) =>
  setup({ direction: 'above', buySpread: '2', sellSpread: '6', ...overrides });

const afterOpening = (next: { open: number; high: number; low: number; close: number }) =>
  candlesFrom([
    { time: 0, open: 100, high: 100, low: 100, close: 100 },
    { time: MINUTE, ...next },
  ]);

describe('replayFrom: levels above the market', () => {
  it('buys a trigger at the ask where the rising market crosses it and re-prices the take-profit from the fills', () => {
    // A last of 101.99 asks 102.01; 102.00 asks 102.02, level 2's price: bought there, taker, though the high is 103.
    const result = replayFrom(afterOpening({ open: 100, high: 103, low: 100, close: 102.5 }), above(), 0);
    expect(result.fills.at(-1)).toEqual({
      time: MINUTE,
      side: 'buy',
      level: 2,
      price: '102.02',
      size: '2.800',
      fee: '1.713936',
      liquidity: 'taker',
    });
    // (71.40714 + 0.42844284 + 285.656 + 1.713936) × 1.06 ÷ 3.514 = 108.3545…, up to the tick.
    expect(result.capitalUsed).toBe('359.20551884');
    expect(result.takeProfits).toEqual(['106.65', '108.36']);
    expect(result.outcome).toBe('open');
  });

  it('buys every trigger a gap jumps over at the ask the market opened at', () => {
    const result = replayFrom(candlesFromPath([100, 105], 0), above(), 0);
    expect(result.fills.slice(1).map((f) => [f.level, f.price, f.liquidity])).toEqual([
      [2, '105.02', 'taker'],
      [3, '105.02', 'taker'],
    ]);
    expect(result.levelsUsed).toBe(3);
  });

  it('sells at a live take-profit the rising market meets before the next trigger', () => {
    // 5 % apart and a 3 % sell spread: the take-profit (103.63) is under level 2 (105.02) and sells first, maker.
    const result = replayFrom(
      afterOpening({ open: 100, high: 106, low: 100, close: 105 }),
      above({ buySpread: '5', sellSpread: '3' }),
      0,
    );
    expect(result.outcome).toBe('closed');
    expect(result.levelsUsed).toBe(1);
    expect(result.fills.at(-1)).toMatchObject({ side: 'sell', price: '103.63', liquidity: 'maker' });
  });

  it('fills both sides of an above-below ladder out of plan order, and sells at once a take-profit under the bid', () => {
    // Levels 100.01, 98.00 (resting), 102.02 (trigger), 96.04 (resting); a 1 % sell spread. The candle opens at 103
    // (level 3 bought at its ask, 103.02) and dips to 97.99 (level 2 at 98.00). The take-profit those fills make,
    // 102.90, is under the 102.98 bid of the moment level 3 was bought: the engine's new take-profit sells at once.
    const result = replayFrom(
      afterOpening({ open: 103, high: 103, low: 97.99, close: 100 }),
      setup({ direction: 'above-below', dcaLevels: 4, buySpread: '2', sellSpread: '1' }),
      0,
    );
    expect(result.fills.map((f) => [f.side, f.level, f.price, f.liquidity])).toEqual([
      ['buy', 1, '100.01', 'taker'],
      ['buy', 2, '98.00', 'maker'],
      ['buy', 3, '103.02', 'taker'],
      ['sell', 0, '102.98', 'taker'],
    ]);
    expect(result.takeProfits).toEqual(['101.62', '99.82', '102.90']);
    expect(result.outcome).toBe('closed');
    expect(result.levelsUsed).toBe(3);
  });
});
