import type { TSupportThread } from '@cdca/contracts';
import { CreditCard, Layers } from 'lucide-react';
import { Link } from 'wouter';
import { epicLabel } from '@/lib/epics/epic-identity.ts';
import { formatUsd } from '@/lib/format/number.ts';
import styles from './support-threads.module.css';

export type LinkedContextProps = Pick<TSupportThread, 'epic' | 'payment'> & {
  /** The trader's own epic page; the owner has no view of another account's epic, so no link there. */
  epicHref?: (id: string) => string;
};

/** What the ticket is about, when it names an epic or a payment. */
export const LinkedContext = ({ epic, payment, epicHref }: LinkedContextProps) => {
  if (!epic && !payment) return null;
  return (
    <dl className={styles.context}>
      {epic ? (
        <div className={styles.contextItem}>
          <dt>
            <Layers size={14} aria-hidden="true" /> Epic
          </dt>
          <dd>
            {epicHref ? (
              <Link to={epicHref(epic.id)} className={styles.contextLink}>
                {epicLabel(epic.id, epic.productId)}
              </Link>
            ) : (
              <strong>{epicLabel(epic.id, epic.productId)}</strong>
            )}{' '}
            · {epic.productId} · {epic.status} · {formatUsd(epic.budget)} budget
          </dd>
        </div>
      ) : null}
      {payment ? (
        <div className={styles.contextItem}>
          <dt>
            <CreditCard size={14} aria-hidden="true" /> Payment
          </dt>
          <dd>
            Cycle {payment.cycle} · {payment.status} · {formatUsd(payment.amountDue)} due
          </dd>
        </div>
      ) : null}
    </dl>
  );
};
