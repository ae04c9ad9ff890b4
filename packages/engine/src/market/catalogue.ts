import type { Product, ProductAvailability } from './product.ts';

/**
 * The products we know (the paper venue lists them; the academy and the tests use their rules): real Coinbase USD pairs with Coinbase's increments and minimums (as listed by
 * GET /market/products; minimums change over time, these are the recent values), plausible prices and
 * 24 h volumes. `dailyVolatility` is the standard deviation of a day's log return that the walk aims for.
 */
export type CatalogueEntry = {
  base: string;
  baseName: string;
  baseIncrement: string;
  priceIncrement: string;
  baseMaxSize: string;
  startPrice: string;
  dailyVolatility: number;
  /** Typical 24 h traded value in USD, for simulated volume. */
  volumeUsd24h: number;
  /** Half the quoted spread, in basis points of the price. */
  halfSpreadBps: number;
};

const e = (
  base: string,
  baseName: string,
  baseIncrement: string,
  priceIncrement: string,
  baseMaxSize: string,
  startPrice: string,
  dailyVolatility: number,
  volumeUsd24h: number,
  halfSpreadBps: number,
): CatalogueEntry => ({
  base,
  baseName,
  baseIncrement,
  priceIncrement,
  baseMaxSize,
  startPrice,
  dailyVolatility,
  volumeUsd24h,
  halfSpreadBps,
});

export const CATALOGUE: readonly CatalogueEntry[] = [
  e('BTC', 'Bitcoin', '0.00000001', '0.01', '3400', '97250.00', 0.025, 1_400_000_000, 0.5),
  e('ETH', 'Ethereum', '0.00000001', '0.01', '28000', '3420.00', 0.035, 800_000_000, 0.8),
  e('SOL', 'Solana', '0.00000001', '0.01', '180000', '186.40', 0.05, 450_000_000, 1),
  e('XRP', 'XRP', '0.000001', '0.0001', '5000000', '2.3150', 0.05, 300_000_000, 2),
  e('ADA', 'Cardano', '0.00000001', '0.0001', '3000000', '0.7120', 0.055, 60_000_000, 3),
  e('DOGE', 'Dogecoin', '0.1', '0.00001', '30000000', '0.18240', 0.06, 120_000_000, 3),
  e('AVAX', 'Avalanche', '0.00000001', '0.01', '120000', '25.34', 0.06, 40_000_000, 4),
  e('LINK', 'Chainlink', '0.01', '0.001', '350000', '16.482', 0.055, 45_000_000, 3),
  e('DOT', 'Polkadot', '0.00000001', '0.001', '500000', '4.512', 0.055, 15_000_000, 5),
  e('LTC', 'Litecoin', '0.00000001', '0.01', '70000', '92.15', 0.045, 35_000_000, 3),
  e('BCH', 'Bitcoin Cash', '0.00000001', '0.01', '12000', '452.30', 0.045, 20_000_000, 4),
  e('UNI', 'Uniswap', '0.000001', '0.001', '500000', '8.214', 0.06, 15_000_000, 5),
  e('ATOM', 'Cosmos', '0.0001', '0.001', '400000', '4.633', 0.055, 10_000_000, 5),
  e('XLM', 'Stellar', '1', '0.000001', '25000000', '0.301200', 0.05, 25_000_000, 4),
  e('NEAR', 'NEAR Protocol', '0.001', '0.001', '800000', '2.842', 0.06, 12_000_000, 5),
  e('APT', 'Aptos', '0.01', '0.01', '500000', '5.12', 0.065, 10_000_000, 6),
  e('ARB', 'Arbitrum', '0.01', '0.0001', '3000000', '0.4130', 0.065, 12_000_000, 6),
  e('OP', 'Optimism', '0.01', '0.001', '2000000', '0.752', 0.065, 9_000_000, 6),
  e('FIL', 'Filecoin', '0.001', '0.001', '600000', '2.634', 0.06, 8_000_000, 6),
  e('ICP', 'Internet Computer', '0.0001', '0.001', '300000', '5.071', 0.06, 6_000_000, 6),
  e('AAVE', 'Aave', '0.001', '0.01', '15000', '262.80', 0.06, 30_000_000, 4),
  e('ALGO', 'Algorand', '0.1', '0.0001', '8000000', '0.2214', 0.055, 7_000_000, 6),
  e('HBAR', 'Hedera', '0.01', '0.00001', '20000000', '0.19820', 0.06, 30_000_000, 5),
  e('SHIB', 'Shiba Inu', '1', '0.000000001', '400000000000', '0.000013250', 0.065, 20_000_000, 8),
  e('PEPE', 'Pepe', '1', '0.000000001', '2000000000000', '0.000009480', 0.08, 25_000_000, 8),
  e('SUI', 'Sui', '0.1', '0.0001', '3000000', '3.2140', 0.07, 80_000_000, 4),
  e('INJ', 'Injective', '0.01', '0.001', '150000', '12.440', 0.07, 8_000_000, 6),
  e('SEI', 'Sei', '0.1', '0.0001', '8000000', '0.2815', 0.075, 6_000_000, 7),
  e('POL', 'POL (ex-MATIC)', '0.1', '0.0001', '8000000', '0.2246', 0.06, 8_000_000, 6),
  e('ETC', 'Ethereum Classic', '0.00000001', '0.01', '150000', '17.24', 0.055, 10_000_000, 5),
  e('XTZ', 'Tezos', '0.01', '0.001', '1000000', '0.684', 0.055, 3_000_000, 8),
  e('GRT', 'The Graph', '0.01', '0.0001', '10000000', '0.0962', 0.06, 4_000_000, 8),
  e('CRV', 'Curve DAO Token', '0.01', '0.0001', '5000000', '0.6120', 0.07, 6_000_000, 7),
];

export const QUOTE_MIN_SIZE = '1';
export const QUOTE_MAX_SIZE = '10000000';

/** What moves with the market: the rest of a listed product comes from its catalogue entry. */
export type ListingState = {
  price: string;
  priceChange24h: string;
  volume24h: string;
  availability: ProductAvailability;
};

/** A catalogue entry as a venue lists it, with Coinbase's rules for a USD pair. */
export const listedProduct = (entry: CatalogueEntry, state: ListingState): Product => {
  const { availability } = state;
  return {
    id: `${entry.base}-USD`,
    baseCurrency: entry.base,
    quoteCurrency: 'USD',
    baseName: entry.baseName,
    baseIncrement: entry.baseIncrement,
    quoteIncrement: entry.priceIncrement,
    priceIncrement: entry.priceIncrement,
    baseMinSize: entry.baseIncrement,
    baseMaxSize: entry.baseMaxSize,
    quoteMinSize: QUOTE_MIN_SIZE,
    quoteMaxSize: QUOTE_MAX_SIZE,
    status: availability === 'delisted' ? 'delisted' : availability === 'offline' ? 'offline' : 'online',
    tradingDisabled: availability === 'trading-disabled' || availability === 'delisted',
    cancelOnly: availability === 'cancel-only',
    limitOnly: availability === 'limit-only',
    postOnly: availability === 'post-only',
    price: state.price,
    priceChange24h: state.priceChange24h,
    volume24h: state.volume24h,
  };
};
