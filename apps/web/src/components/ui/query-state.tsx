import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import styles from './query-state.module.css';
import { Skeleton } from './skeleton.tsx';

/** The part of a TanStack query result this needs. */
export type QueryStatus = { isPending: boolean; isError: boolean; refetch: () => unknown };

export type QueryStateProps = {
  query: QueryStatus;
  /** Skeleton rows while loading, announced by `label`. */
  loading: { label: string; rows: number; height: number; radius?: number };
  /** Said when the query failed, before a Try again button. */
  errorMessage: string;
  /** Whether the data arrived empty: `empty` is shown instead of `children`. */
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
};

// Placeholder rows never reorder, so their position is their identity.
const skeletonKeys = (rows: number) => Array.from({ length: rows }, (_, row) => `skeleton-${row}`);

/** Loading, error and empty states of a panel's list, the same everywhere; `children` once there is data. */
export const QueryState = ({ query, loading, errorMessage, isEmpty, empty, children }: QueryStateProps) => {
  if (query.isPending) {
    return (
      <div className={styles.loading} role="status" aria-label={loading.label}>
        {skeletonKeys(loading.rows).map((key) => (
          <Skeleton key={key} height={loading.height} radius={loading.radius} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.error} role="alert">
        {errorMessage}
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return isEmpty ? empty : children;
};
