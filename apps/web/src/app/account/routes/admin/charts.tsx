import { ADMIN_CHART_PERIODS, type TAdminChartPeriod } from '@cdca/contracts';
import { useSearchParams } from 'wouter';
import { AdminCharts } from '@/features/admin/components/admin-charts.tsx';

const periodOf = (value: string | null): TAdminChartPeriod =>
  ADMIN_CHART_PERIODS.find((period) => period === value) ?? '30d';

/** /admin/charts: the period lives in the address, so a link keeps it. */
export default function AdminChartsRoute() {
  const [params, setParams] = useSearchParams();
  return (
    <AdminCharts
      period={periodOf(params.get('period'))}
      onPeriodChange={(period) => setParams(period === '30d' ? {} : { period })}
    />
  );
}
