import type { TWatchlistItem } from '@cdca/contracts';
import { Eye, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { CoinAvatar } from '@/components/ui/coin-avatar.tsx';
import { Panel } from '@/components/ui/panel.tsx';
import { PriceChange } from '@/components/ui/price-change.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { formatPrice } from '@/lib/format/number.ts';
import { useRemoveFromWatchlist } from '../api/delete-watchlist-item.ts';
import { useWatchlist } from '../hooks/use-watchlist.ts';
import styles from './watchlist.module.css';

export type WatchlistPanelProps = {
  accountId: string;
  /** The coin search, composed by the route. */
  search: ReactNode;
};

export const WatchlistPanel = ({ accountId, search }: WatchlistPanelProps) => {
  const { items, focused, focus } = useWatchlist(accountId);
  const remove = useRemoveFromWatchlist(accountId);
  const list = items.data?.watchListItems ?? [];

  return (
    <Panel
      titleId="watchlist-title"
      title="Watchlist"
      icon={<Eye size={17} aria-hidden="true" />}
      aside={items.data ? <span className={styles.count}>{list.length} coins</span> : null}
    >
      {search}
      <QueryState
        query={items}
        loading={{ label: 'Loading your watchlist', rows: 3, height: 44 }}
        errorMessage="Your watchlist could not be loaded."
        isEmpty={list.length === 0}
        empty={
          <div className={styles.empty}>
            <strong>No coins yet</strong>
            Search a coin above or press Watch on a top mover.
          </div>
        }
      >
        <ul className={styles.list} aria-label="Watched coins">
          {list.map((item) => (
            <WatchlistRow
              key={item.id}
              item={item}
              focused={focused?.id === item.coinId}
              onFocus={() => focus(item.coin)}
              onRemove={() => remove.mutate(item)}
            />
          ))}
        </ul>
      </QueryState>
    </Panel>
  );
};

type WatchlistRowProps = {
  item: TWatchlistItem;
  focused: boolean;
  onFocus: () => void;
  onRemove: () => void;
};

const WatchlistRow = ({ item, focused, onFocus, onRemove }: WatchlistRowProps) => {
  const label = baseSymbol(item.coinSymbol);
  return (
    <li className={styles.item} data-focused={focused}>
      <button type="button" className={styles.select} aria-pressed={focused} onClick={onFocus}>
        <CoinAvatar photo={item.coin?.photo} symbol={item.coinSymbol} size={30} />
        <span className={styles.name}>
          <strong>{label}</strong>
          <span>{item.coin?.name ?? item.coinSymbol}</span>
        </span>
        {item.coin ? (
          <span className={styles.quote}>
            {formatPrice(item.coin.price)}
            <PriceChange percent={item.coin.change24h} size={12} />
          </span>
        ) : null}
      </button>
      <button
        type="button"
        className={styles.remove}
        aria-label={`Remove ${label} from watchlist`}
        onClick={onRemove}
      >
        <X size={16} aria-hidden="true" />
      </button>
    </li>
  );
};
