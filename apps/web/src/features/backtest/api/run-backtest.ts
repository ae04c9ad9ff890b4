import {
  type TBacktestBody,
  type TBacktestReport,
  type TCandleWindow,
  type TCreateEpicBody,
  ZBacktestReport,
} from '@cdca/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLatestWhenIdle } from '@/hooks/use-latest-when-idle.ts';
import { apiRequest } from '@/lib/http/api-client.ts';
import { START_EVERY } from '../lib/backtest-windows.ts';

/** POST /api/v1/backtests: every start of the ladder over the window, replayed on the server. */
export const runBacktest = (body: TBacktestBody, signal?: AbortSignal): Promise<TBacktestReport> =>
  apiRequest('/api/v1/backtests', { method: 'POST', body, schema: ZBacktestReport, signal });

/**
 * The backtest of the form's ladder as the form changes: the first change runs at once, changes made while a
 * backtest is running are folded into one run of the newest inputs when it ends (docs/decisions/backtest-panel.md).
 * The last report stays on screen (dimmed by the panel) while the next is computed. `plan` is undefined while the
 * form is invalid: nothing runs.
 */
export const useBacktest = (plan: TCreateEpicBody | undefined, window: TCandleWindow) => {
  const [busy, setBusy] = useState(false);
  const asked = useLatestWhenIdle(plan ?? null, busy);
  const query = useQuery({
    queryKey: ['backtest', asked, window],
    queryFn: ({ signal }) =>
      runBacktest({ ...(asked as TCreateEpicBody), window, startEvery: START_EVERY[window] }, signal),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
    // History does not change under a form: the same ladder over the same window is the same answer.
    staleTime: 5 * 60_000,
    retry: false,
  });
  useEffect(() => setBusy(query.isFetching), [query.isFetching]);
  return query;
};
