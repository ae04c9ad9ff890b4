import type { TEpicDetail } from '@cdca/contracts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { formatCrypto, formatPrice, formatUsd } from '@/lib/format/number.ts';
import { fillTag } from '../lib/chart-overlays.ts';
import styles from './breakdown.module.css';
import { SectionCard } from './section-card.tsx';

export type FillsTableProps = { detail: TEpicDetail };

const timeOnly = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });
const withDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Today's fills need only the time; older ones need the day. */
const when = (iso: string) => {
  const date = new Date(iso);
  return (date.toDateString() === new Date().toDateString() ? timeOnly : withDay).format(date);
};

const FILL_KIND: Record<string, string> = { TP: 'Take profit', Sold: 'Liquidation' };

/** Every trade the exchange reported for this epic, newest first. */
export const FillsTable = ({ detail }: FillsTableProps) => {
  const coin = baseSymbol(detail.coinSymbol);
  const fills = [...detail.fills].reverse();
  return (
    <SectionCard
      titleId="fills-title"
      title="Fills"
      note={fills.length === 1 ? '1 trade' : `${fills.length} trades`}
    >
      {fills.length === 0 ? (
        <p className={styles.emptyText}>No trades yet. Each buy and sell shows here the moment it fills.</p>
      ) : (
        <DataTable label="Fills" cells="dense" tableClassName={styles.table}>
          <thead>
            <tr>
              <th scope="col">Trade</th>
              <th scope="col">Price</th>
              <th scope="col">Size</th>
              <th scope="col" data-priority="low">
                Fee
              </th>
            </tr>
          </thead>
          <tbody>
            {fills.map((fill) => {
              const tag = fillTag(detail, fill.clientOrderId);
              return (
                <tr key={fill.tradeId}>
                  <td>
                    <span className={`${styles.side} ${fill.side === 'buy' ? styles.up : styles.down}`}>
                      {fill.side === 'buy' ? 'Buy' : 'Sell'}
                    </span>{' '}
                    <span className={styles.muted}>
                      {FILL_KIND[tag] ?? (tag ? `level ${tag.slice(1)}` : '')}
                    </span>
                    <time className={styles.when} dateTime={fill.filledAt}>
                      {when(fill.filledAt)}
                    </time>
                  </td>
                  <td>{formatPrice(fill.price)}</td>
                  <td>{formatCrypto(fill.size, coin)}</td>
                  <td data-priority="low">
                    {formatUsd(fill.fee)} <span className={styles.muted}>{fill.liquidity}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
    </SectionCard>
  );
};
