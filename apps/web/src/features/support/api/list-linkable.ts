import { type TEpicList, type TPaymentList, ZEpicList, ZPaymentList } from '@cdca/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { SUPPORT_QUERY_KEY } from './list-my-tickets.ts';

/** The trader's own epics and payments a new ticket may be about (the server checks they are theirs). */
const listEpics = (): Promise<TEpicList> =>
  apiRequest('/api/v1/epics', { query: { limit: 100, sort: 'createdAt:desc' }, schema: ZEpicList });

const listPayments = (): Promise<TPaymentList> =>
  apiRequest('/api/v1/payments', { query: { limit: 50 }, schema: ZPaymentList });

export const useLinkableEpics = () =>
  useQuery({ queryKey: [...SUPPORT_QUERY_KEY, 'linkable', 'epics'], queryFn: listEpics, staleTime: 30_000 });

export const useLinkablePayments = () =>
  useQuery({
    queryKey: [...SUPPORT_QUERY_KEY, 'linkable', 'payments'],
    queryFn: listPayments,
    staleTime: 30_000,
  });
