import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { HISTORY_PAGE_SIZE } from '../lib/history-filters.ts';
import styles from './history.module.css';

export type HistoryPagerProps = { page: number; total: number; onPage: (page: number) => void };

/** '21–40 of 57' with previous and next; hidden when everything fits on one page. */
export const HistoryPager = ({ page, total, onPage }: HistoryPagerProps) => {
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  if (pages <= 1) return null;
  const first = (page - 1) * HISTORY_PAGE_SIZE + 1;
  const last = Math.min(total, page * HISTORY_PAGE_SIZE);
  return (
    <nav className={styles.pager} aria-label="Pages">
      <span>
        {first}–{last} of {total}
      </span>
      <div className={styles.pagerButtons}>
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft size={16} aria-hidden="true" />
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight size={16} aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
};
