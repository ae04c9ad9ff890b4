import { nextNormal, nextUniform, type RandomStream } from './seeded-random.ts';

/**
 * GARCH-like walk in continuous time: the per-second variance `variance` decays towards its long-run level with
 * a 30-minute half-life and is pushed up by large returns, so calm and wild stretches cluster like real markets.
 * Rare jumps (about four a day) add fat tails. The model works on floats because it only produces a return;
 * prices stay decimals and are rounded to the product's increment by the caller.
 */
export type WalkState = { variance: number; random: RandomStream };

const SECONDS_PER_DAY = 86_400;
const MEMORY_SECONDS = 1_800;
// Below 1, so variance reverts to its long-run level (GARCH: α + β < 1); at 1 or more it drifts up to the cap.
const SHOCK_FEEDBACK = 0.3;
const JUMPS_PER_DAY = 4;
/** A jump's standard deviation, as a fraction of the daily volatility. */
const JUMP_SIZE = 0.35;
/** Jumps carry this share of a day's variance; the diffusion carries the rest, so the total hits the target. */
const JUMP_VARIANCE_SHARE = JUMPS_PER_DAY * JUMP_SIZE * JUMP_SIZE;

export const longRunVariance = (dailyVolatility: number) =>
  ((1 - JUMP_VARIANCE_SHARE) * dailyVolatility * dailyVolatility) / SECONDS_PER_DAY;

export const initialWalkState = (dailyVolatility: number, seed: number): WalkState => ({
  variance: longRunVariance(dailyVolatility),
  random: { state: seed >>> 0 },
});

/** Advances the walk by `dtSeconds` and returns the log return over that step. Mutates `state`. */
export const stepWalk = (state: WalkState, dailyVolatility: number, dtSeconds: number): number => {
  const base = longRunVariance(dailyVolatility);
  const diffusion = Math.sqrt(state.variance * dtSeconds) * nextNormal(state.random);
  const jumpChance = 1 - Math.exp((-JUMPS_PER_DAY * dtSeconds) / SECONDS_PER_DAY);
  const jumped = nextUniform(state.random) < jumpChance;
  const jumpSize = nextNormal(state.random) * dailyVolatility * JUMP_SIZE;
  const logReturn = diffusion + (jumped ? jumpSize : 0);
  const decay = Math.exp(-dtSeconds / MEMORY_SECONDS);
  const realised = (logReturn * logReturn) / dtSeconds;
  let next = base + decay * (state.variance - base) + (1 - decay) * SHOCK_FEEDBACK * (realised - base);
  if (jumped) next *= 2;
  state.variance = Math.min(Math.max(next, base / 4), base * 9);
  return logReturn;
};
