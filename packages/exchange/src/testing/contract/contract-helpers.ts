import { type ExchangeErrorKind, isExchangeError } from '@cdca/engine';
import { Decimal } from 'decimal.js';
import { expect } from 'vitest';
import type { Balance, ExchangeAccount } from '../../exchange.ts';

/** Adapters over a network deliver fills and events a little later than the call that caused them. */
export const eventually = async <T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 5_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export const expectExchangeError = async (promise: Promise<unknown>, kind: ExchangeErrorKind) => {
  try {
    await promise;
  } catch (error) {
    if (isExchangeError(error, kind)) return error;
    throw new Error(`expected ExchangeError ${kind}, got ${String(error)}`, { cause: error });
  }
  throw new Error(`expected ExchangeError ${kind}, but the call succeeded`);
};

export const balanceOf = async (account: ExchangeAccount, currency: string): Promise<Balance> => {
  const balances = await account.getBalances();
  return balances.find((b) => b.currency === currency) ?? { currency, available: '0', hold: '0' };
};

export const sum = (values: readonly string[]) => values.reduce((total, v) => total.add(v), new Decimal(0));

export const expectDecimal = (actual: string | Decimal, expected: string | Decimal) => {
  expect(new Decimal(actual).toString()).toBe(new Decimal(expected).toString());
};

let counter = 0;
/** Client order ids unique across test runs, so a venue that remembers ids never returns an old order. */
export const newClientOrderId = () => `contract-${Date.now().toString(36)}-${(counter++).toString(36)}`;
