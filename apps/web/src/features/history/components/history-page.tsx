import { History } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useAllHistory } from '../api/get-all-history.ts';
import { useHistoryPage } from '../api/get-history-page.ts';
import { useLiveHistory } from '../hooks/use-live-history.ts';
import { type HistoryFilters, readHistoryFilters, writeHistoryFilters } from '../lib/history-filters.ts';
import { historyCoins, historyTotals } from '../lib/history-totals.ts';
import styles from './history.module.css';
import { HistoryFiltersBar } from './history-filters-bar.tsx';
import { HistoryList } from './history-list.tsx';
import { HistoryPager } from './history-pager.tsx';
import { HistoryTotals } from './history-totals.tsx';

/** /history: closed, cancelled, liquidated and delisted epics, filtered, sorted, paged and totalled. */
export const HistoryPage = () => {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readHistoryFilters(params), [params]);
  const page = useHistoryPage(filters);
  const all = useAllHistory();
  useLiveHistory();

  const totals = useMemo(
    () => (all.data ? historyTotals(all.data, filters) : undefined),
    [all.data, filters],
  );
  const coins = useMemo(() => historyCoins(all.data ?? []), [all.data]);
  const change = (next: Partial<HistoryFilters>) => setParams(writeHistoryFilters({ ...filters, ...next }));

  const header = <PageHeader title="History" subtitle="Closed, cancelled, liquidated and delisted epics." />;
  if (all.data?.length === 0) {
    return (
      <>
        {header}
        <EmptyState
          icon={<History size={26} />}
          title="No finished epics yet"
          actions={<ButtonLink to="/dashboard">Go to dashboard</ButtonLink>}
        >
          When an epic's take-profit sells it closes on its own and lands here with its profit. Cancelled and
          liquidated epics are listed here too.
        </EmptyState>
      </>
    );
  }
  if (page.isError && !page.data) {
    return (
      <>
        {header}
        <EmptyState
          icon={<History size={26} />}
          title="Could not load your history"
          actions={<Button onClick={() => void page.refetch()}>Try again</Button>}
        >
          The server did not answer. Nothing is lost; try again in a moment.
        </EmptyState>
      </>
    );
  }

  const rows = page.data?.epics;
  return (
    <div className={styles.page}>
      {header}
      <HistoryTotals totals={totals} />
      <HistoryFiltersBar filters={filters} coins={coins} onChange={change} />
      {rows && rows.length === 0 ? (
        <EmptyState
          icon={<History size={26} />}
          title="Nothing matches these filters"
          actions={
            <Button variant="secondary" onClick={() => setParams(new URLSearchParams())}>
              Clear filters
            </Button>
          }
        >
          No finished epic has this status and coin.
        </EmptyState>
      ) : (
        <HistoryList epics={rows} busy={page.isPlaceholderData} />
      )}
      <HistoryPager
        page={filters.page}
        total={page.data?.total ?? 0}
        onPage={(next) => change({ page: next })}
      />
    </div>
  );
};
