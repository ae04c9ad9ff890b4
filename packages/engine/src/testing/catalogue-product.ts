import type { Product } from '@cdca/exchange/exchange.ts';
import { CATALOGUE, type CatalogueEntry } from '@cdca/exchange/paper/catalogue.ts';
import { type ProductState, toProduct } from '@cdca/exchange/paper/product-state.ts';

/** A paper product at its catalogue price, as the paper venue lists it, with the state its validation reads. */
export const catalogueProduct = (
  base: string,
): { entry: CatalogueEntry; state: ProductState; product: Product } => {
  const entry = CATALOGUE.find((e) => e.base === base);
  if (!entry) throw new Error(`${base} is not in the paper catalogue`);
  const state: ProductState = {
    id: `${entry.base}-USD`,
    mid: entry.startPrice,
    last: entry.startPrice,
    walk: { variance: 0, random: { state: 1 } },
    availability: 'online',
    script: null,
    candles: [],
  };
  return { entry, state, product: toProduct(state, entry, 0) };
};
