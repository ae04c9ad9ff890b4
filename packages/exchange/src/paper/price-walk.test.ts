import { describe, expect, it } from 'vitest';
import { initialWalkState, stepWalk } from './price-walk.ts';

/** Standard deviation of one-day log returns over many simulated days, stepping every 10 seconds. */
const realisedDailyVolatility = (target: number, days: number) => {
  const returns: number[] = [];
  for (let day = 0; day < days; day++) {
    const state = initialWalkState(target, 1_000 + day * 7_919);
    let sum = 0;
    for (let t = 0; t < 8_640; t++) sum += stepWalk(state, target, 10);
    returns.push(sum);
  }
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  return Math.sqrt(returns.reduce((a, b) => a + (b - mean) ** 2, 0) / returns.length);
};

describe('price walk', () => {
  it.each([0.02, 0.05])('moves about as much in a day as the product’s volatility says (%s)', (target) => {
    // Clustering and jumps fatten the tails a little; a runaway variance would show as several times the target.
    const ratio = realisedDailyVolatility(target, 150) / target;
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.3);
  });
});
