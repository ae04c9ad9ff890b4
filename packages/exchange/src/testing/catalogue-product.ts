import { catalogueProduct as listed } from '@cdca/engine/testing';
import { type ProductState, toProduct } from '../paper/product-state.ts';

/** A paper product at its catalogue price, as the paper venue lists it, with the state its validation reads. */
export const paperCatalogueProduct = (base: string) => {
  const { entry } = listed(base);
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
