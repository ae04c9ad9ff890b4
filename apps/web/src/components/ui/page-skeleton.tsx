import { Skeleton } from './skeleton.tsx';

export type PageSkeletonProps = { label?: string };

/** Whole-page loading state: a title bar and a few content blocks. */
export const PageSkeleton = ({ label = 'Loading' }: PageSkeletonProps) => (
  <div
    role="status"
    aria-live="polite"
    style={{ display: 'grid', gap: 16, padding: 'clamp(16px, 4vw, 40px)' }}
  >
    <span className="visually-hidden">{label}…</span>
    <Skeleton width={220} height={28} />
    <Skeleton width="60%" height={14} />
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
      <Skeleton height={120} radius={12} />
      <Skeleton height={120} radius={12} />
      <Skeleton height={120} radius={12} />
    </div>
    <Skeleton height={220} radius={12} />
  </div>
);
