import type { TEpicSort } from '@cdca/contracts';
import { EPIC_SORTS } from '@cdca/contracts';
import { ChoiceChips } from '@/components/ui/choice-chips.tsx';
import { epicStatusLabel, TERMINAL_EPIC_STATUSES } from '@/lib/epics/epic-status.ts';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { type HistoryFilters, SORT_LABELS } from '../lib/history-filters.ts';
import styles from './history.module.css';

export type HistoryFiltersBarProps = {
  filters: HistoryFilters;
  coins: readonly { symbol: string; name: string }[];
  onChange: (next: Partial<HistoryFilters>) => void;
};

const SORT_ORDER = Object.keys(SORT_LABELS) as TEpicSort[];
const STATUS_OPTIONS = ['all', ...TERMINAL_EPIC_STATUSES] as const;

/** Status chips, a coin picker and the sort. Any change goes back to page 1. */
export const HistoryFiltersBar = ({ filters, coins, onChange }: HistoryFiltersBarProps) => (
  <div className={styles.filters}>
    <ChoiceChips
      legend="Status"
      options={STATUS_OPTIONS}
      value={filters.status}
      label={(status) => (status === 'all' ? 'All' : epicStatusLabel(status))}
      onChange={(status) => onChange({ status, page: 1 })}
    />
    <div className={styles.selects}>
      <label className={styles.select}>
        Coin
        <select value={filters.coin} onChange={(event) => onChange({ coin: event.target.value, page: 1 })}>
          <option value="all">All coins</option>
          {coins.map((coin) => (
            <option key={coin.symbol} value={coin.symbol}>
              {baseSymbol(coin.symbol)} · {coin.name}
            </option>
          ))}
          {filters.coin !== 'all' && !coins.some((coin) => coin.symbol === filters.coin) ? (
            <option value={filters.coin}>{baseSymbol(filters.coin)}</option>
          ) : null}
        </select>
      </label>
      <label className={styles.select}>
        Sort
        <select
          value={filters.sort}
          onChange={(event) => {
            const sort = EPIC_SORTS.find((candidate) => candidate === event.target.value);
            if (sort) onChange({ sort: sort satisfies TEpicSort, page: 1 });
          }}
        >
          {SORT_ORDER.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
    </div>
  </div>
);
