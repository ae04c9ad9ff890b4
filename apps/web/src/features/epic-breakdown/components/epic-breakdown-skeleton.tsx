import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import tiles from '@/components/ui/stat-tiles.module.css';
import styles from './breakdown.module.css';

/** The breakdown's shape while it loads, so nothing jumps when the data lands. */
export const EpicBreakdownSkeleton = () => (
  <div className={styles.page} role="status" aria-live="polite">
    <span className="visually-hidden">Loading the epic…</span>
    <Skeleton width={110} height={18} />
    <div className={styles.header}>
      <div className={styles.headline}>
        <Skeleton width={44} height={44} radius={22} />
        <Skeleton width={160} height={28} />
        <Skeleton width={72} height={24} radius={12} />
      </div>
      <Skeleton width={220} height={40} radius={10} />
    </div>
    <Skeleton height={64} radius={12} />
    <div className={tiles.tiles}>
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
        <div key={index} className={`${tiles.tile} ${styles.figure}`}>
          <Skeleton width="50%" height={12} />
          <Skeleton width="70%" height={22} />
          <Skeleton width="40%" height={12} />
        </div>
      ))}
    </div>
    <Card>
      <Skeleton width={120} height={18} />
      <div style={{ height: 16 }} />
      <Skeleton height={360} radius={8} />
    </Card>
    <Card>
      <Skeleton width={90} height={18} />
      <div style={{ display: 'grid', gap: 12, marginTop: 16 }}>
        <Skeleton height={20} />
        <Skeleton height={20} />
        <Skeleton height={20} />
      </div>
    </Card>
  </div>
);
