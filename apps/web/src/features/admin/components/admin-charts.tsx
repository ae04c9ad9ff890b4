import { ADMIN_CHART_PERIODS, type TAdminChartPeriod, type TAdminCharts } from '@cdca/contracts';
import { ChoiceChips } from '@/components/ui/choice-chips.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatUsd } from '@/lib/format/number.ts';
import { useAdminCharts } from '../api/get-admin-charts.ts';
import styles from './admin-charts.module.css';
import { ChartCard } from './chart-card.tsx';
import { DailyChart, type DailyChartProps } from './daily-chart.tsx';
import { StatusBars } from './status-bars.tsx';

const PERIOD_LABELS: Record<TAdminChartPeriod, string> = {
  '30d': '30 days',
  '90d': '90 days',
  '365d': '365 days',
};

type Totalled = keyof TAdminCharts['totals'];

/**
 * The figure beside the title: the window's total as the server counts it, or for a level carried over days
 * (MRR) the last day's value.
 */
type Figure =
  | { series: Totalled; figure?: 'total' }
  | { series: 'monthlyRecurringRevenue'; figure: 'latest' };

type SeriesSpec = Figure & {
  id: string;
  title: string;
  note: string;
  kind: DailyChartProps['kind'];
  unit: DailyChartProps['unit'];
  colourToken?: string;
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
    series: 'signups',
  },
  {
    id: 'active-traders',
    title: 'Active traders',
    note: 'Accounts with a fill that day; the figure counts each once',
    kind: 'bars',
    unit: 'count',
    colourToken: '--blue',
    series: 'activeTraders',
  },
  {
    id: 'revenue',
    title: 'Revenue received',
    note: 'Paid payments per day',
    kind: 'bars',
    unit: 'usd',
    series: 'revenue',
  },
  {
    id: 'mrr',
    title: 'Monthly recurring revenue',
    note: 'Received in the 30 days to each day; the figure is today',
    kind: 'area',
    unit: 'usd',
    series: 'monthlyRecurringRevenue',
    figure: 'latest',
  },
  {
    id: 'volume',
    title: 'Volume traded',
    note: 'Bought plus sold per day, before fees',
    kind: 'bars',
    unit: 'usd',
    colourToken: '--amber',
    series: 'volume',
  },
  {
    id: 'realised-profit',
    title: 'Realised profit',
    note: 'Profit of epics closed by their take-profit, by day closed',
    kind: 'bars',
    unit: 'usd',
    series: 'realisedProfit',
  },
  {
    id: 'commissions',
    title: 'Partner commissions',
    note: 'Booked in the commission ledger per day, reversals included',
    kind: 'bars',
    unit: 'usd',
    colourToken: '--amber',
    series: 'partnerCommissions',
  },
];

const figureOf = (spec: SeriesSpec, charts: TAdminCharts): string => {
  const value =
    spec.figure === 'latest' ? (charts[spec.series].at(-1)?.value ?? '0') : charts.totals[spec.series];
  return spec.unit === 'usd' ? formatUsd(value) : String(value);
};

/** Counts by status, now: a bar per status instead of a series over days. */
const BREAKDOWNS = [
  {
    id: 'accounts-by-status',
    title: 'Accounts by status',
    note: 'Every account, now',
    rows: (charts: TAdminCharts) => charts.accountsByStatus,
  },
  {
    id: 'epics-by-status',
    title: 'Epics by status',
    note: 'Epics created in the period, by their status now',
    rows: (charts: TAdminCharts) => charts.epicsByStatus,
  },
] as const;

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
            figure={data ? figureOf(spec, data) : <Skeleton width={64} height={18} />}
          >
            {data ? (
              <DailyChart
                points={data[spec.series]}
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
        {BREAKDOWNS.map((spec) => (
          <ChartCard
            key={spec.id}
            id={spec.id}
            title={spec.title}
            note={spec.note}
            figure={data ? String(spec.rows(data).reduce((sum, row) => sum + row.count, 0)) : ''}
          >
            {data ? <StatusBars rows={spec.rows(data)} label={spec.title} /> : <Skeleton height={120} />}
          </ChartCard>
        ))}
      </div>
    </section>
  );
};
