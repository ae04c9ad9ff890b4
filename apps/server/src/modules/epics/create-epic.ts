import { randomUUID } from 'node:crypto';
import type { TCreateEpicBody, TEpic } from '@cdca/contracts/epics.ts';
import { createPosition } from '@cdca/engine/position/position.ts';
import type { ExchangeCredentials } from '@cdca/exchange/exchange.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import { accountNotActive, epicPlanInvalid, exchangeKeyRequired } from './epic-errors.ts';
import { publishEpicCreated } from './epic-events.ts';
import type { EpicsRepository } from './epics.repository.ts';
import { type PlanDeps, planForCoin } from './plan-for-coin.ts';

type Deps = PlanDeps & {
  bus: EventBus;
  repository: EpicsRepository;
  credentialsFor: (accountId: string) => Promise<ExchangeCredentials | undefined>;
};

/**
 * POST /epics: validated by the same planEpic as the preview, saved pending with its plan and an initial position
 * (nothing is on the exchange yet; the engine picks it up), and announced to the owner as epic.created.
 */
export const createEpic = async (deps: Deps, caller: AccountRow, body: TCreateEpicBody): Promise<TEpic> => {
  // An inactive account gets no new orders (issue #4), so it gets no new epics either.
  if (caller.status !== 'active') throw accountNotActive(caller.status);
  const credentials = await deps.credentialsFor(caller.id);
  if (!credentials) throw exchangeKeyRequired();
  const { coin, product, result } = await planForCoin(deps, body.coinId, body.inputs, credentials);
  if (!result.ok) throw epicPlanInvalid(result.problems);

  const { plan } = result;
  // The id is chosen here so the position's client order ids (which embed it) are fixed before the row exists.
  const id = randomUUID();
  const row = await deps.repository.insert({
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
  });
  return publishEpicCreated(deps.bus, row, coin);
};
