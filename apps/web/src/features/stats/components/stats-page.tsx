import type { TStatsPeriod, TStatsReport } from '@cdca/contracts';
import { money } from '@cdca/engine';
import { Coins } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Panel } from '@/components/ui/panel.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useStats } from '../api/get-stats.ts';
import { useLiveStats } from '../hooks/use-live-stats.ts';
import { readStatsPeriod, STATS_PERIOD_PHRASES, writeStatsPeriod } from '../lib/stats-period.ts';
import { BestWorst } from './best-worst.tsx';
import { CoinsTable } from './coins-table.tsx';
import { PeriodSwitcher } from './period-switcher.tsx';
import { PnlChartCard } from './pnl-chart-card.tsx';
import styles from './stats.module.css';
import { StatsEmpty } from './stats-empty.tsx';
import { StatsFigures } from './stats-figures.tsx';

/** Nothing ended, nothing traded and nothing running: a page of zeros would teach nothing. */
const isEmptyReport = (report: TStatsReport): boolean => {
  const { closed, cancelled, liquidated, delisted } = report.epics;
  return (
    closed + cancelled + liquidated + delisted === 0 &&
    report.running.epics === 0 &&
    money(report.volume).isZero()
  );
};

/** /stats: the stats report of docs/decisions/stats-figures.md for a period kept in the URL, live as epics move. */
export type StatsPageProps = {
  /** The page's share action for the chosen period; the route composes it from the shares feature. */
  shareAction?: (period: TStatsPeriod) => ReactNode;
};

export const StatsPage = ({ shareAction }: StatsPageProps = {}) => {
  const [params, setParams] = useSearchParams();
  const period = useMemo(() => readStatsPeriod(params), [params]);
  const stats = useStats(period);
  useLiveStats();
  const choose = (next: TStatsPeriod) => setParams(writeStatsPeriod(params, next), { replace: true });
  const report = stats.data;

  return (
    <div className={styles.page}>
      <PageHeader
        title="Stats"
        subtitle={`Profit, volume and win rate of your epics ${STATS_PERIOD_PHRASES[period]}.`}
        actions={
          <>
            <PeriodSwitcher period={period} onChange={choose} />
            {shareAction?.(period)}
          </>
        }
      />
      <QueryState
        query={stats}
        loading={{ label: 'Loading your stats', rows: 4, height: 72, radius: 12 }}
        errorMessage="Your stats could not be loaded. Nothing is lost; try again in a moment."
        isEmpty={report ? isEmptyReport(report) : false}
        empty={<StatsEmpty period={period} onShowAll={() => choose('all')} />}
      >
        {report ? (
          <div
            className={stats.isPlaceholderData ? `${styles.body} ${styles.busy}` : styles.body}
            aria-busy={stats.isPlaceholderData}
          >
            <StatsFigures report={report} />
            <PnlChartCard days={report.daily} />
            <BestWorst best={report.best} worst={report.worst} />
            {report.coins.length > 0 ? (
              <Panel titleId="stats-coins-title" title="By coin" icon={<Coins size={16} />}>
                <CoinsTable coins={report.coins} />
              </Panel>
            ) : null}
          </div>
        ) : null}
      </QueryState>
    </div>
  );
};
