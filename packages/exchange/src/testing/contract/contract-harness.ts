import type { ProductAvailability } from '@cdca/engine';
import type { Exchange, ExchangeCredentials } from '../../exchange.ts';

export type KeyPermissionRequest = { canView: boolean; canTrade: boolean; canTransfer: boolean };

/**
 * What every adapter's test set-up provides. The venue underneath must:
 * - list BTC-USD (base increment 0.00000001, price increment 0.01, quote minimum 1) and LTC-USD;
 * - fill resting orders with at most 1,000 USD of liquidity per price update, so big orders fill partially;
 * - charge a non-zero taker fee in the quote currency.
 */
export type ExchangeContractHarness = {
  exchange: Exchange;
  /** A key for a fresh, empty-or-default portfolio with exactly these permissions. */
  mintKey: (permissions: KeyPermissionRequest) => Promise<ExchangeCredentials>;
  /** Credits the key's portfolio. */
  fund: (credentials: ExchangeCredentials, currency: string, amount: string) => Promise<void>;
  /** Moves the last price (bid/ask around it) and runs matching once, as one price update. */
  setPrice: (productId: string, price: string) => Promise<void>;
  setProductStatus: (productId: string, status: ProductAvailability) => Promise<void>;
  close: () => Promise<void>;
};
