import type { TBacktestReport, TCandleWindow, TCreateEpicBody } from '@cdca/contracts';
import { History } from 'lucide-react';
import { memo, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ChoiceChips } from '@/components/ui/choice-chips.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatTile } from '@/components/ui/stat-tile.tsx';
import { StatTiles } from '@/components/ui/stat-tiles.tsx';
import { formatDuration } from '@/lib/format/duration.ts';
import { formatSignedUsd } from '@/lib/format/number.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { usePriceSeries } from '../api/get-candle-series.ts';
import { useBacktest } from '../api/run-backtest.ts';
import { DEFAULT_WINDOW, START_EVERY_WORDS, WINDOW_LABELS, WINDOWS } from '../lib/backtest-windows.ts';
import { outcomeBuckets, worstDrawdown } from '../lib/outcome-buckets.ts';
import styles from './backtest.module.css';
import { BacktestChart } from './backtest-chart.tsx';

export type BacktestPanelProps = {
  /** The form's coin and inputs while they make a valid ladder; undefined while they do not. */
  plan: TCreateEpicBody | undefined;
  /** 'SOL-USD', for the wording; undefined while the coin loads. */
  coinSymbol: string | undefined;
};

const DAY = 86_400_000;
/** A rate to one decimal, never rounded up to a whole 100 % (539 of 540 is 99.8 %, not 100 %). */
const percent = (fraction: number) => {
  const tenths = Math.min(Math.round(fraction * 1000) / 10, fraction < 1 ? 99.9 : 100);
  return `${Number.isInteger(tenths) ? tenths.toFixed(0) : tenths.toFixed(1)}%`;
};
const day = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * "How would this ladder have done?": the exact ladder of the form replayed from many starts over the coin's
 * history (docs/decisions/backtest-panel.md). It follows the form as it changes and keeps the last answer on
 * screen, dimmed, while the next one is computed.
 */
export const BacktestPanel = ({ plan, coinSymbol }: BacktestPanelProps) => {
  const titleId = useId();
  const [window, setWindow] = useState<TCandleWindow>(DEFAULT_WINDOW);
  const backtest = useBacktest(plan, window);
  const series = usePriceSeries(plan?.coinId, window);
  // A refused update (a 429, a restart) keeps the last answer on screen, marked as the earlier settings'.
  const lastAnswer = useRef<TBacktestReport | undefined>(undefined);
  if (backtest.data && !backtest.isPlaceholderData) lastAnswer.current = backtest.data;
  const shown = backtest.data ?? (backtest.isError ? lastAnswer.current : undefined);
  const report = shown?.coinId === plan?.coinId ? shown : undefined;
  const updating = backtest.isFetching || backtest.isPlaceholderData || backtest.isError;

  return (
    <Card as="section" aria-labelledby={titleId} className={styles.panel}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          <History size={18} aria-hidden="true" />
          How this ladder did
        </h2>
        <ChoiceChips
          legend="Backtest window"
          options={WINDOWS}
          value={window}
          label={(option) => WINDOW_LABELS[option]}
          onChange={setWindow}
          size="small"
          wrap={false}
        />
      </div>
      {report && allRefused(report) ? (
        <p className={styles.muted} role="status">
          {refusalWords(report)}
        </p>
      ) : report ? (
        <div className={updating ? `${styles.body} ${styles.updating}` : styles.body} aria-busy={updating}>
          <Figures report={report} />
          <Outcomes report={report} />
          <BacktestChart
            series={series.data}
            starts={report.starts}
            from={report.from}
            to={report.to}
            label={`${coinSymbol ?? 'The coin'}'s price over the last ${WINDOW_LABELS[window]}, with each start marked by how it ended`}
          />
          <ul className={styles.legend} aria-label="Start markers">
            <li data-tone="closed">Closed</li>
            <li data-tone="open">Still open at the end</li>
            <li data-tone="stopped">Stopped</li>
          </ul>
          <Wording report={report} coinSymbol={coinSymbol} withStop={plan?.inputs.stopSpread != null} />
          {backtest.isError ? (
            <div className={styles.failed} role="alert">
              <p>
                {errorMessage(backtest.error, 'The backtest could not be updated.')} These figures are for the
                earlier settings.
              </p>
              <Button size="sm" variant="secondary" onClick={() => void backtest.refetch()}>
                Try again
              </Button>
            </div>
          ) : null}
        </div>
      ) : backtest.isError && plan ? (
        <div className={styles.failed} role="alert">
          <p>{errorMessage(backtest.error, 'The backtest could not be run.')}</p>
          <Button size="sm" variant="secondary" onClick={() => void backtest.refetch()}>
            Try again
          </Button>
        </div>
      ) : plan ? (
        <div className={styles.loading} role="status" aria-label="Replaying the ladder over history">
          <Skeleton height={64} />
          <Skeleton height={96} />
        </div>
      ) : (
        <p className={styles.muted}>
          Once the ladder is valid, this shows how it would have done on this coin.
        </p>
      )}
    </Card>
  );
};

const allRefused = (report: TBacktestReport) =>
  report.summary.starts > 0 && report.summary.refused === report.summary.starts;

/** Why no start could trade: the replay's reasons in words a trader can act on. */
const refusalWords = (report: TBacktestReport) => {
  if (report.summary.starts === 0) return 'There is no history for this coin in the window yet.';
  return 'At the prices of this window the ladder could not be placed (its levels fall under the exchange’s minimums): raise the budget or use fewer levels to see a backtest.';
};

const Figures = memo(({ report }: { report: TBacktestReport }) => {
  const { summary } = report;
  const traded = summary.starts - summary.refused;
  const drawdown = worstDrawdown(report.starts);
  return (
    <StatTiles label="Backtest figures">
      <StatTile
        label="Close rate"
        value={traded > 0 ? percent(summary.closeRate) : '—'}
        note={`${summary.closed} of ${traded} starts`}
      />
      <StatTile
        label="Median time to close"
        value={formatDuration(
          summary.medianTimeToCloseMs === null ? null : Math.round(summary.medianTimeToCloseMs / 1000),
        )}
        note={
          summary.worstTimeToCloseMs === null
            ? null
            : `slowest ${formatDuration(Math.round(summary.worstTimeToCloseMs / 1000))}`
        }
      />
      <StatTile
        label="Average profit"
        value={summary.closed + summary.stopped > 0 ? formatSignedUsd(summary.averageProfit) : '—'}
        note={`${(Number(summary.returnOnCapital) * 100).toFixed(2)}% on capital used`}
      />
      <StatTile
        label="Worst drawdown"
        value={drawdown === null ? '—' : formatSignedUsd(drawdown)}
        note="deepest under water"
      />
    </StatTiles>
  );
});

const Outcomes = memo(({ report }: { report: TBacktestReport }) => {
  const buckets = outcomeBuckets(report.starts);
  const most = Math.max(1, ...buckets.map((bucket) => bucket.count));
  return (
    <figure className={styles.outcomes}>
      <figcaption className={styles.caption}>Outcomes</figcaption>
      <ul className={styles.bars}>
        {buckets.map((bucket) => (
          <li
            key={bucket.label}
            className={styles.bar}
            data-tone={bucket.tone}
            data-empty={bucket.count === 0 || undefined}
          >
            <span className={styles.barLabel}>{bucket.label}</span>
            <span className={styles.barTrack} aria-hidden="true">
              <span className={styles.barFill} style={{ width: `${(bucket.count / most) * 100}%` }} />
            </span>
            <span className={`${styles.barCount} num`}>{bucket.count}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
});

type WordingProps = { report: TBacktestReport; coinSymbol: string | undefined; withStop: boolean };

const Wording = ({ report, coinSymbol, withStop }: WordingProps) => {
  const days = Math.max(1, Math.round((report.to - report.from) / DAY));
  return (
    <p className={styles.muted}>
      This exact ladder, started {START_EVERY_WORDS[report.startEvery]} over {day(report.from)} –{' '}
      {day(report.to)} ({days} days) and replayed on {coinSymbol ?? 'the coin'}'s 1-minute candles with the
      exchange's fees{withStop ? ' and your stop' : ''}.
      {report.complete ? '' : ' History for this coin is still being gathered, so fewer days are covered.'}{' '}
      History does not repeat: this shows how the ladder behaved, not what it will do.
    </p>
  );
};
