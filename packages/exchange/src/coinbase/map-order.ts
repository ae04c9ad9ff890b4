import type { Order, OrderRequest, OrderStatus } from '@cdca/engine';
import { orZero } from './map-product.ts';
import type { TOrderConfiguration, TWireOrder } from './wire.ts';

// PENDING/QUEUED/*_QUEUED are live orders not yet (or no longer only) on the book; ccxt leaves them unmapped,
// we count them as open so the engine keeps watching them.
const STATUS: Record<string, OrderStatus> = {
  PENDING: 'open',
  OPEN: 'open',
  QUEUED: 'open',
  EDIT_QUEUED: 'open',
  CANCEL_QUEUED: 'open',
  UNKNOWN_ORDER_STATUS: 'open',
  FILLED: 'filled',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
  FAILED: 'failed',
};

export const toOrderStatus = (status: string): OrderStatus => STATUS[status] ?? 'open';

type Shape = Pick<Order, 'type' | 'baseSize' | 'quoteSize' | 'limitPrice' | 'postOnly'>;

const shapeOf = (config: TOrderConfiguration): Shape => {
  const limit =
    config.limit_limit_gtc ?? config.limit_limit_gtd ?? config.limit_limit_fok ?? config.sor_limit_ioc;
  if (limit) {
    return {
      type: 'limit',
      baseSize: limit.base_size,
      quoteSize: null,
      limitPrice: limit.limit_price,
      postOnly: Boolean(limit.post_only),
    };
  }
  const market = config.market_market_ioc;
  return {
    type: 'market',
    baseSize: market?.base_size || null,
    quoteSize: market?.quote_size || null,
    limitPrice: null,
    postOnly: false,
  };
};

export const toOrder = (wire: TWireOrder): Order => {
  const status = toOrderStatus(wire.status);
  return {
    id: wire.order_id,
    clientOrderId: wire.client_order_id,
    productId: wire.product_id,
    side: wire.side === 'BUY' ? 'buy' : 'sell',
    ...shapeOf(wire.order_configuration),
    status,
    filledSize: orZero(wire.filled_size),
    filledValue: orZero(wire.filled_value),
    averageFilledPrice: orZero(wire.average_filled_price),
    totalFees: orZero(wire.total_fees),
    createdAt: new Date(wire.created_time),
    // REST orders carry no completion time; the last fill is the best the venue tells us.
    doneAt: status === 'open' ? null : new Date(wire.last_fill_time || wire.created_time),
  };
};

/** Our request as the POST /orders body. Snake_case on the wire; the TS sample SDK's camelCase types are wrong. */
export const toCreateOrderBody = (request: OrderRequest) => {
  const order_configuration: TOrderConfiguration =
    request.type === 'limit'
      ? {
          limit_limit_gtc: {
            base_size: request.baseSize,
            limit_price: request.limitPrice,
            post_only: request.postOnly,
          },
        }
      : {
          market_market_ioc:
            request.quoteSize !== undefined
              ? { quote_size: request.quoteSize }
              : { base_size: request.baseSize },
        };
  return {
    client_order_id: request.clientOrderId,
    product_id: request.productId,
    side: request.side === 'buy' ? 'BUY' : 'SELL',
    order_configuration,
  };
};
