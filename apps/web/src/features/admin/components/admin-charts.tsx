import { ADMIN_CHART_PERIODS, type TAdminChartPeriod, type TAdminCharts } from '@cdca/contracts';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card.tsx';
import { ChoiceChips } from '@/components/ui/choice-chips.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatUsd } from '@/lib/format/number.ts';
import { useAdminCharts } from '../api/get-admin-charts.ts';
import styles from './admin-charts.module.css';
import { DailyChart, type DailyChartProps } from './daily-chart.tsx';
import { StatusBars } from './status-bars.tsx';

const PERIOD_LABELS: Record<TAdminChartPeriod, string> = {
  '30d': '30 days',
  '90d': '90 days',
  '365d': '365 days',
};

type ChartCardProps = { id: string; title: string; figure: ReactNode; note: string; children: ReactNode };

const ChartCard = ({ id, title, figure, note, children }: ChartCardProps) => (
  <Card as="section" aria-labelledby={id} className={styles.card} data-chart={id}>
    <div className={styles.head}>
      <h3 id={id} className={styles.title}>
        {title}
      </h3>
      <span className={`${styles.figure} num`}>{figure}</span>
    </div>
    <p className={styles.note}>{note}</p>
    {children}
  </Card>
);

type SeriesSpec = {
  id: string;
  title: string;
  note: string;
  kind: DailyChartProps['kind'];
  unit: DailyChartProps['unit'];
  colourToken?: string;
  points: (charts: TAdminCharts) => DailyChartProps['points'];
  figure: (charts: TAdminCharts) => string;
};

/** The daily series in the order an owner reads them: people, money, trading, partners. */
const SERIES: readonly SeriesSpec[] = [
  {
    id: 'signups',
    title: 'Sign-ups',
    note: 'New accounts per day',
    kind: 'bars',
    unit: 'count',
    colourToken: '--blue',
    points: (c) => c.signups,
    figure: (c) => String(c.totals.signups),
  },
  {
    id: 'active-traders',
    title: 'Active traders',
    note: 'Accounts with a fill that day; the figure counts each once',
    kind: 'bars',
    unit: 'count',
    colourToken: '--blue',
    points: (c) => c.activeTraders,
    figure: (c) => String(c.totals.activeTraders),
  },
  {
    id: 'revenue',
    title: 'Revenue received',
    note: 'Paid payments per day',
    kind: 'bars',
    unit: 'usd',
    points: (c) => c.revenue,
    figure: (c) => formatUsd(c.totals.revenue),
  },
  {
    id: 'mrr',
    title: 'Monthly recurring revenue',
    note: 'Received in the 30 days to each day; the figure is today',
    kind: 'area',
    unit: 'usd',
    points: (c) => c.monthlyRecurringRevenue,
    figure: (c) => formatUsd(c.monthlyRecurringRevenue.at(-1)?.value ?? '0'),
  },
  {
    id: 'volume',
    title: 'Volume traded',
    note: 'Bought plus sold per day, before fees',
    kind: 'bars',
    unit: 'usd',
    colourToken: '--amber',
    points: (c) => c.volume,
    figure: (c) => formatUsd(c.totals.volume),
  },
  {
    id: 'realised-profit',
    title: 'Realised profit',
    note: 'Profit of epics closed by their take-profit, by day closed',
    kind: 'bars',
    unit: 'usd',
    points: (c) => c.realisedProfit,
    figure: (c) => formatUsd(c.totals.realisedProfit),
  },
  {
    id: 'commissions',
    title: 'Partner commissions',
    note: 'Booked in the commission ledger per day, reversals included',
    kind: 'bars',
    unit: 'usd',
    colourToken: '--amber',
    points: (c) => c.partnerCommissions,
    figure: (c) => formatUsd(c.totals.partnerCommissions),
  },
];

export type AdminChartsProps = {
  period: TAdminChartPeriod;
  onPeriodChange: (period: TAdminChartPeriod) => void;
};

/** /admin/charts: every series the server computes over the window, one card each (docs/decisions/owner-console.md). */
export const AdminCharts = ({ period, onPeriodChange }: AdminChartsProps) => {
  const charts = useAdminCharts(period);
  const data = charts.data;
  return (
    <section aria-labelledby="charts-title" className={styles.page}>
      <div className={styles.toolbar}>
        <h2 id="charts-title" className={styles.h2}>
          Charts
          {data ? (
            <span className={styles.range}>
              {data.from} → {data.to} (UTC)
            </span>
          ) : null}
        </h2>
        <ChoiceChips
          legend="Period"
          options={ADMIN_CHART_PERIODS}
          value={period}
          label={(value) => PERIOD_LABELS[value]}
          onChange={onPeriodChange}
          size="small"
        />
      </div>
      {charts.isError ? (
        <p className={styles.empty}>Could not load the charts: {charts.error.message}</p>
      ) : null}
      <div className={charts.isPlaceholderData ? `${styles.grid} ${styles.busy}` : styles.grid}>
        {SERIES.map((spec) => (
          <ChartCard
            key={spec.id}
            id={spec.id}
            title={spec.title}
            note={spec.note}
            figure={data ? spec.figure(data) : <Skeleton width={64} height={18} />}
          >
            {data ? (
              <DailyChart
                points={spec.points(data)}
                kind={spec.kind}
                unit={spec.unit}
                colourToken={spec.colourToken}
                label={`${spec.title} per day, ${PERIOD_LABELS[period]}`}
              />
            ) : (
              <Skeleton height={180} />
            )}
          </ChartCard>
        ))}
        <ChartCard
          id="accounts-by-status"
          title="Accounts by status"
          note="Every account, now"
          figure={data ? String(data.accountsByStatus.reduce((sum, row) => sum + row.count, 0)) : ''}
        >
          {data ? (
            <StatusBars rows={data.accountsByStatus} label="Accounts by status" />
          ) : (
            <Skeleton height={120} />
          )}
        </ChartCard>
        <ChartCard
          id="epics-by-status"
          title="Epics by status"
          note="Epics created in the period, by their status now"
          figure={data ? String(data.epicsByStatus.reduce((sum, row) => sum + row.count, 0)) : ''}
        >
          {data ? (
            <StatusBars rows={data.epicsByStatus} label="Epics by status" />
          ) : (
            <Skeleton height={120} />
          )}
        </ChartCard>
      </div>
    </section>
  );
};
