import type { TOnboardingStep } from '@cdca/contracts';
import { type TAccount, ZAccount } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { accountQueryKey, setCachedAccount } from '@/lib/auth/account-query.ts';
import { statusHome } from '@/lib/auth/route-access.ts';
import { useAccount } from '@/lib/auth/use-account.ts';
import { apiRequest } from '@/lib/http/api-client.ts';
import { errorMessage, isApiError } from '@/lib/http/api-error.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { toast } from '@/lib/toast.ts';

type StepBodies = {
  payment: Record<string, never>;
  breakdown: { skillLevel: 'beginner' | 'intermediate' | 'expert' };
  keys: Record<string, never>;
  'coinbase-account': Record<string, never>;
  discord: Record<string, never>;
  tos: { accepted: true };
};

export const completeOnboardingStep = <Step extends TOnboardingStep>(
  step: Step,
  body: StepBodies[Step],
): Promise<TAccount> => apiRequest(`/api/v1/onboarding/${step}`, { method: 'POST', body, schema: ZAccount });

/**
 * Completes one step, stores the answered account and moves to the screen its new status dictates.
 * Out of order (another tab finished it, or an owner changed the status) → reload the account instead.
 */
export const useCompleteOnboardingStep = <Step extends TOnboardingStep>(step: Step) => {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const account = useAccount();
  return useMutation({
    mutationFn: (body: StepBodies[Step]) => completeOnboardingStep(step, body),
    onSuccess: (updated) => {
      setCachedAccount(queryClient, updated);
      navigate(statusHome(updated.status), { replace: true });
    },
    onError: (error) => {
      if (isApiError(error, 'onboarding-step-out-of-order')) {
        toast.info('This step was already completed. Taking you to the right place.');
        void refreshQueries(queryClient, { queryKey: accountQueryKey(account.userId) });
        return;
      }
      toast.error(errorMessage(error));
    },
  });
};
