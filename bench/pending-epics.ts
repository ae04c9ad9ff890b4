import { randomUUID } from 'node:crypto';
import type { TEpicInputs, TEpicPlan } from '@cdca/contracts';
import { createPosition, type Product } from '@cdca/engine';
import { threeLevelsBelow } from '../apps/server/src/engine/testing/engine-assertions.ts';

/**
 * The engine tests' scripted epic, which the engine and memory benches write by the thousand: three levels 5 % apart
 * below the ask, take-profit 3 % over the average. Ten of them commit 6,000 of a paper portfolio's 10,000 USD.
 */
export const SCRIPTED_INPUTS: TEpicInputs = threeLevelsBelow();

/**
 * An epic row as POST /epics saves it: pending, with its plan and a position of its own (its client order ids embed
 * the epic's id), ready for a bulk insert.
 */
export const pendingEpicRow = (accountId: string, coinId: string, plan: TEpicPlan, product: Product) => {
  const id = randomUUID();
  return {
    id,
    accountId,
    coinId,
    productId: plan.productId,
    status: 'pending' as const,
    inputs: SCRIPTED_INPUTS,
    plan,
    position: createPosition(id, plan, product),
    budget: SCRIPTED_INPUTS.budget,
    dcaLevels: SCRIPTED_INPUTS.dcaLevels,
  };
};
