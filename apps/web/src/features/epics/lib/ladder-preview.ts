import type { TPlanContext } from '@cdca/contracts';
import { EPIC_LIMITS, type TEpicInputs, type TEpicPlanResult, type TPlanProblem } from '@cdca/contracts';
import { planEpic } from '@cdca/engine';

/**
 * The live ladder: the engine's own planEpic on the server's own inputs (GET /epics/plan-context), so the preview
 * is the plan the server will validate and trade, level for level.
 */
export const previewLadder = (inputs: TEpicInputs, context: TPlanContext): TEpicPlanResult =>
  planEpic(
    inputs,
    context.product,
    context.referencePrice,
    context.availableBalance === null ? {} : { availableBalance: context.availableBalance },
  );

/** Inputs a problem can be shown beside; the rest (product, price) belong to the coin. */
export type DraftField = 'budget' | 'dcaLevels' | 'buySpread' | 'sellSpread' | 'stopSpread';
const DRAFT_FIELDS: readonly string[] = ['budget', 'dcaLevels', 'buySpread', 'sellSpread', 'stopSpread'];

export type GroupedProblems = {
  byField: Partial<Record<DraftField, TPlanProblem[]>>;
  general: TPlanProblem[];
};

/**
 * Problems grouped by the input they name. Level problems can repeat for many levels with the same cause
 * ("level 1 … level 2 … below the minimum"), so a field keeps the first of each code and counts the rest.
 */
export const groupProblems = (problems: readonly TPlanProblem[]): GroupedProblems => {
  const byField: GroupedProblems['byField'] = {};
  const general: TPlanProblem[] = [];
  for (const problem of problems) {
    if (!DRAFT_FIELDS.includes(problem.field)) {
      general.push(problem);
      continue;
    }
    const field = problem.field as DraftField;
    const list = byField[field] ?? [];
    if (!list.some((known) => known.code === problem.code)) list.push(problem);
    byField[field] = list;
  }
  return { byField, general };
};

/** Levels with a problem of their own, to mark their rows in the ladder table. */
export const problemLevels = (problems: readonly TPlanProblem[]): Map<number, TPlanProblem[]> => {
  const levels = new Map<number, TPlanProblem[]>();
  for (const problem of problems) {
    if (problem.level === undefined) continue;
    levels.set(problem.level, [...(levels.get(problem.level) ?? []), problem]);
  }
  return levels;
};

const tooSmall = (result: TEpicPlanResult) =>
  !result.ok && result.problems.some((problem) => problem.code === 'level-below-minimum');

/**
 * The most levels these inputs can have while every level still meets the exchange minimum, or null when even
 * one level cannot (the budget itself is too small). Exponential ladders double each level, so the lightest
 * level shrinks as 1/2^n: many levels quickly fall under the venue minimum, and this is the cap to offer.
 */
export const maxLevelsMeetingMinimum = (inputs: TEpicInputs, context: TPlanContext): number | null => {
  let best: number | null = null;
  for (let n = EPIC_LIMITS.dcaLevels.min; n <= EPIC_LIMITS.dcaLevels.max; n += 1) {
    if (tooSmall(previewLadder({ ...inputs, dcaLevels: n }, context))) break;
    best = n;
  }
  return best;
};
