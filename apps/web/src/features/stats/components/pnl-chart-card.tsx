import type { TStatsDay } from '@cdca/contracts';
import { ChartColumn } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ChoiceChips } from '@/components/ui/choice-chips.tsx';
import { Panel } from '@/components/ui/panel.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useMediaQuery } from '@/hooks/use-media-query.ts';
import { cumulativePnl, dailyPnl, hasRealisedDays } from '../lib/pnl-series.ts';
import styles from './stats.module.css';

export type PnlChartCardProps = { days: readonly TStatsDay[] };
type ChartKind = 'daily' | 'cumulative';

// Its own chunk: lightweight-charts is fetched when a chart is drawn, after the figures have painted
// (docs/decisions/front-end.md: one lazy chunk per screen, the public bundle stays small).
const PnlChart = lazy(() => import('./pnl-chart.tsx').then((module) => ({ default: module.PnlChart })));

const KINDS: readonly ChartKind[] = ['cumulative', 'daily'];
const KIND_LABELS: Record<ChartKind, string> = { cumulative: 'Cumulative', daily: 'Daily' };

/** Realised P&L over the period, as a running total or day by day. */
export const PnlChartCard = ({ days }: PnlChartCardProps) => {
  const [kind, setKind] = useState<ChartKind>('cumulative');
  const narrow = useMediaQuery('(max-width: 650px)');
  const height = narrow ? 220 : 300;
  const points = useMemo(() => (kind === 'daily' ? dailyPnl(days) : cumulativePnl(days)), [days, kind]);
  const realised = hasRealisedDays(days);
  return (
    <Panel
      titleId="stats-pnl-title"
      title="Realised P&L"
      icon={<ChartColumn size={16} />}
      aside={
        realised ? (
          <ChoiceChips
            legend="Chart"
            options={KINDS}
            value={kind}
            label={(option) => KIND_LABELS[option]}
            onChange={setKind}
            size="small"
            wrap={false}
          />
        ) : null
      }
    >
      {realised ? (
        <Suspense fallback={<Skeleton height={height} radius={8} />}>
          <PnlChart
            points={points}
            kind={kind}
            height={height}
            label={kind === 'daily' ? 'Realised P&L per day' : 'Cumulative realised P&L'}
          />
        </Suspense>
      ) : (
        <p className={styles.chartEmpty} style={{ height }}>
          No epic ended in this period yet. Each close adds its profit here, day by day.
        </p>
      )}
    </Panel>
  );
};
