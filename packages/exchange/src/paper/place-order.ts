import { randomUUID } from 'node:crypto';
import type { CatalogueEntry, OrderRequest } from '@cdca/engine';
import { ExchangeError } from '@cdca/engine';
import type { Decimal } from 'decimal.js';
import type { Ledger } from './ledger.ts';
import { applyFill, type FeeRates } from './matching.ts';
import { validateOrder } from './order-validation.ts';
import { dec, feeOf, floorTo, str } from './paper-decimal.ts';
import type { OrderRecord } from './paper-records.ts';
import { type ProductState, quoteOf } from './product-state.ts';

const QUOTE = 'USD';

/**
 * Places an order inside a ledger: validates, holds funds, and for takers (market orders, marketable limits)
 * fills at once at the touch. Resting limits fill later, on ticks that cross them.
 */
export const placeOrder = (
  ledger: Ledger,
  context: { portfolioId: string; state: ProductState; entry: CatalogueEntry; fees: FeeRates; now: Date },
  request: OrderRequest,
): OrderRecord => {
  const { portfolioId, state, entry, fees, now } = context;
  const { bid, ask } = quoteOf(state, entry);
  const touch = request.side === 'buy' ? ask : bid;
  const order = validateOrder(request, state, entry, touch);
  const crosses =
    order.kind !== 'limit' ||
    (request.side === 'buy' ? order.limitPrice.gte(ask) : order.limitPrice.lte(bid));
  if (order.kind === 'limit' && order.postOnly && crosses) {
    throw new ExchangeError(
      'post-only-would-cross',
      `post-only ${request.side} at ${str(order.limitPrice)} would take liquidity (bid ${str(bid)}, ask ${str(ask)})`,
    );
  }
  // Market by quote spends the quote including fees, as Coinbase's size_inclusive_of_fees; paper buys whole base increments.
  const size: Decimal =
    order.kind === 'market-quote'
      ? floorTo(
          request.side === 'buy'
            ? order.quoteSize.div(dec(1).add(fees.taker)).div(ask)
            : order.quoteSize.div(bid),
          entry.baseIncrement,
        )
      : order.size;
  if (size.lte(0))
    throw new ExchangeError('below-minimum', `quoteSize buys less than baseIncrement ${entry.baseIncrement}`);
  const base = entry.base;
  let holdCurrency = base;
  let holdAmount = size;
  if (request.side === 'buy') {
    holdCurrency = QUOTE;
    if (order.kind === 'market-quote') holdAmount = order.quoteSize;
    else {
      const price = order.kind === 'limit' ? order.limitPrice : ask;
      const notional = size.mul(price);
      const rate = order.kind === 'limit' && order.postOnly ? fees.maker : fees.taker;
      holdAmount = notional.add(feeOf(notional, rate));
    }
  }
  const available = dec(ledger.balance(portfolioId, holdCurrency).available);
  if (available.lt(holdAmount)) {
    throw new ExchangeError(
      'insufficient-funds',
      `needs ${str(holdAmount)} ${holdCurrency} available, has ${str(available)}`,
    );
  }
  ledger.adjust(portfolioId, holdCurrency, { available: holdAmount.neg(), hold: holdAmount });
  const record: OrderRecord = {
    id: randomUUID(),
    portfolioId,
    clientOrderId: request.clientOrderId,
    productId: state.id,
    side: request.side,
    type: request.type,
    status: 'open',
    baseSize: order.kind === 'market-quote' ? null : str(order.size),
    quoteSize: order.kind === 'market-quote' ? str(order.quoteSize) : null,
    limitPrice: order.kind === 'limit' ? str(order.limitPrice) : null,
    postOnly: order.kind === 'limit' && order.postOnly,
    filledSize: '0',
    filledValue: '0',
    totalFees: '0',
    holdCurrency,
    holdAmount: str(holdAmount),
    createdAt: now,
    doneAt: null,
  };
  ledger.putOrder(record);
  if (!crosses) return record;
  return applyFill(ledger, record, {
    size,
    price: touch,
    liquidity: 'taker',
    rate: fees.taker,
    time: now,
    quote: QUOTE,
  });
};
