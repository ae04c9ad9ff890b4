import type { TCoin } from '@cdca/contracts';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { CoinAvatar } from '@/components/ui/coin-avatar.tsx';
import { PriceChange } from '@/components/ui/price-change.tsx';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import { formatPrice } from '@/lib/format/number.ts';
import { useCoinSearch } from '../api/search-coins.ts';
import styles from './market.module.css';

export type CoinSearchProps = {
  onAdd: (coin: TCoin) => void;
  isWatched: (coinId: string) => boolean;
  /** What choosing an option does, shown on it; by default adding to the watchlist. */
  actionLabel?: (watched: boolean) => string;
};

const watchlistAction = (watched: boolean) => (watched ? 'Watching' : 'Add to watchlist');

const DEBOUNCE_MS = 250;

/**
 * A combobox (WAI-ARIA 1.2 pattern): type a symbol or name, move with ↑/↓, Enter adds the highlighted coin
 * to the watchlist, Escape closes.
 */
export const CoinSearch = ({ onAdd, isWatched, actionLabel = watchlistAction }: CoinSearchProps) => {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const results = useCoinSearch(search);
  const coins = search ? (results.data?.coins ?? []) : [];
  const listId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const showList = open && text.trim() !== '';

  useEffect(() => {
    if (!showList) return;
    const onPointer = (event: PointerEvent) => {
      if (wrap.current && !wrap.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [showList]);

  const choose = (coin: TCoin) => {
    onAdd(coin);
    setText('');
    setOpen(false);
  };

  const optionId = (index: number) => `${listId}-${index}`;
  const activeIndex = Math.min(active, Math.max(0, coins.length - 1));
  const activeCoin = coins[activeIndex];

  return (
    <div className={styles.search} ref={wrap}>
      <div className={styles.searchBox}>
        <Search size={16} aria-hidden="true" />
        <input
          className={styles.searchInput}
          type="search"
          role="combobox"
          aria-label="Search coins"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && activeCoin ? optionId(activeIndex) : undefined}
          placeholder="Search coins by symbol or name"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setOpen(true);
              setActive((index) => (coins.length === 0 ? 0 : (index + 1) % coins.length));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((index) => (coins.length === 0 ? 0 : (index - 1 + coins.length) % coins.length));
            } else if (event.key === 'Enter' && showList && activeCoin) {
              event.preventDefault();
              choose(activeCoin);
            } else if (event.key === 'Escape') {
              setOpen(false);
            }
          }}
        />
      </div>
      {showList ? (
        <div id={listId} role="listbox" aria-label="Matching coins" className={styles.listbox}>
          {coins.map((coin, index) => {
            const watched = isWatched(coin.id);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard for its options
              <div
                key={coin.id}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                className={styles.option}
                onPointerMove={() => setActive(index)}
                onClick={() => choose(coin)}
              >
                <CoinAvatar photo={coin.photo} symbol={coin.symbol} size={28} />
                <span className={styles.optionText}>
                  <strong>{coin.symbol}</strong>
                  <span>
                    {coin.name} · <span className="num">{formatPrice(coin.price)}</span>{' '}
                    <PriceChange percent={coin.change24h} size={12} />
                  </span>
                </span>
                <span className={styles.optionAction} data-watched={watched}>
                  {actionLabel(watched)}
                </span>
              </div>
            );
          })}
          {coins.length === 0 ? (
            <div className={styles.searchNote} aria-live="polite">
              {results.isFetching || search !== text.trim()
                ? 'Searching…'
                : `No coins match “${text.trim()}”.`}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
};
