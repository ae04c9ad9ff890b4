import type {
  TEpicDetail,
  TEpicFill,
  TEpicInputs,
  TEpicLevelState,
  TEpicOrder,
  TEpicPlan,
} from '@cdca/contracts';
import { money } from '@cdca/engine';
import { toEpicDto } from './epic-dto.ts';
import type { EpicFillRow, EpicOrderRow, EpicWithCoin } from './epics.repository.ts';
import { plainDecimal, plainDecimalOrNull } from './plain-decimal.ts';

export const toEpicOrderDto = (row: EpicOrderRow): TEpicOrder => ({
  id: row.id,
  clientOrderId: row.clientOrderId,
  exchangeOrderId: row.exchangeOrderId,
  purpose: row.purpose,
  level: row.level,
  side: row.side,
  type: row.type,
  baseSize: plainDecimalOrNull(row.baseSize),
  quoteSize: plainDecimalOrNull(row.quoteSize),
  limitPrice: plainDecimalOrNull(row.limitPrice),
  postOnly: row.postOnly === 'true',
  status: row.status,
  filledSize: plainDecimal(row.filledSize),
  failureReason: row.failureReason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toEpicFillDto = (row: EpicFillRow): TEpicFill => ({
  tradeId: row.tradeId,
  clientOrderId: row.clientOrderId,
  exchangeOrderId: row.exchangeOrderId,
  side: row.side,
  price: plainDecimal(row.price),
  size: plainDecimal(row.size),
  fee: plainDecimal(row.fee),
  liquidity: row.liquidity,
  filledAt: row.filledAt.toISOString(),
});

/**
 * Each planned level with where its buy stands: the status of its latest buy order ('planned' before the engine
 * wrote one) and what all its buy orders filled together (a replaced order's partial fill still counts).
 */
const levelStates = (plan: TEpicPlan, orders: EpicOrderRow[]): TEpicLevelState[] =>
  plan.levels.map((level) => {
    const buys = orders.filter((order) => order.purpose === 'buy' && order.level === level.level);
    const filled = buys.reduce((sum, order) => sum.plus(money(order.filledSize)), money(0));
    return {
      level: level.level,
      price: level.price,
      quote: level.quote,
      baseSize: level.baseSize,
      placement: level.placement,
      orderStatus: buys.at(-1)?.status ?? 'planned',
      filledSize: filled.toFixed(),
    };
  });

export const toEpicDetailDto = (
  { epic, coin }: EpicWithCoin,
  orders: EpicOrderRow[],
  fills: EpicFillRow[],
): TEpicDetail => {
  // Validated by the contracts' schemas before they were stored, and only this server writes them.
  const plan = epic.plan as TEpicPlan;
  return {
    ...toEpicDto(epic, coin),
    inputs: epic.inputs as TEpicInputs,
    plan,
    levels: levelStates(plan, orders),
    orders: orders.map(toEpicOrderDto),
    fills: fills.map(toEpicFillDto),
  };
};
