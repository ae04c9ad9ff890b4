import type { OrderRequest } from '@cdca/engine';
import { type CatalogueEntry, ExchangeError, QUOTE_MAX_SIZE, QUOTE_MIN_SIZE } from '@cdca/engine';
import type { Decimal } from 'decimal.js';
import { isMultipleOf, parseDecimal } from './paper-decimal.ts';
import { isTradable, type ProductState } from './product-state.ts';

const invalid = (message: string) => new ExchangeError('invalid-order', message);

/** A positive decimal string on the given increment; the message names the field so a caller can fix it. */
export const amountField = (name: string, value: unknown, increment: string): Decimal => {
  const parsed = parseDecimal(value);
  if (!parsed || parsed.lte(0))
    throw invalid(`${name} must be a positive decimal string, got ${String(value)}`);
  if (!isMultipleOf(parsed, increment))
    throw invalid(`${name} ${String(value)} is not a multiple of ${increment}`);
  return parsed;
};

export type ValidatedOrder =
  | { kind: 'limit'; size: Decimal; limitPrice: Decimal; postOnly: boolean }
  | { kind: 'market-base'; size: Decimal }
  | { kind: 'market-quote'; quoteSize: Decimal };

/**
 * Checks in Coinbase's order: tradability, shape, increments (invalid-order), then size limits (below-minimum for
 * too small, invalid-order for too large). Funds and post-only crossing need the market and are checked later.
 */
export const validateOrder = (
  request: OrderRequest,
  state: ProductState,
  entry: CatalogueEntry,
  referencePrice: Decimal,
): ValidatedOrder => {
  if (!isTradable(state.availability)) {
    throw new ExchangeError(
      'product-unavailable',
      `${state.id} is not accepting new orders (${state.availability})`,
    );
  }
  if (
    typeof request.clientOrderId !== 'string' ||
    request.clientOrderId.length === 0 ||
    request.clientOrderId.length > 128
  ) {
    throw invalid('clientOrderId must be a non-empty string of at most 128 characters');
  }
  if (request.side !== 'buy' && request.side !== 'sell')
    throw invalid(`side must be buy or sell, got ${String(request.side)}`);
  let validated: ValidatedOrder;
  if (request.type === 'limit') {
    const size = amountField('baseSize', request.baseSize, entry.baseIncrement);
    const limitPrice = amountField('limitPrice', request.limitPrice, entry.priceIncrement);
    // A post-only product accepts limit orders only as makers, as Coinbase does.
    validated = {
      kind: 'limit',
      size,
      limitPrice,
      postOnly: request.postOnly === true || state.availability === 'post-only',
    };
  } else if (request.type === 'market') {
    if (state.availability !== 'online')
      throw invalid(`${state.id} accepts limit orders only (${state.availability})`);
    if ((request.baseSize === undefined) === (request.quoteSize === undefined)) {
      throw invalid('a market order needs exactly one of baseSize and quoteSize');
    }
    validated =
      request.baseSize !== undefined
        ? { kind: 'market-base', size: amountField('baseSize', request.baseSize, entry.baseIncrement) }
        : {
            kind: 'market-quote',
            quoteSize: amountField('quoteSize', request.quoteSize, entry.priceIncrement),
          };
  } else {
    throw invalid(`type must be limit or market`);
  }
  checkLimits(validated, entry, referencePrice);
  return validated;
};

const checkLimits = (order: ValidatedOrder, entry: CatalogueEntry, referencePrice: Decimal) => {
  if (order.kind !== 'market-quote') {
    if (order.size.lt(entry.baseIncrement)) {
      throw new ExchangeError(
        'below-minimum',
        `baseSize ${order.size} is below baseMinSize ${entry.baseIncrement}`,
      );
    }
    if (order.size.gt(entry.baseMaxSize))
      throw invalid(`baseSize ${order.size} is above baseMaxSize ${entry.baseMaxSize}`);
  }
  const value =
    order.kind === 'market-quote'
      ? order.quoteSize
      : order.size.mul(order.kind === 'limit' ? order.limitPrice : referencePrice);
  if (value.lt(QUOTE_MIN_SIZE)) {
    throw new ExchangeError(
      'below-minimum',
      `order value ${value} USD is below quoteMinSize ${QUOTE_MIN_SIZE}`,
    );
  }
  if (value.gt(QUOTE_MAX_SIZE))
    throw invalid(`order value ${value} USD is above quoteMaxSize ${QUOTE_MAX_SIZE}`);
};
