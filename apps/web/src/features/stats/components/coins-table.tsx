import type { TStatsCoin } from '@cdca/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ProfitAmount } from '@/components/epic/profit-amount.tsx';
import { CoinAvatar } from '@/components/ui/coin-avatar.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { formatUsd } from '@/lib/format/number.ts';
import {
  type CoinSort,
  type CoinSortKey,
  DEFAULT_COIN_SORT,
  nextCoinSort,
  sortCoins,
} from '../lib/coin-sort.ts';
import styles from './stats.module.css';

export type CoinsTableProps = { coins: readonly TStatsCoin[] };
type SortHeaderProps = {
  label: string;
  column: CoinSortKey;
  sort: CoinSort;
  onSort: (key: CoinSortKey) => void;
};

const COLUMNS: readonly { key: CoinSortKey; label: string }[] = [
  { key: 'coin', label: 'Coin' },
  { key: 'epics', label: 'Epics' },
  { key: 'realisedPnl', label: 'Realised P&L' },
  { key: 'volume', label: 'Volume' },
  { key: 'fees', label: 'Fees' },
];

const SortHeader = ({ label, column, sort, onSort }: SortHeaderProps) => {
  const active = sort.key === column;
  const Icon = active ? (sort.direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      className={column === 'coin' ? styles.coinHead : styles.numHead}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button type="button" className={styles.sortButton} onClick={() => onSort(column)}>
        {label}
        <Icon size={13} aria-hidden="true" className={active ? undefined : styles.sortIdle} />
      </button>
    </th>
  );
};

/**
 * Per-coin figures, sortable by any column. On a narrow screen the table scrolls sideways under a sticky coin
 * column, with a fade where columns run on, rather than dropping columns: every column is a figure a trader may
 * want to compare.
 */
export const CoinsTable = ({ coins }: CoinsTableProps) => {
  const [sort, setSort] = useState<CoinSort>(DEFAULT_COIN_SORT);
  const rows = useMemo(() => sortCoins(coins, sort), [coins, sort]);
  const onSort = (key: CoinSortKey) => setSort((current) => nextCoinSort(current, key));
  return (
    <DataTable label="Per-coin figures" stickyFirstColumn tableClassName={styles.table}>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <SortHeader
              key={column.key}
              label={column.label}
              column={column.key}
              sort={sort}
              onSort={onSort}
            />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((coin) => (
          <tr key={coin.coinId} data-testid="coin-row">
            <th scope="row" className={styles.coinCell}>
              <span className={styles.coinName}>
                <span className={styles.coinAvatar}>
                  <CoinAvatar photo={undefined} symbol={coin.coinSymbol} size={22} />
                </span>
                {baseSymbol(coin.coinSymbol)}
              </span>
            </th>
            <td className={styles.numCell}>{coin.epics}</td>
            <td className={styles.numCell}>
              <ProfitAmount value={coin.realisedPnl} />
            </td>
            <td className={styles.numCell}>{formatUsd(coin.volume)}</td>
            <td className={styles.numCell}>{formatUsd(coin.fees)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
};
