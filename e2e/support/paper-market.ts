import { expect, type Page } from '@playwright/test';
import { apiAs } from './session.ts';

/** The settings of an epic as POST /api/v1/epics takes them. */
export type EpicInputs = {
  budget: string;
  dcaLevels: number;
  scaling: string;
  load: string;
  direction: string;
  buySpread: string;
  sellSpread: string;
  stopSpread: string | null;
};

/** The ladder the journeys trade when its shape does not matter: $400 over four quadratic levels below the price. */
export const FOUR_LEVEL_LADDER = {
  budget: '400.00',
  dcaLevels: 4,
  scaling: 'quadratic',
  load: 'back',
  direction: 'below',
  buySpread: '5',
  sellSpread: '3',
  stopSpread: null,
} as const satisfies EpicInputs;

/** Sets the paper price of a product once; the random walk goes on from there (owner only). */
export const setPaperPrice = (page: Page, baseUrl: string, symbol: string, price: string) =>
  apiAs(page, baseUrl, `/api/v1/paper/products/${symbol}/price`, { method: 'POST', body: { price } });

/** Holds the paper price at `price` (a two-step script whose steps last ten minutes): no drift mid-assertion. */
export const holdPaperPrice = (page: Page, baseUrl: string, symbol: string, price: string) =>
  apiAs(page, baseUrl, `/api/v1/paper/products/${symbol}/script`, {
    method: 'POST',
    body: { prices: [price, price], stepMs: 600_000 },
  });

/** The catalogue id of a product (e.g. SOL-USD), found by searching for its base currency. */
export const coinIdOf = async (page: Page, baseUrl: string, symbol: string) => {
  const base = symbol.split('-')[0] ?? symbol;
  const coins = (await apiAs(page, baseUrl, `/api/v1/coins?search=${base}`)) as {
    coins: { id: string; symbol: string }[];
  };
  const coinId = coins.coins.find((coin) => coin.symbol === symbol)?.id ?? '';
  expect(coinId).not.toBe('');
  return coinId;
};

/** Starts an epic through the API, as the signed-in trader. */
export const createEpic = async <T>(page: Page, baseUrl: string, coinId: string, inputs: EpicInputs) =>
  (await apiAs(page, baseUrl, '/api/v1/epics', { method: 'POST', body: { coinId, inputs } })) as T;

/** A price that is a whole number of the product's increments. */
export const onIncrement = (value: number, increment: string): string => {
  const decimals = increment.includes('.') ? (increment.split('.')[1]?.length ?? 0) : 0;
  const step = Number(increment);
  return (Math.round(value / step) * step).toFixed(decimals);
};
