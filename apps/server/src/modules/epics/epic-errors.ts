import type { TPlanProblem } from '@cdca/contracts';
import type { MoneyDecimal } from '@cdca/engine';
import { formatUsdDown, formatUsdUp } from '@cdca/engine';
import { AppError } from '../../lib/app-error.ts';
import type { Funds } from './committed-funds.ts';

/** Another account's epic answers exactly like a missing one, so ids cannot be probed. */
export const epicNotFound = () => new AppError(404, 'epic-not-found', 'There is no such epic.');

/**
 * POST /epics asked for more than the account's USD not yet committed to its unfinished epics
 * (docs/decisions/committed-funds.md). The figures let the trader see which of the three to change; `problems` is
 * the preview's list (budget-above-balance), so a client that reads problems shows the same thing.
 */
export const insufficientFunds = (asked: MoneyDecimal, funds: Funds, problems: TPlanProblem[]) => {
  const committedTo = funds.epics === 1 ? '1 unfinished epic' : `${funds.epics} unfinished epics`;
  return new AppError(
    422,
    'insufficient-funds',
    `This epic needs ${formatUsdUp(asked)}, but only ${formatUsdDown(funds.free)} is free: ` +
      `${formatUsdDown(funds.balance)} in USD minus ${formatUsdUp(funds.committed)} committed to ${committedTo}. ` +
      'Lower the budget, add funds, or cancel an epic.',
    {
      balance: funds.balance.toFixed(),
      committed: funds.committed.toFixed(),
      committedEpics: funds.epics,
      free: funds.free.toFixed(),
      asked: asked.toFixed(),
      problems,
    },
  );
};

export const exchangeKeyRequired = () =>
  new AppError(409, 'exchange-key-required', 'Connect an exchange API key before starting an epic.');

export const epicPlanInvalid = (problems: TPlanProblem[]) =>
  new AppError(
    422,
    'epic-plan-invalid',
    problems.length === 1 && problems[0]
      ? problems[0].message
      : `This epic cannot be traded as set: ${problems.length} things to change.`,
    { problems },
  );

export const transitionRefused = (status: string, action: string) =>
  new AppError(409, 'epic-transition-refused', `An epic that is ${status} cannot be asked to ${action}.`, {
    status,
    action,
  });
