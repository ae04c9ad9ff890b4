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
      price: '72.9',
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

  it('refuses a start the plan cannot trade, and ladders with trigger levels above the market', () => {
    expect(replayFrom(candlesFromPath([100], 0), setup({ direction: 'above' }), 0)).toMatchObject({
      outcome: 'refused',
      refusedBy: ['trigger-levels'],
    });
    expect(replayFrom(candlesFromPath([100], 0), setup({ budget: '1.00' }), 0).outcome).toBe('refused');
  });
});
