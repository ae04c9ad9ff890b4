import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import styles from './billing.module.css';

/** The payment summary card's shape while its figures load. */
export const SummarySkeleton = () => (
  <Card as="section" aria-label="Payment summary" aria-busy="true">
    <div className={styles.skeleton}>
      <Skeleton width="40%" height={22} />
      <Skeleton height={56} />
      <Skeleton height={18} />
      <Skeleton height={18} />
      <Skeleton height={18} />
      <Skeleton width="60%" height={24} />
    </div>
  </Card>
);
