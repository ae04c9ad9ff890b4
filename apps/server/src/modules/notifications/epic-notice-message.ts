import { formatUsd, money } from '@cdca/engine';

/** docs/product.md §4: the last 4 characters after position 8 of the id's fifth dash-separated part. */
export const shortEpicId = (epicId: string): string => (epicId.split('-')[4] ?? '').slice(8, 12);

/** docs/product.md §4: the coin shows the part of its symbol before the dash ('SOL-USD' → 'SOL'). */
export const coinLabel = (productId: string): string => productId.split('-')[0] ?? productId;

export const levelsLabel = (active: number, total: number): string => `${active}/${total}`;

/** 'Your epic {coin}[{id}] was closed on {active/total} at a ${profit} profit' (or loss), docs/product.md §4. */
export const epicClosedMessage = (input: {
  epicId: string;
  productId: string;
  dcaLevels: string;
  profits: string | null;
}): string => {
  const profit = money(input.profits ?? '0');
  const outcome = profit.isNegative() && !profit.isZero() ? 'loss' : 'profit';
  return `Your epic ${coinLabel(input.productId)}[${shortEpicId(input.epicId)}] was closed on ${input.dcaLevels} at a ${formatUsd(profit.abs())} ${outcome}`;
};

/** The epic-hit notice is not worded by docs/product.md; it follows the closed notice's shape. */
export const epicHitMessage = (input: {
  epicId: string;
  productId: string;
  level: number;
  total: number;
}): string =>
  `Your epic ${coinLabel(input.productId)}[${shortEpicId(input.epicId)}] filled level ${levelsLabel(input.level, input.total)}`;
