import type { TCoin } from '@cdca/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useLocation, useSearchParams } from 'wouter';
import { type ChartPriceLine, PriceHistoryChart } from '@/components/charts/price-history-chart.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/routes.ts';
import { BacktestPanel } from '@/features/backtest/components/backtest-panel.tsx';
import { CoinPicker, type PickGroup } from '@/features/epics/components/create-epic/coin-picker.tsx';
import { CreateEpicPanel } from '@/features/epics/components/create-epic/create-epic-panel.tsx';
import { useEpicDraft } from '@/features/epics/hooks/use-epic-draft.ts';
import { useCandles } from '@/features/market/api/get-candles.ts';
import { coinQueryKey, getCoinQueryOptions } from '@/features/market/api/get-coin.ts';
import { sortMovers, useTopMovers } from '@/features/market/api/get-top-movers.ts';
import { CoinSearch } from '@/features/market/components/coin-search.tsx';
import { useLiveMarket } from '@/features/market/hooks/use-live-market.ts';
import { useWatchlistItems } from '@/features/watchlist/api/get-watchlist.ts';
import { useFocusedCoin } from '@/features/watchlist/lib/focused-coin-store.ts';
import { useMediaQuery } from '@/hooks/use-media-query.ts';
import { useAccount } from '@/lib/auth/use-account.ts';
import styles from './create-epic.module.css';

/** How many of today's movers to offer as one-tap picks. */
const MOVER_PICKS = 8;

export default function CreateEpicRoute() {
  const account = useAccount();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  useLiveMarket();
  const focused = useFocusedCoin();
  const state = useEpicDraft(account.skillLevel, params.get('coin'), focused?.id ?? null);
  const coin = useQuery({ ...getCoinQueryOptions(state.coinId ?? ''), enabled: Boolean(state.coinId) });
  const movers = useTopMovers();
  const watchlist = useWatchlistItems(account.id);

  const groups: PickGroup[] = [
    {
      title: 'Top movers',
      empty: 'No coin is moving unusually right now.',
      picks: movers.data
        ? sortMovers(movers.data.topMovers)
            .slice(0, MOVER_PICKS)
            .map((mover) => ({
              coinId: mover.coinId,
              symbol: mover.symbol,
              photo: mover.photo,
              changePercent: String((Number(mover.exchangeRateT24Ratio) - 1) * 100),
            }))
        : movers.isError
          ? []
          : undefined,
    },
    {
      title: 'Watchlist',
      empty: 'Coins you watch appear here.',
      picks: watchlist.data
        ? watchlist.data.watchListItems.map((item) => ({
            coinId: item.coinId,
            symbol: item.coinSymbol,
            photo: item.coin?.photo,
            changePercent: item.coin?.change24h,
          }))
        : watchlist.isError
          ? []
          : undefined,
    },
  ];

  // The chosen coin is also the page's address, so a reload or a shared link opens the same coin.
  const choose = (coinId: string) => {
    state.chooseCoin(coinId);
    setParams({ coin: coinId }, { replace: true });
  };
  const chooseFromSearch = (picked: TCoin) => {
    queryClient.setQueryData(coinQueryKey(picked.id), picked);
    choose(picked.id);
  };

  return (
    <>
      <PageHeader
        title="New epic"
        subtitle="Pick a coin, set your budget and levels, and check every order before anything is placed."
        actions={
          <ButtonLink to={paths.dashboard} variant="ghost">
            <ArrowLeft size={16} aria-hidden="true" />
            Dashboard
          </ButtonLink>
        }
      />
      <CreateEpicPanel
        state={state}
        coin={coin.data}
        skill={account.skillLevel}
        coinPicker={
          <CoinPicker
            selectedCoinId={state.coinId}
            groups={groups}
            onPick={choose}
            search={
              <CoinSearch isWatched={() => false} actionLabel={() => 'Choose'} onAdd={chooseFromSearch} />
            }
          />
        }
        renderChart={(lines) =>
          state.coinId ? (
            <CoinLadderChart coinId={state.coinId} symbol={coin.data?.symbol} lines={lines} />
          ) : null
        }
        renderBacktest={(plan) => <BacktestPanel plan={plan} coinSymbol={coin.data?.symbol} />}
        onCreated={() => navigate(paths.dashboard)}
      />
    </>
  );
}

type CoinLadderChartProps = { coinId: string; symbol: string | undefined; lines: ChartPriceLine[] };

/** The last day of the coin in 15-minute candles with the ladder drawn across it. */
const CoinLadderChart = ({ coinId, symbol, lines }: CoinLadderChartProps) => {
  const candles = useCandles(coinId, '1D');
  const narrow = useMediaQuery('(max-width: 650px)');
  const height = narrow ? 280 : 360;
  if (candles.isPending) {
    return (
      <div className={styles.chartSlot} style={{ height }}>
        <Skeleton height="100%" radius={10} />
      </div>
    );
  }
  return (
    <PriceHistoryChart
      kind="candles"
      candles={candles.data ?? []}
      height={height}
      label={`${symbol ?? 'Coin'} price over the last day with the planned levels`}
      priceLines={lines}
      fitKey={coinId}
      emptyText={candles.isError ? 'The price history could not be loaded.' : undefined}
    />
  );
};
