import { CandlestickChart, Layers } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { CoinSearch } from '@/features/market/components/coin-search.tsx';
import { FocusedCoinCard } from '@/features/market/components/focused-coin-card.tsx';
import { TopMoversPanel } from '@/features/market/components/top-movers-panel.tsx';
import { useLiveMarket } from '@/features/market/hooks/use-live-market.ts';
import { useAddToWatchlist } from '@/features/watchlist/api/create-watchlist-item.ts';
import { useWatchlistItems } from '@/features/watchlist/api/get-watchlist.ts';
import { WatchlistPanel } from '@/features/watchlist/components/watchlist-panel.tsx';
import { useFocusedCoin } from '@/features/watchlist/lib/focused-coin-store.ts';
import { useAccount } from '@/lib/auth/use-account.ts';
import styles from './dashboard.module.css';

export default function DashboardRoute() {
  const account = useAccount();
  useLiveMarket();
  const focused = useFocusedCoin();
  const watchlist = useWatchlistItems(account.id);
  const add = useAddToWatchlist(account.id);
  const watched = new Set(watchlist.data?.watchListItems.map((item) => item.coinId));
  const isWatched = (coinId: string) => watched.has(coinId);

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Your epics, watchlist and today's top movers — live." />
      <div className={styles.grid}>
        <div className={styles.main}>
          <div className={styles.focus}>
            {focused ? (
              <FocusedCoinCard key={focused.id} coin={focused} />
            ) : (
              <EmptyState icon={<CandlestickChart size={26} />} title="Pick a coin to follow">
                Add a coin to your watchlist and its live price and chart appear here.
              </EmptyState>
            )}
          </div>
          <div className={styles.epics}>
            <EmptyState icon={<Layers size={26} />} tag="Coming next" title="Your epics will appear here">
              Live epics with their filled levels, average buy price and take-profit arrive with the trading
              engine. Your exchange is connected, so you are ready for it.
            </EmptyState>
          </div>
        </div>
        <div className={styles.side}>
          <div className={styles.watchlist}>
            <WatchlistPanel
              accountId={account.id}
              search={
                <CoinSearch
                  isWatched={isWatched}
                  onAdd={(coin) => add.mutate({ coinId: coin.id, coinSymbol: coin.symbol })}
                />
              }
            />
          </div>
          <div className={styles.movers}>
            <TopMoversPanel
              isWatched={isWatched}
              onWatch={(mover) => add.mutate({ coinId: mover.coinId, coinSymbol: mover.symbol })}
            />
          </div>
        </div>
      </div>
    </>
  );
}
