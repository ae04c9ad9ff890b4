import type { Product } from '@cdca/engine';
import type { MarketData } from '@cdca/exchange';

/** Products read this pass: one request per product, not per epic; a failed read is asked again. */
export const createProductsThisPass = (market: MarketData) => {
  let products = new Map<string, Promise<Product>>();
  return {
    get: (productId: string) => {
      let found = products.get(productId);
      if (!found) {
        found = market.getProduct(productId);
        found.catch(() => products.delete(productId));
        products.set(productId, found);
      }
      return found;
    },
    /** A new pass reads trading status afresh: a halt or a resume is seen within one pass. */
    newPass: () => {
      products = new Map();
    },
  };
};
