import { baseSymbol } from '@/lib/format/coin-symbol.ts';

/** docs/product.md §4: the last 4 characters after position 8 of the fifth dash-separated part of the id. */
export const shortEpicId = (epicId: string): string => (epicId.split('-')[4] ?? '').slice(8, 12);

/** 'SOL[ab12]': the coin before the dash and the short id, as the epic notices write it (docs/product.md §4). */
export const epicLabel = (epicId: string, productSymbol: string): string =>
  `${baseSymbol(productSymbol)}[${shortEpicId(epicId)}]`;

/** 'active/total' levels (docs/product.md §3). */
export const levelsLabel = (active: number, total: number): string => `${active}/${total}`;
