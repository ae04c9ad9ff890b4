import {
  type TBacktestBody,
  type TBacktestReport,
  type TCandleWindow,
  type TCreateEpicBody,
  ZBacktestReport,
} from '@cdca/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSettledJson } from '@/hooks/use-debounced-value.ts';
import { apiRequest } from '@/lib/http/api-client.ts';
import { START_EVERY } from '../lib/backtest-windows.ts';

/** POST /api/v1/backtests: every start of the ladder over the window, replayed on the server. */
export const runBacktest = (body: TBacktestBody, signal?: AbortSignal): Promise<TBacktestReport> =>
  apiRequest('/api/v1/backtests', { method: 'POST', body, schema: ZBacktestReport, signal });

/** How long the form must rest before the backtest runs again: typing a budget runs it once, not per key. */
const SETTLE_MS = 200;

/**
 * The backtest of the form's ladder, once its inputs have rested; the last report stays on screen (dimmed by the
 * panel) while the next is computed. `plan` is undefined while the form is invalid: nothing runs.
 */
export const useBacktest = (plan: TCreateEpicBody | undefined, window: TCandleWindow) => {
  const settled = useSettledJson(plan ?? null, SETTLE_MS);
  return useQuery({
    queryKey: ['backtest', settled, window],
    queryFn: ({ signal }) =>
      runBacktest({ ...(settled as TCreateEpicBody), window, startEvery: START_EVERY[window] }, signal),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    // History does not change under a form: the same ladder over the same window is the same answer.
    staleTime: 5 * 60_000,
    retry: false,
  });
};
