import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '../money/money-decimal.ts';
import { filledInFull, type PositionFigures } from './position.ts';
import { avgBuyRate } from './position-figures.ts';
import { positionTakeProfitPrice, takeProfitPrice } from './take-profit-price.ts';

/** A decimal string as the venue and the position write them: up to 8 decimals, no exponent. */
const amount = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99_999_999 }))
  .map(([whole, fraction]) => money(`${whole}.${String(fraction).padStart(8, '0')}`).toFixed());

describe('filledInFull: the same answer as comparing the decimals', () => {
  it('for any filled and planned size', () => {
    fc.assert(
      fc.property(amount, amount, (filledSize, baseSize) => {
        expect(filledInFull({ filledSize, baseSize })).toBe(money(filledSize).gte(baseSize));
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads the text as a number, not as letters', () => {
    expect(filledInFull({ filledSize: '1.50', baseSize: '1.5' })).toBe(true);
    expect(filledInFull({ filledSize: '0.9', baseSize: '0.10' })).toBe(true);
    expect(filledInFull({ filledSize: '0', baseSize: '0.1' })).toBe(false);
    expect(filledInFull({ filledSize: '0.09999999', baseSize: '0.1' })).toBe(false);
    expect(filledInFull({ filledSize: '0', baseSize: '0.00' })).toBe(true);
    expect(filledInFull({ filledSize: '0', baseSize: '-1' })).toBe(true);
  });
});

const figures = (quoteSpent: string, boughtBase: string, sellFeeRate?: string): PositionFigures => ({
  quoteSpent,
  boughtBase,
  heldBase: boughtBase,
  buyFees: '0',
  sellSpread: '1.5',
  ...(sellFeeRate === undefined ? {} : { sellFeeRate }),
  finishedBy: null,
  rules: { priceIncrement: '0.01' },
});

describe('positionTakeProfitPrice: takeProfitPrice on the position, remembered', () => {
  const direct = (p: PositionFigures, sellFeeRate: string) =>
    takeProfitPrice({
      quoteSpent: money(p.quoteSpent),
      bought: money(p.boughtBase),
      sellSpread: money(p.sellSpread),
      sellFeeRate: money(sellFeeRate),
      priceIncrement: money(p.rules.priceIncrement),
    }).price.toFixed();

  it('gives the rule’s price for any figures, asked once or again after thousands of others', () => {
    const positions = Array.from({ length: 5_000 }, (_, i) =>
      figures(
        money(600).plus(money(i).div(7)).toFixed(),
        money('6.25').plus(money(i).div(1000)).toFixed(),
        '0.006',
      ),
    );
    const first = positions.map((p) => positionTakeProfitPrice(p).toFixed());
    expect(first).toEqual(positions.map((p) => direct(p, '0.006')));
    // The memory was emptied on the way (more figures than it keeps): the answers stay the same.
    expect(positions.map((p) => positionTakeProfitPrice(p).toFixed())).toEqual(first);
  });

  it('and avgBuyRate, remembered the same way, is the division of the figures', () => {
    const positions = Array.from({ length: 5_000 }, (_, i) => figures(String(600 + i), String(1 + (i % 7))));
    const rates = positions.map((p) => avgBuyRate(p));
    expect(rates).toEqual(positions.map((p) => money(p.quoteSpent).div(p.boughtBase).toFixed()));
    expect(positions.map((p) => avgBuyRate(p))).toEqual(rates);
    expect(avgBuyRate(figures('600', '0'))).toBeNull();
  });

  it('tells apart figures that differ only in the sell fee rate, or in having none', () => {
    const withRate = positionTakeProfitPrice(figures('600', '1', '0.5')).toFixed();
    const withoutRate = positionTakeProfitPrice(figures('600', '1')).toFixed();
    expect(withRate).toBe(direct(figures('600', '1'), '0.5'));
    expect(withRate).toBe('1200');
    expect(withoutRate).toBe('609');
  });
});
