import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MoneyDecimal, money, ONE } from '../money/money-decimal.ts';
import { MAX_SELL_ORDERS, type SellLimits, splitSell } from './sell-split.ts';

/** The split as first written, without the one-order shortcut: k orders from the least the maximums allow. */
const splitByParts = (size: MoneyDecimal, price: MoneyDecimal, limits: SellLimits, headroom = ONE) => {
  if (size.isZero() || size.lt(limits.baseMinSize) || size.mul(price).lt(limits.quoteMinSize))
    return 'below-minimum';
  const units = size.div(limits.baseIncrement);
  const highPrice = price.mul(headroom);
  const least = Math.max(
    1,
    size.div(limits.baseMaxSize).ceil().toNumber(),
    size.mul(highPrice).div(limits.quoteMaxSize).ceil().toNumber(),
  );
  for (let k = least; k <= MAX_SELL_ORDERS; k++) {
    const per = units.div(k).floor();
    const extra = units.minus(per.mul(k)).toNumber();
    const sizes = Array.from({ length: k }, (_, i) =>
      (i < extra ? per.plus(1) : per).mul(limits.baseIncrement),
    );
    const largest = sizes[0] as MoneyDecimal;
    const smallest = sizes[k - 1] as MoneyDecimal;
    if (largest.gt(limits.baseMaxSize) || largest.mul(highPrice).gt(limits.quoteMaxSize)) continue;
    if (smallest.isZero() || smallest.lt(limits.baseMinSize) || smallest.mul(price).lt(limits.quoteMinSize))
      return 'below-minimum';
    return sizes.map((s) => s.toFixed()).join(' ');
  }
  return 'too-many-orders';
};

const limits: SellLimits = {
  baseIncrement: money('0.001'),
  baseMinSize: money('0.01'),
  baseMaxSize: money('50'),
  quoteMinSize: money('1'),
  quoteMaxSize: money('10000'),
};

describe('splitSell', () => {
  it('sells within both maximums as one order of the whole size', () => {
    const split = splitSell(money('12.345'), money('150.00'), limits);
    expect(split.ok && split.sizes.map((s) => s.toFixed())).toEqual(['12.345']);
  });

  it('splits over the value maximum into near-equal parts, the larger first', () => {
    const split = splitSell(money('100.001'), money('150.00'), limits);
    expect(split.ok && split.sizes.map((s) => s.toFixed())).toEqual(['33.334', '33.334', '33.333']);
  });

  it('gives the same orders as the split by parts for any size, price and headroom', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom('1', '1.05', '1.5'),
        (units, cents, headroom) => {
          const size = money(units).mul(limits.baseIncrement);
          const price = money(cents).div(100);
          const split = splitSell(size, price, limits, money(headroom));
          const got = split.ok ? split.sizes.map((s) => s.toFixed()).join(' ') : split.reason;
          expect(got).toBe(splitByParts(size, price, limits, money(headroom)));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
