import type { TEpicPlan } from '@cdca/contracts';
import type { LimitOrderRequest, MarketOrderRequest } from '../market/order.ts';
import type { Product } from '../market/product.ts';
import { money } from '../money/money-decimal.ts';
import { clientOrderId, type OrderPurpose } from './client-order-id.ts';

/**
 * An epic's position as plain data (decimal strings), so it stores as JSON and replays identically. Changed only
 * by the pure functions beside it, which return a new position and the intents the engine should carry out.
 */
export type PositionOrder = {
  clientOrderId: string;
  purpose: OrderPurpose;
  /**
   * 1-based DCA level for buys; for take-profits and liquidations the part number (0 = the first) of a sell
   * split to fit the venue's maximums (docs/decisions/sells-fit-the-venue.md).
   */
  level: number;
  attempt: number;
  side: 'buy' | 'sell';
  baseSize: string;
  /** null for market orders. */
  limitPrice: string | null;
  filledSize: string;
  /** A cancel was asked for, or the order filled: it is no longer the live one. */
  retired: boolean;
};

export type PositionLevel = { level: number; price: string; baseSize: string; filledSize: string };

/** A decimal text with a non-zero digit before anything else but digits and a point: a number above zero. */
const ABOVE_ZERO = /^[\d.]*[1-9]/;

/**
 * Whether an order or a level has filled its whole size. Asked many times on every pass of every working epic, where
 * the answer is almost always in the text: the same text once it has filled, '0' filled of a size above zero while
 * it waits. Decimals are parsed only for the rest (a partial fill).
 */
export const filledInFull = ({
  filledSize,
  baseSize,
}: Pick<PositionLevel, 'filledSize' | 'baseSize'>): boolean => {
  if (filledSize === baseSize) return true;
  if (filledSize === '0' && ABOVE_ZERO.test(baseSize)) return false;
  return money(filledSize).gte(baseSize);
};

export type Position = {
  epicId: string;
  productId: string;
  rules: {
    baseIncrement: string;
    priceIncrement: string;
    baseMinSize: string;
    quoteMinSize: string;
    /** Absent on positions stored before sells were split: read as no maximum. */
    baseMaxSize?: string;
    quoteMaxSize?: string;
  };
  sellSpread: string;
  /** The plan's sell fee rate, for the take-profit's break-even floor; absent on older positions (taker rate). */
  sellFeeRate?: string;
  levels: PositionLevel[];
  orders: Record<string, PositionOrder>;
  /** clientOrderIds of the live take-profit's orders (several when split to fit the venue), empty if none. */
  takeProfitIds: string[];
  /** Take-profits placed so far: the next one's attempt number, so every replacement gets a fresh id. */
  takeProfitCount: number;
  boughtBase: string;
  heldBase: string;
  /** Bought value plus buy fees. */
  quoteSpent: string;
  buyFees: string;
  soldBase: string;
  /** Sell value before fees. */
  proceeds: string;
  sellFees: string;
  appliedTradeIds: string[];
  /** Set once the take-profit or a liquidation has sold the position. */
  finishedBy: 'take-profit' | 'liquidation' | null;
};

/** The part of a position an epic's figures (average, take-profit, held, budget used) are worked out from. */
export type PositionFigures = Pick<
  Position,
  'sellSpread' | 'sellFeeRate' | 'boughtBase' | 'heldBase' | 'quoteSpent' | 'buyFees' | 'finishedBy'
> & { rules: Pick<Position['rules'], 'priceIncrement'> };

export type Intent =
  | { type: 'place-order'; order: PositionOrder; request: LimitOrderRequest | MarketOrderRequest }
  | {
      type: 'cancel-order';
      clientOrderId: string;
      reason: 'replace-take-profit' | 'position-sold' | 'liquidate';
    }
  | { type: 'arm-trigger'; level: number; price: string; clientOrderId: string }
  | { type: 'disarm-triggers' };

/** The one intent that sends an order to the venue. */
export type PlaceIntent = Extract<Intent, { type: 'place-order' }>;

/** The position of a freshly planned epic: every level's buy order registered, nothing filled. */
export const createPosition = (epicId: string, plan: TEpicPlan, product: Product): Position => {
  const orders: Record<string, PositionOrder> = {};
  for (const level of plan.levels) {
    const id = clientOrderId(epicId, 'buy', level.level, 0);
    orders[id] = {
      clientOrderId: id,
      purpose: 'buy',
      level: level.level,
      attempt: 0,
      side: 'buy',
      baseSize: level.baseSize,
      // Level 1's marketable limit sits at its slippage cap (docs/decisions/marketable-first-level.md).
      limitPrice: level.limitPrice ?? level.price,
      filledSize: '0',
      retired: false,
    };
  }
  return {
    epicId,
    productId: plan.productId,
    rules: {
      baseIncrement: product.baseIncrement,
      priceIncrement: product.priceIncrement,
      baseMinSize: product.baseMinSize,
      quoteMinSize: product.quoteMinSize,
      baseMaxSize: product.baseMaxSize,
      quoteMaxSize: product.quoteMaxSize,
    },
    sellSpread: plan.inputs.sellSpread,
    sellFeeRate: plan.sellFeeRate,
    levels: plan.levels.map((l) => ({
      level: l.level,
      price: l.price,
      baseSize: l.baseSize,
      filledSize: '0',
    })),
    orders,
    takeProfitIds: [],
    takeProfitCount: 0,
    boughtBase: '0',
    heldBase: '0',
    quoteSpent: '0',
    buyFees: '0',
    soldBase: '0',
    proceeds: '0',
    sellFees: '0',
    appliedTradeIds: [],
    finishedBy: null,
  };
};

export type StoredPosition = Omit<Position, 'takeProfitIds'> & {
  takeProfitIds?: string[];
  takeProfitId?: string | null;
};

/** A stored position in today's shape: positions saved before split sells held one `takeProfitId`. */
export const normalisePosition = ({ takeProfitIds, takeProfitId, ...rest }: StoredPosition): Position => ({
  ...rest,
  takeProfitIds: takeProfitIds ?? (takeProfitId ? [takeProfitId] : []),
});
