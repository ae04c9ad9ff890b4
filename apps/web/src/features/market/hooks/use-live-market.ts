import type { TTopMoverList } from '@cdca/contracts';
import { ZCoin, ZTopMover } from '@cdca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { coinQueryKey } from '../api/get-coin.ts';
import { topMoversQueryKey } from '../api/get-top-movers.ts';

/** Keeps cached coins and the top movers list in step with the public market events. */
export const useLiveMarket = () => {
  const queryClient = useQueryClient();

  useRealtimeEvent('coin.updated', (message) => {
    const coin = ZCoin.safeParse(message.event);
    if (!coin.success) return;
    if (queryClient.getQueryData(coinQueryKey(coin.data.id))) {
      queryClient.setQueryData(coinQueryKey(coin.data.id), coin.data);
    }
  });

  useRealtimeEvent('top-mover.created', (message) => {
    const mover = ZTopMover.safeParse(message.event);
    if (!mover.success) return;
    queryClient.setQueryData<TTopMoverList>(topMoversQueryKey, (list) =>
      list
        ? { topMovers: [mover.data, ...list.topMovers.filter((item) => item.coinId !== mover.data.coinId)] }
        : list,
    );
  });

  useRealtimeEvent('top-mover.deleted', (message) => {
    const mover = ZTopMover.safeParse(message.event);
    if (!mover.success) return;
    queryClient.setQueryData<TTopMoverList>(topMoversQueryKey, (list) =>
      list ? { topMovers: list.topMovers.filter((item) => item.id !== mover.data.id) } : list,
    );
  });
};
