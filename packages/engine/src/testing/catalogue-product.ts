import { CATALOGUE, type CatalogueEntry, listedProduct } from '../market/catalogue.ts';
import type { Product } from '../market/product.ts';

/** A catalogue product at its start price, online, as a venue lists it. */
export const catalogueProduct = (base: string): { entry: CatalogueEntry; product: Product } => {
  const entry = CATALOGUE.find((e) => e.base === base);
  if (!entry) throw new Error(`${base} is not in the catalogue`);
  const product = listedProduct(entry, {
    price: entry.startPrice,
    priceChange24h: '0',
    volume24h: '0',
    availability: 'online',
  });
  return { entry, product };
};
