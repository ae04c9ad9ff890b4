import type { TEpic } from '@cdca/contracts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import styles from './history.module.css';
import { HISTORY_COLUMNS, HistoryRow } from './history-row.tsx';

export type HistoryListProps = { epics: readonly TEpic[] | undefined; busy: boolean };

const RIGHT = new Set(['Budget', 'Avg buy', 'Profit']);

/** The page of finished epics, as rows on wide screens and cards on narrow ones. */
export const HistoryList = ({ epics, busy }: HistoryListProps) => (
  <div className={styles.list} aria-busy={busy}>
    <div className={styles.head} aria-hidden="true">
      {HISTORY_COLUMNS.map((column) => (
        <span key={column} className={RIGHT.has(column) ? styles.num : undefined}>
          {column}
        </span>
      ))}
    </div>
    {epics ? (
      <ul className={`${styles.rows} ${busy ? styles.busy : ''}`} aria-label="Finished epics">
        {epics.map((epic) => (
          <HistoryRow key={epic.id} epic={epic} />
        ))}
      </ul>
    ) : (
      <div role="status" aria-label="Loading history">
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
          <div key={index} className={styles.row}>
            <Skeleton width={120} height={24} />
            <Skeleton width={80} height={22} radius={11} />
            <Skeleton width={40} />
            <Skeleton width={70} />
            <Skeleton width={70} />
            <Skeleton width={90} />
            <Skeleton width={70} />
          </div>
        ))}
      </div>
    )}
  </div>
);
