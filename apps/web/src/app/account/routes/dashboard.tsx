import { useQueryClient } from '@tanstack/react-query';
import { CandlestickChart, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/routes.ts';
import { BeginnerChecklist } from '@/features/academy/components/beginner-checklist.tsx';
import { lessonPath } from '@/features/academy/lib/lesson-path.ts';
import { useLiveEpics } from '@/features/epics/api/get-live-epics.ts';
import { useRecentlyClosedEpics } from '@/features/epics/api/get-recently-closed-epics.ts';
import { LiveEpicsPanel } from '@/features/epics/components/live-epics-panel.tsx';
import { PortfolioSummary } from '@/features/epics/components/portfolio-summary.tsx';
import { useLiveEpicsSync } from '@/features/epics/hooks/use-live-epics-sync.ts';
import { portfolioFigures, startOfLocalDay } from '@/features/epics/lib/live-epic-figures.ts';
import {
  exchangeAccountQueryKey,
  useExchangeAccount,
} from '@/features/exchange-keys/api/get-exchange-account.ts';
import { useCoinPrices } from '@/features/market/api/get-coin-prices.ts';
import { CoinSearch } from '@/features/market/components/coin-search.tsx';
import { FocusedCoinCard } from '@/features/market/components/focused-coin-card.tsx';
import { TopMoversPanel } from '@/features/market/components/top-movers-panel.tsx';
import { useLiveMarket } from '@/features/market/hooks/use-live-market.ts';
import { useAddToWatchlist } from '@/features/watchlist/api/create-watchlist-item.ts';
import { useWatchlistItems } from '@/features/watchlist/api/get-watchlist.ts';
import { WatchlistPanel } from '@/features/watchlist/components/watchlist-panel.tsx';
import { useFocusedCoin } from '@/features/watchlist/lib/focused-coin-store.ts';
import { useAccount } from '@/lib/auth/use-account.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { newEpicPath } from './create-epic-path.ts';
import styles from './dashboard.module.css';

export default function DashboardRoute() {
  const account = useAccount();
  const queryClient = useQueryClient();
  useLiveMarket();
  // A fill moves money on the exchange: re-read the balances on it (an event, not a timer).
  useLiveEpicsSync({
    onTrade: () => void refreshQueries(queryClient, { queryKey: exchangeAccountQueryKey }),
  });
  const focused = useFocusedCoin();
  const watchlist = useWatchlistItems(account.id);
  const add = useAddToWatchlist(account.id);
  const watched = new Set(watchlist.data?.watchListItems.map((item) => item.coinId));
  const isWatched = (coinId: string) => watched.has(coinId);

  const live = useLiveEpics();
  const ended = useRecentlyClosedEpics();
  const exchange = useExchangeAccount();
  const priceOf = useCoinPrices(live.data?.epics.map((epic) => epic.coin.id) ?? []);
  const figures = useMemo(
    () =>
      live.data && ended.data
        ? portfolioFigures(live.data.epics, ended.data.epics, priceOf, startOfLocalDay(new Date()))
        : undefined,
    [live.data, ended.data, priceOf],
  );
  const cash = exchange.isPending
    ? undefined
    : exchange.data
      ? { usd: exchange.data.usdAvailable, usdc: exchange.data.usdcAvailable }
      : null;

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Your epics, watchlist and today's top movers — live."
        actions={
          <ButtonLink to={newEpicPath()}>
            <Plus size={16} aria-hidden="true" />
            New epic
          </ButtonLink>
        }
      />
      <div className={styles.grid}>
        <div className={styles.main}>
          <div className={styles.summary}>
            <PortfolioSummary cash={cash} figures={figures} />
          </div>
          {/* No epic yet, running or ended: the first lessons, until dismissed (docs/decisions/academy.md). */}
          {live.data?.epics.length === 0 && ended.data?.epics.length === 0 ? (
            <BeginnerChecklist lessonPath={lessonPath} academyPath={paths.academy} />
          ) : null}
          <div className={styles.epics}>
            <LiveEpicsPanel priceOf={priceOf} newEpicPath={newEpicPath()} />
          </div>
          <div className={styles.focus}>
            {focused ? (
              <FocusedCoinCard
                key={focused.id}
                coin={focused}
                action={
                  <ButtonLink to={newEpicPath(focused.id)} size="sm" variant="secondary">
                    <Plus size={14} aria-hidden="true" />
                    Start epic
                  </ButtonLink>
                }
              />
            ) : (
              <EmptyState icon={<CandlestickChart size={26} />} title="Pick a coin to follow">
                Add a coin to your watchlist and its live price and chart appear here.
              </EmptyState>
            )}
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
              startEpicPath={newEpicPath}
            />
          </div>
        </div>
      </div>
    </>
  );
}
