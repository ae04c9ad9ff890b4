import type { Fill, Order } from '@cdca/engine';
import type { Balance } from '../exchange.ts';
import { dec, str } from './paper-decimal.ts';

/** What the venue stores: plain records with decimal strings, one shape in memory and in every store. */
export type PortfolioRecord = { id: string; name: string; createdAt: Date };

export type KeyRecord = {
  keyName: string;
  portfolioId: string;
  /** SPKI PEM of the key's public half; the private key is handed out once and never stored. */
  publicKey: string;
  canView: boolean;
  canTrade: boolean;
  canTransfer: boolean;
  revokedAt: Date | null;
  createdAt: Date;
};

export type BalanceRecord = Balance & { portfolioId: string };

/** An order as the port shows it (its average price is derived), plus whose it is and what it holds. */
export type OrderRecord = Omit<Order, 'averageFilledPrice'> & {
  portfolioId: string;
  /** What is still held for this order, in `holdCurrency`; released when the order is done. */
  holdCurrency: string;
  holdAmount: string;
};

export type FillRecord = Fill & { portfolioId: string; sequence: number };

export const balanceKey = (portfolioId: string, currency: string) => `${portfolioId}/${currency}`;

export const toOrder = (record: OrderRecord): Order => {
  const filled = dec(record.filledSize);
  return {
    id: record.id,
    clientOrderId: record.clientOrderId,
    productId: record.productId,
    side: record.side,
    type: record.type,
    status: record.status,
    baseSize: record.baseSize,
    quoteSize: record.quoteSize,
    limitPrice: record.limitPrice,
    postOnly: record.postOnly,
    filledSize: record.filledSize,
    filledValue: record.filledValue,
    averageFilledPrice: filled.isZero() ? '0' : str(dec(record.filledValue).div(filled).toDecimalPlaces(18)),
    totalFees: record.totalFees,
    createdAt: new Date(record.createdAt),
    doneAt: record.doneAt ? new Date(record.doneAt) : null,
  };
};

export const toFill = ({ portfolioId: _portfolio, sequence: _sequence, ...fill }: FillRecord): Fill => ({
  ...fill,
  time: new Date(fill.time),
});
