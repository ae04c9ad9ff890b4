import type { ReactNode } from 'react';
import { ProfitAmount } from '@/components/epic/profit-amount.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import tiles from '@/components/ui/stat-tiles.module.css';
import { formatUsd } from '@/lib/format/number.ts';
import type { HistoryTotals as Totals } from '../lib/history-totals.ts';
import styles from './history.module.css';

export type HistoryTotalsProps = { totals: Totals | undefined };

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

/** Count, total profit, volume and win rate of the epics the filters select. */
export const HistoryTotals = ({ totals }: HistoryTotalsProps) => {
  const value = (content: ReactNode) => (totals ? content : <Skeleton width="60%" height={24} />);
  return (
    <dl className={tiles.tiles} aria-label="Totals">
      <div className={tiles.tile}>
        <dt className={tiles.label}>Epics</dt>
        <dd className={styles.totalValue}>{value(totals?.count)}</dd>
      </div>
      <div className={tiles.tile}>
        <dt className={tiles.label}>Total profit</dt>
        <dd className={styles.totalValue}>{value(<ProfitAmount value={totals?.profit ?? null} />)}</dd>
      </div>
      <div className={tiles.tile}>
        <dt className={tiles.label}>Volume</dt>
        <dd className={styles.totalValue}>{value(formatUsd(totals?.volume ?? '0'))}</dd>
      </div>
      <div className={tiles.tile}>
        <dt className={tiles.label}>In profit</dt>
        <dd className={styles.totalValue}>{value(percent(totals?.winners ?? 0, totals?.count ?? 0))}</dd>
      </div>
    </dl>
  );
};
