import type { Fill } from '@cdca/engine';
import { Decimal } from 'decimal.js';
import type { TWireFill } from './wire.ts';

// Enough digits that base = quote / price keeps every significant digit Coinbase could send.
const Precise = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN });

export const toFill = (wire: TWireFill, clientOrderId: string): Fill => ({
  tradeId: wire.trade_id,
  orderId: wire.order_id,
  clientOrderId,
  productId: wire.product_id,
  side: wire.side === 'BUY' ? 'buy' : 'sell',
  price: wire.price,
  // size_in_quote: the fill of a market order by quote size reports its size in quote units.
  size: wire.size_in_quote ? new Precise(wire.size).div(wire.price).toFixed() : wire.size,
  fee: wire.commission,
  liquidity: wire.liquidity_indicator === 'MAKER' ? 'maker' : 'taker',
  time: new Date(wire.trade_time),
});
