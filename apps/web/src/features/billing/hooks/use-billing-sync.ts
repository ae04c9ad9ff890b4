import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { invalidateBilling } from '../api/invalidate-billing.ts';

/**
 * Keeps every billing view live: `payment.updated` (requested, paid, past due, a new charge) and
 * `account.updated` (deactivated, reactivated) make the payments and the billing summary re-read.
 */
export const useBillingSync = (accountId: string): void => {
  const queryClient = useQueryClient();
  const refresh = () => void invalidateBilling(queryClient, accountId);
  useRealtimeEvent('payment.updated', refresh);
  useRealtimeEvent('account.updated', refresh);
};
