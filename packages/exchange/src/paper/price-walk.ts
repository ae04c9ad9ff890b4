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
const SHOCK_FEEDBACK = 1.5;
const JUMPS_PER_DAY = 4;

export const longRunVariance = (dailyVolatility: number) =>
  (dailyVolatility * dailyVolatility) / SECONDS_PER_DAY;

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
  const jumpSize = nextNormal(state.random) * dailyVolatility * 0.35;
  const logReturn = diffusion + (jumped ? jumpSize : 0);
  const decay = Math.exp(-dtSeconds / MEMORY_SECONDS);
  const realised = (logReturn * logReturn) / dtSeconds;
  let next = base + decay * (state.variance - base) + (1 - decay) * SHOCK_FEEDBACK * (realised - base);
  if (jumped) next *= 3;
  state.variance = Math.min(Math.max(next, base / 4), base * 25);
  return logReturn;
};
