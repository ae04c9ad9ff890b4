import type { TEpicEnding } from '@cdca/contracts';
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

const amountAndOutcome = (profits: string | null) => {
  const profit = money(profits ?? '0');
  return `${formatUsd(profit.abs())} ${profit.isNegative() && !profit.isZero() ? 'loss' : 'profit'}`;
};

/**
 * The notice for every way an epic leaves trading. 'closed' is docs/product.md §4's sentence; the others are not
 * worded there and follow its shape: the epic, its levels, and what the trader now has.
 */
export const epicEndedMessage = (input: {
  epicId: string;
  productId: string;
  dcaLevels: string;
  profits: string | null;
  ending: TEpicEnding;
  /** The engine's reason, shown for an error. */
  reason?: string | null;
}): string => {
  const epic = `Your epic ${coinLabel(input.productId)}[${shortEpicId(input.epicId)}]`;
  const bought = !input.dcaLevels.startsWith('0/');
  switch (input.ending) {
    case 'closed':
      return epicClosedMessage(input);
    case 'liquidated':
      return `${epic} was liquidated on ${input.dcaLevels} at a ${amountAndOutcome(input.profits)}`;
    case 'stopped':
      return `${epic} hit its stop on ${input.dcaLevels} and was sold at a ${amountAndOutcome(input.profits)}`;
    case 'cancelled':
      return `${epic} was cancelled on ${input.dcaLevels}; ${bought ? 'the coins bought are kept' : 'nothing was bought'}`;
    case 'delisted':
      return `${epic} ended: ${input.productId} was delisted; ${bought ? 'the coins bought are kept' : 'nothing was bought'}`;
    case 'error':
      return `${epic} stopped trading: ${input.reason ?? 'the exchange refused it'}`;
  }
};

/** The epic-hit notice is not worded by docs/product.md; it follows the closed notice's shape. */
export const epicHitMessage = (input: {
  epicId: string;
  productId: string;
  level: number;
  total: number;
}): string =>
  `Your epic ${coinLabel(input.productId)}[${shortEpicId(input.epicId)}] filled level ${levelsLabel(input.level, input.total)}`;
