import { type TCreateEpicBody, type TEpic, ZEpic } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { applyEpic } from './apply-epic.ts';

export const createEpic = (body: TCreateEpicBody): Promise<TEpic> =>
  apiRequest('/api/v1/epics', { method: 'POST', body, schema: ZEpic });

/** The new epic goes straight into the dashboard's list (epic.created would add it too; the upsert is idempotent). */
export const useCreateEpic = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEpic,
    onSuccess: (epic) => applyEpic(queryClient, epic),
  });
};
