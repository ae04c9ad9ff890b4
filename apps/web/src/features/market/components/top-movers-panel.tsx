import type { TTopMover } from '@cdca/contracts';
import { Flame, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { CoinAvatar } from '@/components/ui/coin-avatar.tsx';
import { LiveBadge } from '@/components/ui/live-badge.tsx';
import { Panel } from '@/components/ui/panel.tsx';
import { PriceChange } from '@/components/ui/price-change.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { sortMovers, useTopMovers } from '../api/get-top-movers.ts';
import styles from './market.module.css';

export type TopMoversPanelProps = {
  onWatch: (mover: TTopMover) => void;
  isWatched: (coinId: string) => boolean;
  /** Where "start an epic on this coin" leads, when the route offers it. */
  startEpicPath?: (coinId: string) => string;
};

/** Today's biggest 24 h moves; the list follows top-mover.created / deleted events live. */
export const TopMoversPanel = ({ onWatch, isWatched, startEpicPath }: TopMoversPanelProps) => {
  const movers = useTopMovers();
  return (
    <Panel
      titleId="top-movers-title"
      title="Top movers"
      icon={<Flame size={17} aria-hidden="true" />}
      aside={<LiveBadge className={styles.live} />}
    >
      {movers.isPending ? (
        <div style={{ display: 'grid', gap: 12 }} aria-label="Loading top movers" role="status">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={36} />
          ))}
        </div>
      ) : movers.isError ? (
        <p role="alert" className={styles.muted}>
          Top movers could not be loaded.
        </p>
      ) : movers.data.topMovers.length === 0 ? (
        <p className={styles.muted}>No coin is moving unusually right now.</p>
      ) : (
        <ul className={styles.list}>
          {sortMovers(movers.data.topMovers).map((mover) => {
            const watched = isWatched(mover.coinId);
            const label = baseSymbol(mover.symbol);
            return (
              <li
                key={mover.id}
                className={styles.moverRow}
                data-with-epic={startEpicPath ? true : undefined}
              >
                <CoinAvatar photo={mover.photo} symbol={mover.symbol} size={30} />
                <span className={styles.moverName}>
                  <strong>{label}</strong>
                  {/* "#19": short enough to sit beside the change and the buttons on a phone; the title says what it ranks. */}
                  <span title={mover.rank === null ? undefined : `Rank ${mover.rank} by 24 h volume`}>
                    {mover.rank === null ? mover.symbol : `#${mover.rank}`}
                  </span>
                </span>
                <PriceChange percent={(Number(mover.exchangeRateT24Ratio) - 1) * 100} />
                {startEpicPath ? (
                  <Link
                    to={startEpicPath(mover.coinId)}
                    className={styles.moverEpic}
                    aria-label={`Start an epic on ${label}`}
                    title={`Start an epic on ${label}`}
                  >
                    <Plus size={16} aria-hidden="true" />
                  </Link>
                ) : null}
                <Button
                  size="sm"
                  variant={watched ? 'ghost' : 'secondary'}
                  disabled={watched}
                  aria-label={watched ? `${label} is in your watchlist` : `Watch ${label}`}
                  onClick={() => onWatch(mover)}
                >
                  {watched ? 'Watching' : 'Watch'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
};
