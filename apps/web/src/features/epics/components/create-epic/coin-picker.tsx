import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card.tsx';
import { CoinAvatar } from '@/components/ui/coin-avatar.tsx';
import { PriceChange } from '@/components/ui/price-change.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import styles from './coin-picker.module.css';

export type CoinPick = { coinId: string; symbol: string; photo: string | undefined; changePercent?: string };

export type PickGroup = { title: string; picks: readonly CoinPick[] | undefined; empty: string };

export type CoinPickerProps = {
  selectedCoinId: string | null;
  groups: readonly PickGroup[];
  onPick: (coinId: string) => void;
  /** The coin search, composed by the route. */
  search: ReactNode;
};

/** Choose the epic's coin: one tap on a top mover or a watched coin, or search any coin. */
export const CoinPicker = ({ selectedCoinId, groups, onPick, search }: CoinPickerProps) => (
  <Card as="section" aria-labelledby="coin-picker-title" className={styles.picker} compact>
    <div className={styles.head}>
      <h2 id="coin-picker-title" className={styles.title}>
        Coin
      </h2>
      <div className={styles.search}>{search}</div>
    </div>
    {groups.map((group) => (
      <div key={group.title} className={styles.group}>
        <p className={styles.groupTitle}>{group.title}</p>
        {group.picks === undefined ? (
          <div className={styles.chips} role="status" aria-label={`Loading ${group.title.toLowerCase()}`}>
            {[0, 1, 2].map((chip) => (
              <Skeleton key={chip} width={96} height={34} radius={17} />
            ))}
          </div>
        ) : group.picks.length === 0 ? (
          <p className={styles.empty}>{group.empty}</p>
        ) : (
          <ul className={styles.chips} aria-label={group.title}>
            {group.picks.map((pick) => (
              <li key={pick.coinId}>
                <button
                  type="button"
                  className={styles.chip}
                  aria-pressed={pick.coinId === selectedCoinId}
                  onClick={() => onPick(pick.coinId)}
                >
                  <CoinAvatar photo={pick.photo} symbol={pick.symbol} size={22} />
                  <strong>{baseSymbol(pick.symbol)}</strong>
                  {pick.changePercent === undefined ? null : (
                    <PriceChange percent={pick.changePercent} size={12} />
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    ))}
  </Card>
);
