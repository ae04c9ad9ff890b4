import type { TEpicInputs, TEpicPlanResult } from '@cdca/contracts';
import type { Product } from '@cdca/engine';
import { isExchangeError, type MoneyDecimal, money, planEpic } from '@cdca/engine';
import type { Exchange, ExchangeCredentials } from '@cdca/exchange';
import type { Db } from '../../db/client.ts';
import type { CoinRow } from '../coins/coin-dto.ts';
import type { CoinsRepository } from '../coins/coins.repository.ts';
import { coinNotFound } from '../coins/coins.service.ts';
import { keyCheckFailure } from '../exchange-keys/exchange-failure.ts';
import {
  commitmentsOf,
  type Funds,
  fundsAfterCommitments,
  type Queryable,
  readClaims,
} from './committed-funds.ts';

export type PlanDeps = {
  exchange: Exchange;
  coins: CoinsRepository;
  db: Db;
};

export type PlannedForCoin = { coin: CoinRow; product: Product; result: TEpicPlanResult };

export type PlanInputsForCoin = {
  coin: CoinRow;
  product: Product;
  referencePrice: string;
  /** USD free for a new epic: the balance minus what unfinished epics may still spend; undefined without a key. */
  availableBalance: string | undefined;
};

/** A venue that no longer knows the product is a coin we cannot trade; anything else is the venue's trouble. */
const marketFailure = (error: unknown): unknown =>
  isExchangeError(error, 'not-found') ? coinNotFound() : keyCheckFailure(error);

/** Whole USD (available plus held by resting orders): see Funds in committed-funds.ts for why the hold counts. */
export const usdBalance = async (
  exchange: Exchange,
  credentials: ExchangeCredentials,
): Promise<MoneyDecimal> => {
  try {
    const balances = await exchange.account(credentials).getBalances();
    const usd = balances.find((balance) => balance.currency === 'USD');
    return usd ? money(usd.available).plus(usd.hold) : money(0);
  } catch (error) {
    throw keyCheckFailure(error);
  }
};

/** The caller's account and key, when it has one: then the plan is checked against its free funds. */
export type Funding = { accountId: string; credentials: ExchangeCredentials };

/** The balance after what the account's unfinished epics may still spend (docs/decisions/committed-funds.md). */
export const freeFunds = async (
  exchange: Exchange,
  db: Queryable,
  { accountId, credentials }: Funding,
): Promise<Funds> => {
  // Claims first, balance second: a fill booked in between lowers the balance but not the claim as read, which
  // can only understate the free funds, never overstate them.
  const claims = await readClaims(db, accountId);
  return fundsAfterCommitments(await usdBalance(exchange, credentials), commitmentsOf(claims));
};

/**
 * What the plan for this coin is computed from, exactly as the engine will trade it: the product's live rules, the
 * best ask as reference price (docs/decisions/epic-maths.md), and — when the trader has a key — the USD not yet committed to their
 * unfinished epics, so a budget above it is a problem here rather than an insufficient-funds warning later. The
 * browser's preview reads the same through GET /epics/plan-context. POST /epics checks again under a lock.
 */
export const planInputsForCoin = async (
  deps: PlanDeps,
  coinId: string,
  funding: Funding | undefined,
): Promise<PlanInputsForCoin> => {
  const { exchange, coins } = deps;
  const coin = await coins.findById(coinId);
  if (!coin) throw coinNotFound();
  let product: Product;
  let referencePrice: string;
  try {
    [product, referencePrice] = await Promise.all([
      exchange.market.getProduct(coin.symbol),
      exchange.market.getTicker(coin.symbol).then((ticker) => ticker.ask),
    ]);
  } catch (error) {
    throw marketFailure(error);
  }
  const availableBalance = funding ? (await freeFunds(exchange, deps.db, funding)).free.toFixed() : undefined;
  return { coin, product, referencePrice, availableBalance };
};

/** The plan for these inputs on this coin, from `planInputsForCoin`. */
export const planForCoin = async (
  deps: PlanDeps,
  coinId: string,
  inputs: TEpicInputs,
  funding: Funding | undefined,
): Promise<PlannedForCoin> => {
  const { coin, product, referencePrice, availableBalance } = await planInputsForCoin(deps, coinId, funding);
  const result = planEpic(inputs, product, referencePrice, availableBalance ? { availableBalance } : {});
  return { coin, product, result };
};
