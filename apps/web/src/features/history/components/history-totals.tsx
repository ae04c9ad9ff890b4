import type { ReactNode } from 'react';
import { ProfitAmount } from '@/components/epic/profit-amount.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatTile } from '@/components/ui/stat-tile.tsx';
import { StatTiles } from '@/components/ui/stat-tiles.tsx';
import { formatUsd } from '@/lib/format/number.ts';
import type { HistoryTotals as Totals } from '../lib/history-totals.ts';

export type HistoryTotalsProps = { totals: Totals | undefined };

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

/** Count, total profit, volume and win rate of the epics the filters select. */
export const HistoryTotals = ({ totals }: HistoryTotalsProps) => {
  const value = (content: ReactNode) => (totals ? content : <Skeleton width="60%" height={24} />);
  return (
    <StatTiles label="Totals">
      <StatTile label="Epics" value={value(totals?.count)} />
      <StatTile label="Total profit" value={value(<ProfitAmount value={totals?.profit ?? null} />)} />
      <StatTile label="Volume" value={value(formatUsd(totals?.volume ?? '0'))} />
      <StatTile label="In profit" value={value(percent(totals?.winners ?? 0, totals?.count ?? 0))} />
    </StatTiles>
  );
};
