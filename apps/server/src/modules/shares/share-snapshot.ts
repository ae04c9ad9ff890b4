import {
  SHAREABLE_EPIC_STATUSES,
  type TShareEpicSnapshot,
  type TSharePeriodSnapshot,
  type TStatsPeriod,
  type TStatsReport,
} from '@cdca/contracts';
import { money, ROUND_HALF_UP } from '@cdca/engine';
import { AppError } from '../../lib/app-error.ts';
import type { EpicFillRow, EpicWithCoin } from '../epics/epics.repository.ts';

/** A period share keeps the report's own figures (docs/decisions/stats-figures.md), only those a page shows. */
export const periodSnapshot = (period: TStatsPeriod, report: TStatsReport): TSharePeriodSnapshot => ({
  kind: 'period',
  period,
  from: report.period.from,
  to: report.period.to,
  realisedPnl: report.realisedPnl,
  capitalUsed: report.capitalUsed,
  returnOnCapitalPct: report.returnOnCapitalPct,
  winRatePct: report.winRatePct,
  wins: report.wins,
  losses: report.losses,
  epicsClosed: report.epics.closed,
  volume: report.volume,
  fees: report.fees,
  best: report.best && {
    coinSymbol: report.best.coinSymbol,
    realisedPnl: report.best.realisedPnl,
    realisedPnlPct: report.best.realisedPnlPct,
  },
});

const isShareable = (status: string): status is TShareEpicSnapshot['status'] =>
  (SHAREABLE_EPIC_STATUSES as readonly string[]).includes(status);

export const epicNotEnded = () =>
  new AppError(409, 'conflict', 'Only an epic that has ended (closed or liquidated) can be shared.');

/**
 * One ended epic from its recorded fills, by the stats report's per-epic definition for an epic that sold out
 * (docs/decisions/stats-figures.md): capital used = bought value + buy fees; realised = sold value − sell fees −
 * capital used, floored to the cent. Anyone can redo the sum from the fills the page lists.
 */
export const epicSnapshot = ({ epic }: EpicWithCoin, fills: EpicFillRow[]): TShareEpicSnapshot => {
  const { status, closedAt } = epic;
  if (!isShareable(status) || !closedAt) throw epicNotEnded();
  const sum = (side: 'buy' | 'sell', of: (fill: EpicFillRow) => ReturnType<typeof money>) =>
    fills.filter((fill) => fill.side === side).reduce((total, fill) => total.plus(of(fill)), money(0));
  const value = (fill: EpicFillRow) => money(fill.price).mul(fill.size);
  const fee = (fill: EpicFillRow) => money(fill.fee);
  const capitalUsed = sum('buy', value).plus(sum('buy', fee));
  const realised = sum('sell', value).minus(sum('sell', fee)).minus(capitalUsed).mul(100).floor().div(100);
  return {
    kind: 'epic',
    coinSymbol: epic.productId,
    status,
    createdAt: epic.createdAt.toISOString(),
    closedAt: closedAt.toISOString(),
    levelsBought: epic.activeDcaLevel,
    dcaLevels: epic.dcaLevels,
    realisedPnl: realised.toFixed(2),
    realisedPnlPct: capitalUsed.isZero()
      ? null
      : realised.div(capitalUsed).mul(100).toFixed(2, ROUND_HALF_UP),
    capitalUsed: capitalUsed.toFixed(),
    fills: fills.map((fill) => ({
      filledAt: fill.filledAt.toISOString(),
      side: fill.side,
      price: money(fill.price).toFixed(),
      size: money(fill.size).toFixed(),
      fee: money(fill.fee).toFixed(),
    })),
  };
};
