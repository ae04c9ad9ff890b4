import type { TEpicInputs } from '@cdca/contracts';
import type { Product } from '../market/product.ts';

/** A SOL-USD-like product with round increments so worked examples can be checked by hand. Tests only. */
export const productFixture = (overrides: Partial<Product> = {}): Product => ({
  id: 'SOL-USD',
  baseCurrency: 'SOL',
  quoteCurrency: 'USD',
  baseName: 'Solana',
  baseIncrement: '0.001',
  quoteIncrement: '0.01',
  priceIncrement: '0.01',
  baseMinSize: '0.001',
  baseMaxSize: '100000',
  quoteMinSize: '1',
  quoteMaxSize: '10000000',
  status: 'online',
  tradingDisabled: false,
  cancelOnly: false,
  limitOnly: false,
  postOnly: false,
  price: '100.00',
  priceChange24h: '0',
  volume24h: '0',
  ...overrides,
});

export const inputsFixture = (overrides: Partial<TEpicInputs> = {}): TEpicInputs => ({
  budget: '1000.00',
  dcaLevels: 3,
  scaling: 'quadratic',
  load: 'back',
  direction: 'below',
  buySpread: '10',
  sellSpread: '5',
  stopSpread: '10',
  ...overrides,
});
