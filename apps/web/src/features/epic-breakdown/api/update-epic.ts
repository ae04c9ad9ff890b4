import { type TEpic, type TEpicDetail, type TUpdateEpicBody, ZEpic } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { epicLabel } from '@/lib/epics/epic-identity.ts';
import { apiRequest } from '@/lib/http/api-client.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { toast } from '@/lib/toast.ts';
import { applyEpicSummary } from '../lib/epic-detail-cache.ts';
import { epicDetailQueryKey } from './get-epic.ts';

export type EpicAction = TUpdateEpicBody['action'];

export const updateEpic = (epicId: string, body: TUpdateEpicBody): Promise<TEpic> =>
  apiRequest(`/api/v1/epics/${encodeURIComponent(epicId)}`, { method: 'PATCH', body, schema: ZEpic });

const DONE: Record<EpicAction, string> = {
  cancel: 'is being cancelled: open orders are cancelled, your coins stay.',
  liquidate: 'is being liquidated: everything held is sold at the market.',
};

/** The trader's cancel or liquidate; the engine carries it out and epic.updated reports each step. */
export const useUpdateEpic = (epicId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: EpicAction) => updateEpic(epicId, { action }),
    onSuccess: (epic, action) => {
      queryClient.setQueryData<TEpicDetail>(epicDetailQueryKey(epicId), (detail) =>
        detail ? applyEpicSummary(detail, epic) : detail,
      );
      void refreshQueries(queryClient, { queryKey: ['epics', 'list'] });
      toast.success(`${epicLabel(epic.id, epic.coinSymbol)} ${DONE[action]}`);
    },
    onError: (error) => toast.error(errorMessage(error, 'The epic could not be changed. Please try again.')),
  });
};
