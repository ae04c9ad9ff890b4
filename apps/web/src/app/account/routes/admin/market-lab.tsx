import type { TCoin } from '@cdca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { coinQueryKey, useCoin } from '@/features/market/api/get-coin.ts';
import { CoinSearch } from '@/features/market/components/coin-search.tsx';
import { FocusedCoinCard } from '@/features/market/components/focused-coin-card.tsx';
import { useLiveMarket } from '@/features/market/hooks/use-live-market.ts';
import { MarketLabLayout, NoCoinChosen } from '@/features/market-lab/components/market-lab-layout.tsx';
import { MarketLabOff } from '@/features/market-lab/components/market-lab-off.tsx';
import { MarketLabPanel } from '@/features/market-lab/components/market-lab-panel.tsx';
import { refreshQueries } from '@/lib/react-query.ts';

/**
 * /admin/market-lab: the owners' levers on the paper market (docs/decisions/market-lab.md). The chosen coin lives in
 * the address (`?coin=`), so a delisted coin, which leaves the search, can still be brought back.
 */
export default function AdminMarketLabRoute() {
  const { paperMarketControls, appEnv, exchange } = useRuntimeConfig();
  return paperMarketControls ? <MarketLab /> : <MarketLabOff appEnv={appEnv} exchange={exchange} />;
}

const MarketLab = () => {
  // coin.updated keeps the chosen coin's cached price and status live.
  useLiveMarket();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const coinId = params.get('coin');
  const choose = (coin: TCoin) => {
    queryClient.setQueryData(coinQueryKey(coin.id), coin);
    setParams({ coin: coin.id });
  };
  return (
    <MarketLabLayout
      picker={
        <CoinSearch
          onAdd={choose}
          isWatched={(id) => id === coinId}
          actionLabel={(chosen) => (chosen ? 'In the lab' : 'Drive')}
        />
      }
    >
      {coinId ? <ChosenCoin key={coinId} coinId={coinId} /> : <NoCoinChosen />}
    </MarketLabLayout>
  );
};

const ChosenCoin = ({ coinId }: { coinId: string }) => {
  const queryClient = useQueryClient();
  const coin = useCoin(coinId);
  return (
    <QueryState
      query={coin}
      loading={{ label: 'Loading the coin', rows: 2, height: 180 }}
      errorMessage="This coin could not be loaded. Pick it again from the search."
      isEmpty={false}
      empty={null}
    >
      {coin.data ? (
        <>
          <FocusedCoinCard coin={coin.data} />
          <MarketLabPanel
            productId={coin.data.symbol}
            price={coin.data.price}
            onApplied={() => void refreshQueries(queryClient, { queryKey: coinQueryKey(coinId) })}
          />
        </>
      ) : null}
    </QueryState>
  );
};
