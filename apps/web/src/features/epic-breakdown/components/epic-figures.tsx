import type { TEpicDetail } from '@cdca/contracts';
import type { ReactNode } from 'react';
import { ProfitAmount } from '@/components/epic/profit-amount.tsx';
import { StatTile } from '@/components/ui/stat-tile.tsx';
import { StatTiles } from '@/components/ui/stat-tiles.tsx';
import { levelsLabel } from '@/lib/epics/epic-identity.ts';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { formatCrypto, formatPercent, formatPrice, formatUsd } from '@/lib/format/number.ts';
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

const soldNote = (status: TEpicDetail['status']) =>
  status === 'liquidated' || status === 'liquidating' ? 'market sell' : 'take-profit filled';

/** The numbers a trader checks first, in a fixed grid so nothing moves when live values change. */
export const EpicFigures = ({ detail, summary, price, change24h }: EpicFiguresProps) => {
  const coin = baseSymbol(detail.coinSymbol);
  return (
    <StatTiles label="Position">
      <Figure
        label="Price"
        value={price ? formatPrice(price) : '—'}
        note={
          change24h === undefined ? (
            'live'
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
        note={`${formatUsd(summary.spent)} of ${formatUsd(detail.budget)} spent`}
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
            'nothing held'
          )
        }
      />
      <Figure
        label="Realised P&L"
        value={<ProfitAmount value={summary.realised} />}
        note={summary.realised === null ? 'books when the take-profit sells' : 'after all fees'}
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
