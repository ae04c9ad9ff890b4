import {
  ACCOUNT_STATUSES,
  DISCOUNT_CODES,
  RANK_TIERS,
  type TAdminAccount,
  type TDiscountCode,
  ZRole,
} from '@cdca/contracts';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import { Toggle } from '@/components/ui/toggle.tsx';
import { useAdminUpdateAccount } from '../api/admin-update-account.ts';
import { useAdminAccount } from '../api/get-admin-account.ts';
import { changesOf, type Draft, draftOf, FIELD_LABELS, shown } from '../lib/admin-draft.ts';
import { AuditTrail } from './audit-trail.tsx';
import styles from './user-admin.module.css';

export type UserAdminProps = { userId: string; currentUserId: string; usersPath: string };

const Editor = ({ account, self }: { account: TAdminAccount; self: boolean }) => {
  const update = useAdminUpdateAccount();
  const [draft, setDraft] = useState<Draft>(() => draftOf(account));
  const [confirming, setConfirming] = useState(false);
  const changes = changesOf(account, draft);
  const changed = Object.keys(changes) as (keyof Draft)[];
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setDraft((old) => ({ ...old, [field]: value }));

  const save = () =>
    update.mutate(
      { userId: account.userId, body: changes },
      {
        onSuccess: (saved) => setDraft(draftOf(saved)),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <Card as="section" aria-labelledby="user-settings-title" className={styles.card}>
      <h3 id="user-settings-title" className={styles.h3}>
        Account settings
      </h3>
      <div className={styles.fields}>
        <label className={styles.field}>
          <span>Status</span>
          <select
            value={draft.status}
            disabled={self}
            onChange={(e) => set('status', e.target.value as Draft['status'])}
          >
            {ACCOUNT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Role</span>
          <select
            value={draft.role}
            disabled={self}
            onChange={(e) => set('role', e.target.value as Draft['role'])}
          >
            {ZRole.options.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Rank</span>
          <select
            value={draft.accountRank}
            onChange={(e) => set('accountRank', e.target.value as Draft['accountRank'])}
          >
            {RANK_TIERS.map((rank) => (
              <option key={rank} value={rank}>
                {rank}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Discount code</span>
          <select
            value={draft.discountCode ?? ''}
            onChange={(e) => set('discountCode', (e.target.value || null) as TDiscountCode | null)}
          >
            <option value="">None</option>
            {DISCOUNT_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Toggle
        label="Free account"
        description="never billed"
        checked={draft.freeAccount}
        onChange={(checked) => set('freeAccount', checked)}
      />
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          disabled={changed.length === 0}
          onClick={() => setDraft(draftOf(account))}
        >
          Reset
        </Button>
        <Button size="sm" disabled={changed.length === 0} onClick={() => setConfirming(true)}>
          Save changes
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Save these changes?"
        confirmLabel="Save"
        tone={changes.status === 'deleted' || changes.status === 'deactivated' ? 'danger' : 'primary'}
        busy={update.isPending}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      >
        <ul className={styles.changes}>
          {changed.map((field) => (
            <li key={field}>
              {FIELD_LABELS[field]}: <strong>{shown(account[field])}</strong> →{' '}
              <strong>{shown(draft[field])}</strong>
            </li>
          ))}
        </ul>
        Each change is recorded in the audit trail under your name.
      </ConfirmDialog>
    </Card>
  );
};

/** /admin/users/{userId}: one account's admin settings and the audit trail of what owners did to it. */
export const UserAdmin = ({ userId, currentUserId, usersPath }: UserAdminProps) => {
  const account = useAdminAccount(userId);
  const name = account.data && [account.data.firstName, account.data.lastName].filter(Boolean).join(' ');
  return (
    <div className={styles.page}>
      <Link to={usersPath} className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" /> All users
      </Link>
      {account.isError ? (
        <p className={styles.muted}>Could not load this account: {account.error.message}</p>
      ) : null}
      {account.data ? (
        <>
          <header className={styles.header}>
            <h2 className={styles.h2}>{account.data.email}</h2>
            <p className={styles.muted}>
              {name ? `${name} · ` : ''}joined {new Date(account.data.createdAt).toLocaleDateString('en-US')}
              {account.data.signupReferralCode ? ` · signed up with ${account.data.signupReferralCode}` : ''}
            </p>
            <div className={styles.tags}>
              <Tag tone={account.data.status === 'active' ? 'green' : 'amber'}>{account.data.status}</Tag>
              <Tag tone={account.data.role === 'standard' ? 'neutral' : 'blue'}>{account.data.role}</Tag>
              {account.data.freeAccount ? <Tag tone="green">free</Tag> : null}
            </div>
          </header>
          <div className={styles.columns}>
            <Editor
              key={account.data.updatedAt}
              account={account.data}
              self={account.data.userId === currentUserId}
            />
            <AuditTrail userId={userId} />
          </div>
        </>
      ) : account.isPending ? (
        <Skeleton height={240} />
      ) : null}
    </div>
  );
};
