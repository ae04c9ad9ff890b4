import type { TStatsReport } from '@cdca/contracts';
import { ProfitAmount } from '@/components/epic/profit-amount.tsx';
import { StatTile } from '@/components/ui/stat-tile.tsx';
import { StatTiles } from '@/components/ui/stat-tiles.tsx';
import { profitTone } from '@/lib/epics/epic-figures.ts';
import { formatDuration } from '@/lib/format/duration.ts';
import { formatPercent, formatSignedUsd, formatUsd } from '@/lib/format/number.ts';
import { formatShare } from '../lib/percent.ts';
import styles from './stats.module.css';

export type StatsFiguresProps = { report: TStatsReport };

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "10 closed · 1 cancelled": only the outcomes that happened, so a clean record reads clean. */
const endedBreakdown = ({ closed, cancelled, liquidated, delisted }: TStatsReport['epics']): string => {
  const parts = [
    `${closed} closed`,
    cancelled > 0 ? `${cancelled} cancelled` : null,
    liquidated > 0 ? `${liquidated} liquidated` : null,
    delisted > 0 ? `${delisted} delisted` : null,
  ];
  return parts.filter(Boolean).join(' · ');
};

/** The headline figures of docs/decisions/stats-figures.md, two rows of four (two columns on a phone). */
export const StatsFigures = ({ report }: StatsFiguresProps) => {
  const ended =
    report.epics.closed + report.epics.cancelled + report.epics.liquidated + report.epics.delisted;
  const roc = report.returnOnCapitalPct;
  return (
    <StatTiles label="Headline figures">
      <StatTile
        className={styles.tile}
        label="Realised P&L"
        valueClassName={styles.figure}
        value={<ProfitAmount value={report.realisedPnl} />}
        noteClassName={styles.note}
        note={
          report.averageProfitPerClose === null
            ? plural(ended, 'epic ended', 'epics ended')
            : `avg ${formatSignedUsd(report.averageProfitPerClose)} per close`
        }
      />
      <StatTile
        className={styles.tile}
        label="Return on capital"
        valueClassName={`${styles.figure} ${styles[profitTone(roc)]}`}
        value={roc === null ? '—' : formatPercent(roc)}
        noteClassName={styles.note}
        note={`on ${formatUsd(report.capitalUsed)} used`}
      />
      <StatTile
        className={styles.tile}
        label="Win rate"
        valueClassName={styles.figure}
        value={formatShare(report.winRatePct)}
        noteClassName={styles.note}
        note={`${report.wins} won · ${report.losses} lost`}
      />
      <StatTile
        className={styles.tile}
        label="Unrealised P&L"
        valueClassName={styles.figure}
        value={<ProfitAmount value={report.running.epics === 0 ? null : report.running.unrealisedPnl} />}
        noteClassName={styles.note}
        note={
          report.running.epics === 0
            ? 'No epic running'
            : `${plural(report.running.epics, 'epic')} running · ${formatUsd(report.running.capitalDeployed)} in`
        }
      />
      <StatTile
        className={styles.tile}
        label="Epics ended"
        valueClassName={styles.figure}
        value={ended}
        noteClassName={styles.note}
        note={endedBreakdown(report.epics)}
      />
      <StatTile
        className={styles.tile}
        label="Volume"
        valueClassName={styles.figure}
        value={formatUsd(report.volume)}
        noteClassName={styles.note}
        note={`${formatUsd(report.bought)} bought · ${formatUsd(report.sold)} sold`}
      />
      <StatTile
        className={styles.tile}
        label="Fees"
        valueClassName={styles.figure}
        value={formatUsd(report.fees)}
        noteClassName={styles.note}
        note="Paid to the exchange"
      />
      <StatTile
        className={styles.tile}
        label="Time to close"
        valueClassName={styles.figure}
        value={formatDuration(report.timeToClose.averageSeconds)}
        noteClassName={styles.note}
        note={
          report.timeToClose.medianSeconds === null
            ? 'Average, take-profit closes'
            : `Average · median ${formatDuration(report.timeToClose.medianSeconds)}`
        }
      />
    </StatTiles>
  );
};
