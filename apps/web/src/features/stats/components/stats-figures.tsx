import type { TStatsReport } from '@cdca/contracts';
import { ProfitAmount } from '@/components/epic/profit-amount.tsx';
import { StatTile } from '@/components/ui/stat-tile.tsx';
import { StatTiles } from '@/components/ui/stat-tiles.tsx';
import { profitTone } from '@/lib/epics/epic-figures.ts';
import { formatDuration } from '@/lib/format/duration.ts';
import { formatPercent, formatSignedUsd, formatUsd } from '@/lib/format/number.ts';
import { formatShare } from '../lib/percent.ts';

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
        label="Realised P&L"
        value={<ProfitAmount value={report.realisedPnl} />}
        note={
          report.averageProfitPerClose === null
            ? plural(ended, 'epic ended', 'epics ended')
            : `avg ${formatSignedUsd(report.averageProfitPerClose)} per close`
        }
      />
      <StatTile
        label="Return on capital"
        tone={profitTone(roc)}
        value={roc === null ? '—' : formatPercent(roc)}
        note={`on ${formatUsd(report.capitalUsed)} used`}
      />
      <StatTile
        label="Win rate"
        value={formatShare(report.winRatePct)}
        note={`${report.wins} won · ${report.losses} lost`}
      />
      <StatTile
        label="Unrealised P&L"
        value={<ProfitAmount value={report.running.epics === 0 ? null : report.running.unrealisedPnl} />}
        note={
          report.running.epics === 0
            ? 'No epic running'
            : `${plural(report.running.epics, 'epic')} running · ${formatUsd(report.running.capitalDeployed)} in`
        }
      />
      <StatTile label="Epics ended" value={ended} note={endedBreakdown(report.epics)} />
      <StatTile
        label="Volume"
        value={formatUsd(report.volume)}
        note={`${formatUsd(report.bought)} bought · ${formatUsd(report.sold)} sold`}
      />
      <StatTile label="Fees" value={formatUsd(report.fees)} note="Paid to the exchange" />
      <StatTile
        label="Time to close"
        value={formatDuration(report.timeToClose.averageSeconds)}
        note={
          report.timeToClose.medianSeconds === null
            ? 'Average, take-profit closes'
            : `Average · median ${formatDuration(report.timeToClose.medianSeconds)}`
        }
      />
    </StatTiles>
  );
};
