import { randomUUID } from 'node:crypto';
import type { TCreateEpicBody, TEpic } from '@cdca/contracts';
import { createPosition, money, planEpic } from '@cdca/engine';
import type { ExchangeCredentials } from '@cdca/exchange';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import { commitmentsOf, fundsAfterCommitments, readClaims } from './committed-funds.ts';
import { epicPlanInvalid, exchangeKeyRequired, insufficientFunds } from './epic-errors.ts';
import { publishEpicCreated } from './epic-events.ts';
import type { EpicsRepository } from './epics.repository.ts';
import { type PlanDeps, planInputsForCoin, usdBalance } from './plan-for-coin.ts';

type Deps = PlanDeps & {
  bus: EventBus;
  repository: EpicsRepository;
  credentialsFor: (accountId: string) => Promise<ExchangeCredentials | undefined>;
};

/**
 * POST /epics: validated by the same planEpic as the preview, saved pending with its plan and an initial position
 * (nothing is on the exchange yet; the engine picks it up), and announced to the owner as epic.created. Who may
 * call it at all (active accounts only) is decided by the account-access table before this runs.
 */
export const createEpic = async (deps: Deps, caller: AccountRow, body: TCreateEpicBody): Promise<TEpic> => {
  const credentials = await deps.credentialsFor(caller.id);
  if (!credentials) throw exchangeKeyRequired();
  const { coin, product, referencePrice } = await planInputsForCoin(deps, body.coinId, undefined);
  // Everything but the funds is checked outside the lock: a bad plan must not keep other creates waiting.
  const unchecked = planEpic(body.inputs, product, referencePrice);
  if (!unchecked.ok) throw epicPlanInvalid(unchecked.problems);

  // The exchange is asked before the lock is taken: holding a database connection and the account's lock while
  // waiting on the venue would let 50 parallel creates exhaust the pool. commitmentsOf keeps that safe.
  const claimsBefore = await readClaims(deps.db, caller.id);
  const balance = await usdBalance(deps.exchange, credentials);
  // The id is chosen here so the position's client order ids (which embed it) are fixed before the row exists.
  const id = randomUUID();
  const row = await deps.repository.insertLocked(caller.id, async (tx) => {
    const claimsNow = await readClaims(tx, caller.id);
    const funds = fundsAfterCommitments(balance, commitmentsOf(claimsBefore, claimsNow));
    const checked = planEpic(body.inputs, product, referencePrice, {
      availableBalance: funds.free.toFixed(),
    });
    if (!checked.ok) throw insufficientFunds(money(unchecked.plan.fundsRequired), funds, checked.problems);
    const { plan } = checked;
    return {
      id,
      accountId: caller.id,
      coinId: coin.id,
      productId: plan.productId,
      status: 'pending',
      inputs: body.inputs,
      plan,
      position: createPosition(id, plan, product),
      budget: body.inputs.budget,
      dcaLevels: body.inputs.dcaLevels,
    };
  });
  return publishEpicCreated(deps.bus, row, coin);
};
