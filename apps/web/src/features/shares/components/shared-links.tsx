import type { TShare } from '@cdca/contracts';
import { Eye, Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { CopyField } from '@/components/ui/copy-field.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Panel } from '@/components/ui/panel.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { toast } from '@/lib/toast.ts';
import { useRevokeShare, useShares } from '../api/shares-api.ts';
import styles from './shares.module.css';

const created = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const privacyWords = ({ privacy }: TShare) =>
  [
    privacy.amounts === 'dollars' ? 'dollar amounts' : '% only',
    privacy.showCoin ? 'coin shown' : 'coin hidden',
  ].join(' · ');

const SharedLinkRow = ({ share, onRevoke }: { share: TShare; onRevoke: (share: TShare) => void }) => {
  const revoked = share.revokedAt !== null;
  return (
    <li className={revoked ? `${styles.row} ${styles.revoked}` : styles.row}>
      <div className={styles.rowHead}>
        <div>
          <p className={styles.rowTitle}>
            {share.title}
            {revoked ? <span className={styles.badge}>Revoked</span> : null}
          </p>
          <p className={styles.rowMeta}>
            Shared {created.format(new Date(share.createdAt))} · {privacyWords(share)}
          </p>
        </div>
        <span className={styles.views} title="Times the page was opened">
          <Eye size={15} aria-hidden="true" />
          {share.views} {share.views === 1 ? 'view' : 'views'}
        </span>
      </div>
      {revoked ? null : (
        <div className={styles.rowActions}>
          <CopyField value={share.url} label={`Link to ${share.title}`} className={styles.rowCopy} />
          <Button variant="danger" size="sm" onClick={() => onRevoke(share)}>
            Revoke
          </Button>
        </div>
      )}
    </li>
  );
};

/** Settings → Shared links: every link the trader made, how often it was opened, and Revoke. */
export const SharedLinks = () => {
  const shares = useShares();
  const revoke = useRevokeShare();
  const [pending, setPending] = useState<TShare | undefined>();
  const list = shares.data?.shares ?? [];

  const confirm = () => {
    if (!pending) return;
    revoke.mutate(pending, {
      onSuccess: () => setPending(undefined),
      onError: () => toast.error('The link could not be revoked. Please try again.'),
    });
  };

  return (
    <Panel titleId="shared-links-title" title="Shared links" icon={<Link2 size={16} />}>
      <QueryState
        query={shares}
        loading={{ label: 'Loading your shared links', rows: 3, height: 64, radius: 12 }}
        errorMessage="Your shared links could not be loaded. Try again in a moment."
        isEmpty={list.length === 0}
        empty={
          <EmptyState icon={<Link2 size={26} />} title="No shared links yet">
            Share a period from Stats or an ended epic from its page; the links show up here with their views.
          </EmptyState>
        }
      >
        <ul className={styles.list}>
          {list.map((share) => (
            <SharedLinkRow key={share.id} share={share} onRevoke={setPending} />
          ))}
        </ul>
      </QueryState>
      <ConfirmDialog
        open={pending !== undefined}
        title="Revoke this link?"
        confirmLabel="Revoke link"
        cancelLabel="Keep it"
        tone="danger"
        busy={revoke.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(undefined)}
      >
        Anyone who opens {pending ? `“${pending.title}”` : 'it'} will see “link not found” from now on. This
        cannot be undone; you can share again with a new link.
      </ConfirmDialog>
    </Panel>
  );
};
