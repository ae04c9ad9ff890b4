import { randomUUID } from 'node:crypto';
import type { CatalogueEntry } from '@cdca/engine';
import type { Decimal } from 'decimal.js';
import type { PriceTick } from '../exchange.ts';
import type { Ledger } from './ledger.ts';
import type { OrderBook } from './order-book.ts';
import { dec, feeOf, floorTo, str } from './paper-decimal.ts';
import type { OrderRecord } from './paper-records.ts';

export type FeeRates = { maker: string; taker: string };

/** Ends an order and gives back whatever it still holds. */
export const finishOrder = (
  ledger: Ledger,
  order: OrderRecord,
  status: OrderRecord['status'],
  time: Date,
) => {
  const held = dec(order.holdAmount);
  if (!held.isZero())
    ledger.adjust(order.portfolioId, order.holdCurrency, { available: held, hold: held.neg() });
  const done: OrderRecord = { ...order, status, holdAmount: '0', doneAt: time };
  ledger.putOrder(done);
  return done;
};

/**
 * Books one fill: the order's totals, the fee and both balances. Fees telescope — each fill pays the fee on the
 * order's new filled value minus the fee on its old one — so an order's fees equal one fee on its whole value
 * however it was split, and a buy never spends more than it held.
 */
export const applyFill = (
  ledger: Ledger,
  order: OrderRecord,
  fill: {
    size: Decimal;
    price: Decimal;
    liquidity: 'maker' | 'taker';
    rate: string;
    time: Date;
    quote: string;
  },
) => {
  const notional = fill.size.mul(fill.price);
  const before = dec(order.filledValue);
  const after = before.add(notional);
  const fee = feeOf(after, fill.rate).sub(feeOf(before, fill.rate));
  const base = order.productId.split('-')[0] ?? '';
  let holdAmount = dec(order.holdAmount);
  if (order.side === 'buy') {
    const cost = notional.add(fee);
    const fromHold = cost.gt(holdAmount) ? holdAmount : cost;
    ledger.adjust(order.portfolioId, fill.quote, { hold: fromHold.neg(), available: fromHold.sub(cost) });
    ledger.adjust(order.portfolioId, base, { available: fill.size });
    holdAmount = holdAmount.sub(fromHold);
  } else {
    ledger.adjust(order.portfolioId, base, { hold: fill.size.neg() });
    ledger.adjust(order.portfolioId, fill.quote, { available: notional.sub(fee) });
    holdAmount = holdAmount.sub(fill.size);
  }
  const filledSize = dec(order.filledSize).add(fill.size);
  const updated: OrderRecord = {
    ...order,
    filledSize: str(filledSize),
    filledValue: str(after),
    totalFees: str(dec(order.totalFees).add(fee)),
    holdAmount: str(holdAmount),
  };
  ledger.putOrder(updated);
  ledger.addFill({
    tradeId: randomUUID(),
    orderId: order.id,
    clientOrderId: order.clientOrderId,
    portfolioId: order.portfolioId,
    productId: order.productId,
    side: order.side,
    price: str(fill.price),
    size: str(fill.size),
    fee: str(fee),
    liquidity: fill.liquidity,
    time: fill.time,
  });
  const complete = order.type === 'market' || (order.baseSize !== null && filledSize.gte(order.baseSize));
  return complete ? finishOrder(ledger, updated, 'filled', fill.time) : updated;
};

/**
 * Fills resting orders a tick crosses, best price first, at their limit price (maker), until the tick's
 * simulated liquidity (in quote currency, per side) runs out; the rest waits for the next tick.
 */
export const matchTick = (
  ledger: Ledger,
  book: OrderBook,
  entry: CatalogueEntry,
  tick: PriceTick,
  options: { fees: FeeRates; liquidityPerTick: Decimal },
) => {
  let filled = dec(0);
  for (const side of ['buy', 'sell'] as const) {
    let liquidity = options.liquidityPerTick;
    for (const orderId of book.crossed(side, dec(side === 'buy' ? tick.ask : tick.bid))) {
      const order = ledger.order(orderId);
      if (order?.status !== 'open' || !order.limitPrice || !order.baseSize) continue;
      const price = dec(order.limitPrice);
      const remaining = dec(order.baseSize).sub(order.filledSize);
      const affordable = floorTo(liquidity.div(price), entry.baseIncrement);
      const size = remaining.lt(affordable) ? remaining : affordable;
      if (size.lte(0)) break;
      applyFill(ledger, order, {
        size,
        price,
        liquidity: 'maker',
        rate: options.fees.maker,
        time: tick.time,
        quote: 'USD',
      });
      liquidity = liquidity.sub(size.mul(price));
      filled = filled.add(size);
    }
  }
  return filled;
};
