/** docs/product.md §4: a coin shows as the part of its product symbol before the dash ('SOL-USD' → 'SOL'). */
export const baseSymbol = (symbol: string): string => symbol.split('-')[0] || symbol;
