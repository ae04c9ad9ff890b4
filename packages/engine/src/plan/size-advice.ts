import {
  EPIC_LIMITS,
  EPIC_LOADS,
  EPIC_SCALINGS,
  type TEpicInputs,
  type TEpicPlanResult,
  type TPlanProblem,
} from '@cdca/contracts';
import { formatUsd } from '../money/format-fixed.ts';
import { money } from '../money/money-decimal.ts';

type Plan = (inputs: TEpicInputs) => TEpicPlanResult;

const SIZE_CODES = new Set(['level-below-minimum', 'level-above-maximum', 'sell-above-maximum']);
/** Far beyond any budget a venue's maximums allow; the search stops there. */
const MAX_BUDGET_CENTS = 100_000_000_000;
/** Budgets are split to the cent with floors, so "fits" may flicker over a few cents near the edge. */
const CENTS_TO_CONFIRM = 100;

const sizeProblems = (result: TEpicPlanResult) =>
  (result.ok ? [] : result.problems).filter((p) => SIZE_CODES.has(p.code));
const fits = (plan: Plan, inputs: TEpicInputs) => {
  const result = plan(inputs);
  return result.ok || sizeProblems(result).length === 0;
};
const withBudget = (inputs: TEpicInputs, cents: number) => ({
  ...inputs,
  budget: money(cents).div(100).toFixed(2),
});

/**
 * The first budget in cents from `from` toward `to` (either direction) for which `ok` holds, found by bisection
 * and then confirmed a cent at a time, or undefined.
 */
const searchBudget = (ok: (cents: number) => boolean, from: number, to: number): number | undefined => {
  if (!ok(to)) return undefined;
  let bad = from;
  let good = to;
  while (Math.abs(good - bad) > 1) {
    const mid = Math.floor((good + bad) / 2);
    if (ok(mid)) good = mid;
    else bad = mid;
  }
  const step = good > bad ? 1 : -1;
  for (let i = 0, cents = good; i < CENTS_TO_CONFIRM; i++, cents += step) if (ok(cents)) return cents;
  return undefined;
};

/** The levels, from nearest to `from` outward in `direction`, of which the first that fits at this budget. */
const searchLevels = (plan: Plan, inputs: TEpicInputs, direction: -1 | 1) => {
  for (
    let n = inputs.dcaLevels + direction;
    n >= EPIC_LIMITS.dcaLevels.min && n <= EPIC_LIMITS.dcaLevels.max;
    n += direction
  ) {
    if (fits(plan, { ...inputs, dcaLevels: n })) return n;
  }
  return undefined;
};

/**
 * What would fix a plan whose levels fall under the venue's minimum or over its maximum, computed by planning the
 * changed inputs (docs/decisions/plan-advice.md): only changes that make every level fit are suggested, and a
 * minimum and a maximum problem together never get "raise" and "lower" the budget at once.
 */
const fixesFor = (plan: Plan, inputs: TEpicInputs, found: readonly TPlanProblem[]): string[] => {
  const below = found.some((p) => p.code === 'level-below-minimum');
  const above = found.some((p) => p.code !== 'level-below-minimum');
  const budgetCents = money(inputs.budget).mul(100).toNumber();
  const ok = (cents: number) => fits(plan, withBudget(inputs, cents));
  const fixes: string[] = [];
  const shape = `${inputs.scaling} scaling with ${inputs.load}-load`;
  if (below && !above) {
    const cents = searchBudget(ok, budgetCents, Math.min(MAX_BUDGET_CENTS, budgetCents * 1_000_000));
    if (cents !== undefined) fixes.push(`raise the budget to ${formatUsd(money(cents).div(100))}`);
  }
  if (above && !below) {
    const cents = searchBudget(ok, budgetCents, 100);
    if (cents !== undefined) fixes.push(`lower the budget to ${formatUsd(money(cents).div(100))}`);
  }
  const levels = searchLevels(plan, inputs, below ? -1 : 1);
  if (levels !== undefined) {
    fixes.push(`use ${below ? 'at most' : 'at least'} ${levels} levels with ${shape} at this budget`);
  }
  if (fixes.length === 0) {
    const other = EPIC_SCALINGS.flatMap((scaling) => EPIC_LOADS.map((load) => ({ scaling, load }))).find(
      (s) => fits(plan, { ...inputs, ...s }),
    );
    if (other) fixes.push(`use ${other.scaling} scaling with ${other.load}-load at this budget and levels`);
  }
  return fixes;
};

/** The refused plan with each size problem's advice replaced by what was computed to fix it. */
export const withSizeAdvice = (result: TEpicPlanResult, inputs: TEpicInputs, plan: Plan): TEpicPlanResult => {
  if (result.ok) return result;
  const found = sizeProblems(result);
  if (found.length === 0) return result;
  const fixes = fixesFor(plan, inputs, found);
  const advice =
    fixes.length > 0
      ? fixes.join(', or ')
      : `no budget, number of levels or scaling makes every level fit on this coin — change the buy spread or pick another coin`;
  return {
    ok: false,
    problems: result.problems.map((p) =>
      SIZE_CODES.has(p.code) ? { ...p, message: `${p.message.replace(/ — [^—]*$/, '')} — ${advice}.` } : p,
    ),
  };
};
