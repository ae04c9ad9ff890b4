import type { TEpicInputs, TEpicPlanResult } from '@cdca/contracts/epic-plan.ts';
import { planEpic } from '@cdca/engine/plan/plan-epic.ts';
import type { Exchange, ExchangeCredentials, Product } from '@cdca/exchange/exchange.ts';
import { isExchangeError } from '@cdca/exchange/exchange-error.ts';
import type { CoinRow } from '../coins/coin-dto.ts';
import type { CoinsRepository } from '../coins/coins.repository.ts';
import { coinNotFound } from '../coins/coins.service.ts';
import { keyCheckFailure } from '../exchange-keys/exchange-failure.ts';

export type PlanDeps = {
  exchange: Exchange;
  coins: CoinsRepository;
};

export type PlannedForCoin = { coin: CoinRow; product: Product; result: TEpicPlanResult };

export type PlanInputsForCoin = {
  coin: CoinRow;
  product: Product;
  referencePrice: string;
  availableBalance: string | undefined;
};

/** A venue that no longer knows the product is a coin we cannot trade; anything else is the venue's trouble. */
const marketFailure = (error: unknown): unknown =>
  isExchangeError(error, 'not-found') ? coinNotFound() : keyCheckFailure(error);

const usdAvailable = async (exchange: Exchange, credentials: ExchangeCredentials): Promise<string> => {
  try {
    const balances = await exchange.account(credentials).getBalances();
    return balances.find((balance) => balance.currency === 'USD')?.available ?? '0';
  } catch (error) {
    throw keyCheckFailure(error);
  }
};

/**
 * What the plan for this coin is computed from, exactly as the engine will trade it: the product's live rules, the
 * best ask as reference price (DESIGN.md §5), and — when the trader has a key — their available USD, so a budget
 * above the balance is a problem here rather than an insufficient-funds warning later. The browser's preview
 * reads the same through GET /epics/plan-context.
 */
export const planInputsForCoin = async (
  { exchange, coins }: PlanDeps,
  coinId: string,
  credentials: ExchangeCredentials | undefined,
): Promise<PlanInputsForCoin> => {
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
  const availableBalance = credentials ? await usdAvailable(exchange, credentials) : undefined;
  return { coin, product, referencePrice, availableBalance };
};

/** The plan for these inputs on this coin, from `planInputsForCoin`. */
export const planForCoin = async (
  deps: PlanDeps,
  coinId: string,
  inputs: TEpicInputs,
  credentials: ExchangeCredentials | undefined,
): Promise<PlannedForCoin> => {
  const { coin, product, referencePrice, availableBalance } = await planInputsForCoin(
    deps,
    coinId,
    credentials,
  );
  const result = planEpic(inputs, product, referencePrice, availableBalance ? { availableBalance } : {});
  return { coin, product, result };
};
