import { type TAdminChartPeriod, type TAdminCharts, ZAdminCharts } from '@cdca/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getAdminCharts = (period: TAdminChartPeriod): Promise<TAdminCharts> =>
  apiRequest('/api/v1/admin/charts', { query: { period }, schema: ZAdminCharts });

export const adminChartsQueryOptions = (period: TAdminChartPeriod) =>
  queryOptions({ queryKey: ['admin', 'charts', period], queryFn: () => getAdminCharts(period) });

/** The previous period's charts stay on screen while the next one loads, so nothing jumps. */
export const useAdminCharts = (period: TAdminChartPeriod) =>
  useQuery({ ...adminChartsQueryOptions(period), placeholderData: keepPreviousData });
