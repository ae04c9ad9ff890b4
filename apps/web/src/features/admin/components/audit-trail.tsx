import type { TOwnerAction, TOwnerActionKind } from '@cdca/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useOwnerActions } from '../api/list-owner-actions.ts';
import styles from './user-admin.module.css';

const PAGE_SIZE = 20;

const KIND_LABELS: Record<TOwnerActionKind, string> = {
  status: 'Status',
  role: 'Role',
  'free-account': 'Free account',
  rank: 'Rank',
  'discount-code': 'Discount code',
  'payment-note': 'Payment',
  'payout-decision': 'Payout',
};

const shown = (value: TOwnerAction['before']) =>
  value === null ? 'none' : value === true ? 'yes' : value === false ? 'no' : value;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What owners did to this account, newest first; read-only, as the trail itself is (docs/decisions/owner-console.md). */
export const AuditTrail = ({ userId }: { userId: string }) => {
  const [offset, setOffset] = useState(0);
  const trail = useOwnerActions(userId, offset, PAGE_SIZE);
  const total = trail.data?.total ?? 0;
  return (
    <Card as="section" aria-labelledby="audit-title" className={styles.card}>
      <h3 id="audit-title" className={styles.h3}>
        Audit trail <span className={styles.muted}>{trail.data ? total : ''}</span>
      </h3>
      {trail.isPending ? <Skeleton height={120} /> : null}
      {trail.isError ? <p className={styles.muted}>Could not load the trail: {trail.error.message}</p> : null}
      {trail.data && trail.data.actions.length === 0 ? (
        <p className={styles.muted}>No owner has changed this account yet.</p>
      ) : null}
      <ol className={styles.trail} aria-label="Owner actions">
        {trail.data?.actions.map((action) => (
          <li key={action.id} className={styles.entry} data-kind={action.kind}>
            <div className={styles.entryHead}>
              <strong>{KIND_LABELS[action.kind]}</strong>
              <span>
                {shown(action.before)} → {shown(action.after)}
              </span>
            </div>
            {action.note ? <p className={styles.entryNote}>{action.note}</p> : null}
            <p className={styles.muted}>
              {action.actorEmail} ·{' '}
              <time dateTime={action.createdAt}>{when.format(new Date(action.createdAt))}</time>
            </p>
          </li>
        ))}
      </ol>
      {total > PAGE_SIZE ? (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="sm"
            disabled={offset === 0}
            onClick={() => setOffset(offset - PAGE_SIZE)}
          >
            Newer
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={offset + PAGE_SIZE >= total}
            onClick={() => setOffset(offset + PAGE_SIZE)}
          >
            Older
          </Button>
        </div>
      ) : null}
    </Card>
  );
};
