import type { OrderRequest } from '@cdca/engine';
import { money } from '@cdca/engine';
import type { OrderRow } from '../store/epic-rows.ts';

/** What to send for a row: the row is the record of what was decided, so a re-send is always identical. */
export const requestOf = (row: OrderRow, productId: string): OrderRequest => {
  if (row.type === 'limit') {
    return {
      type: 'limit',
      clientOrderId: row.clientOrderId,
      productId,
      side: row.side,
      baseSize: money(row.baseSize ?? '0').toFixed(),
      limitPrice: money(row.limitPrice ?? '0').toFixed(),
      postOnly: row.postOnly === 'true',
    };
  }
  return {
    type: 'market',
    clientOrderId: row.clientOrderId,
    productId,
    side: row.side,
    baseSize: money(row.baseSize ?? '0').toFixed(),
  };
};
