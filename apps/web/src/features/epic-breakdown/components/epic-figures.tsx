import type { TEpicDetail } from '@cdca/contracts';
import { money } from '@cdca/engine';
import type { ReactNode } from 'react';
import { ProfitAmount } from '@/components/epic/profit-amount.tsx';
import { StatTile } from '@/components/ui/stat-tile.tsx';
import { StatTiles } from '@/components/ui/stat-tiles.tsx';
import { levelsLabel } from '@/lib/epics/epic-identity.ts';
import { isTerminalEpicStatus } from '@/lib/epics/epic-status.ts';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { formatCrypto, formatPercent, formatPrice, formatUsd } from '@/lib/format/number.ts';
import { livenessLabel } from '@/lib/realtime/liveness.ts';
import { useRealtimeStatus } from '@/lib/realtime/realtime-context.ts';
import type { PositionSummary } from '../lib/position-summary.ts';
import styles from './breakdown.module.css';

export type EpicFiguresProps = {
  detail: TEpicDetail;
  summary: PositionSummary;
  price: string | undefined;
  /** Percent over 24 h, e.g. '-3.25'. */
  change24h: string | undefined;
};

type FigureProps = { label: string; value: ReactNode; note?: ReactNode };

// An empty note keeps its line, so every tile has the same height whatever arrives.
const Figure = ({ label, value, note = null }: FigureProps) => (
  <StatTile
    label={label}
    value={value}
    note={note}
    className={styles.figure}
    valueClassName={styles.figureValue}
    noteClassName={styles.figureNote}
  />
);

const signClass = (percent: string | null) => {
  if (percent === null) return '';
  if (percent.startsWith('-')) return styles.down;
  return Number(percent) > 0 ? styles.up : '';
};

/** What was spent against the budget: the orders count against it, their fees come on top (not overspending). */
const spentNote = (summary: PositionSummary, budget: string) => {
  const orders = money(summary.spent).minus(summary.buyFees);
  const fees = money(summary.buyFees);
  const base = `${formatUsd(orders.toFixed())} of ${formatUsd(budget)}`;
  return fees.isZero() ? `${base} spent` : `${base} + ${formatUsd(fees.toFixed())} fees`;
};

/** Why there is no unrealised figure: nothing held, or the epic is over (coins kept stay in the account). */
const unrealisedNote = (detail: TEpicDetail, summary: PositionSummary) => {
  if (!isTerminalEpicStatus(detail.status)) return 'nothing held';
  return money(summary.heldBase).isZero() ? 'epic ended' : 'epic ended · coins kept';
};

/** Why there is no realised figure yet: it books when a sell fills, and an ended epic without one sold nothing. */
const realisedNote = (detail: TEpicDetail, summary: PositionSummary) => {
  if (summary.realised !== null) return 'after all fees';
  if (isTerminalEpicStatus(detail.status)) return 'nothing sold';
  return summary.takeProfit === null ? 'books when a sell fills' : 'books when the take-profit sells';
};

const soldNote = (status: TEpicDetail['status']) =>
  status === 'liquidated' || status === 'liquidating' ? 'market sell' : 'take-profit filled';

/** The numbers a trader checks first, in a fixed grid so nothing moves when live values change. */
export const EpicFigures = ({ detail, summary, price, change24h }: EpicFiguresProps) => {
  const coin = baseSymbol(detail.coinSymbol);
  const liveness = livenessLabel(useRealtimeStatus());
  return (
    <StatTiles label="Position">
      <Figure
        label="Price"
        value={price ? formatPrice(price) : '—'}
        note={
          change24h === undefined ? (
            liveness
          ) : (
            <span className={signClass(change24h)}>{formatPercent(change24h)} in 24 h</span>
          )
        }
      />
      <Figure
        label="Avg buy rate"
        value={summary.avgBuyRate ? formatPrice(summary.avgBuyRate) : '—'}
        note={summary.avgBuyRate ? 'fees included' : 'no buy filled yet'}
      />
      {summary.takeProfit === null && summary.soldAt !== null ? (
        <Figure label="Sold at" value={formatPrice(summary.soldAt)} note={soldNote(detail.status)} />
      ) : (
        <Figure
          label="Take profit"
          value={summary.takeProfit ? formatPrice(summary.takeProfit) : '—'}
          note={
            summary.toTakeProfit !== null ? (
              <span className={signClass(summary.toTakeProfit)}>
                {formatPercent(summary.toTakeProfit)} away
              </span>
            ) : (
              `sell spread ${detail.inputs.sellSpread}%`
            )
          }
        />
      )}
      <Figure
        label="Levels filled"
        value={levelsLabel(detail.activeDcaLevel, detail.dcaLevels)}
        note={spentNote(summary, detail.budget)}
      />
      <Figure
        label="Unrealised P&L"
        value={<ProfitAmount value={summary.unrealised} />}
        note={
          summary.unrealisedPercent !== null ? (
            <span className={signClass(summary.unrealisedPercent)}>
              {formatPercent(summary.unrealisedPercent)}
            </span>
          ) : (
            unrealisedNote(detail, summary)
          )
        }
      />
      <Figure
        label="Realised P&L"
        value={<ProfitAmount value={summary.realised} />}
        note={realisedNote(detail, summary)}
      />
      <Figure
        label="Held"
        value={formatCrypto(summary.heldBase, coin)}
        note={summary.heldValue ? `worth ${formatUsd(summary.heldValue)}` : undefined}
      />
      <Figure
        label="Fees & volume"
        value={formatUsd(summary.fees)}
        note={`volume ${formatUsd(detail.volume)}`}
      />
    </StatTiles>
  );
};
