import type { TPlanProblem } from '@cdca/contracts/epic-plan.ts';
import { AppError } from '../../lib/app-error.ts';

/** Another account's epic answers exactly like a missing one, so ids cannot be probed. */
export const epicNotFound = () => new AppError(404, 'epic-not-found', 'There is no such epic.');

export const accountNotActive = (status: string) =>
  new AppError(
    403,
    'account-not-active',
    `Finish setting up your account before starting an epic (it is ${status}).`,
    {
      status,
    },
  );

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
