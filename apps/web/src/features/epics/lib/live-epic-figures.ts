import type { TEpic } from '@cdca/contracts';
import { distanceToTakeProfit, unrealisedPnl, unrealisedPnlPercent } from '@/lib/epics/epic-figures.ts';
import { EXACT_ZERO, type ExactDecimal, exactDecimal } from '@/lib/format/exact-decimal.ts';

/** What a dashboard row shows of one live epic at the coin's current price (decimal strings, null = not yet). */
export type LiveEpicFigures = {
  /** What the buys cost so far, before fees. */
  budgetUsed: string;
  heldBase: string;
  unrealised: string | null;
  unrealisedPercent: string | null;
  takeProfit: string | null;
  toTakeProfit: string | null;
};

export const liveEpicFigures = (epic: TEpic, price: string | undefined): LiveEpicFigures => {
  const { heldBase, takeProfitPrice: takeProfit } = epic;
  return {
    budgetUsed: epic.buyValue,
    heldBase,
    unrealised: unrealisedPnl(heldBase, epic.avgBuyRate, price),
    unrealisedPercent: unrealisedPnlPercent(epic.avgBuyRate, price),
    takeProfit,
    toTakeProfit: distanceToTakeProfit(takeProfit, price),
  };
};

export type PortfolioFigures = {
  /** What the buys of the live epics cost so far, before fees. */
  capitalInEpics: string;
  /** Sum of the live epics' budgets. */
  budgeted: string;
  /** Unrealised P&L across live epics whose price is known; null while none has a position. */
  unrealised: string | null;
  /** Profit or loss booked by epics that ended since `since` (local midnight). */
  realisedToday: string;
  endedToday: number;
};

export const portfolioFigures = (
  live: readonly TEpic[],
  ended: readonly TEpic[],
  priceOf: (coinId: string) => string | undefined,
  since: Date,
): PortfolioFigures => {
  let capital = EXACT_ZERO;
  let budgeted = EXACT_ZERO;
  let unrealised: ExactDecimal | null = null;
  for (const epic of live) {
    const figures = liveEpicFigures(epic, priceOf(epic.coin.id));
    capital = capital.plus(exactDecimal(figures.budgetUsed));
    budgeted = budgeted.plus(exactDecimal(epic.budget));
    if (figures.unrealised !== null)
      unrealised = (unrealised ?? EXACT_ZERO).plus(exactDecimal(figures.unrealised));
  }
  const sinceIso = since.toISOString();
  const today = ended.filter((epic) => epic.closedAt !== null && epic.closedAt >= sinceIso);
  const realised = today.reduce(
    (sum, epic) =>
      epic.profitsDollarAmount === null ? sum : sum.plus(exactDecimal(epic.profitsDollarAmount)),
    EXACT_ZERO,
  );
  return {
    capitalInEpics: capital.toFixed(),
    budgeted: budgeted.toFixed(),
    unrealised: unrealised === null ? null : unrealised.toFixed(),
    realisedToday: realised.toFixed(),
    endedToday: today.length,
  };
};

/** Local midnight of `now`: "today" is the trader's day, not UTC's. */
export const startOfLocalDay = (now: Date): Date =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate());

/** Level progress 0..1 for the levels bar. */
export const levelProgress = (epic: Pick<TEpic, 'activeDcaLevel' | 'dcaLevels'>): number =>
  epic.dcaLevels <= 0 ? 0 : Math.min(1, Math.max(0, epic.activeDcaLevel / epic.dcaLevels));
