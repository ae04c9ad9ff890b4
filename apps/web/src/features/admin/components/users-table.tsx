import { ACCOUNT_STATUSES, type TAccount, type TAccountStatus, type TRole, ZRole } from '@cdca/contracts';
import { Search } from 'lucide-react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import { paths } from '@/config/routes.ts';
import { useAdminUpdateAccount } from '../api/admin-update-account.ts';
import { useAccountList } from '../api/list-accounts.ts';
import styles from './users-table.module.css';

export type UsersTableProps = { currentUserId: string };

type PendingChange =
  | { account: TAccount; field: 'status'; value: TAccountStatus }
  | { account: TAccount; field: 'role'; value: TRole };

const PAGE_SIZE = 50;
const COLUMNS = 6;

const statusTone = (status: TAccountStatus) =>
  status === 'active' ? 'green' : status === 'deactivated' || status === 'deleted' ? 'red' : 'amber';

/** A note in place of rows, kept inside the table's box. */
const MessageRow = ({ children }: { children: ReactNode }) => (
  <tr>
    <td colSpan={COLUMNS} className={styles.message}>
      {children}
    </td>
  </tr>
);

const nameOf = (account: TAccount) => [account.firstName, account.lastName].filter(Boolean).join(' ') || '—';

export const UsersTable = ({ currentUserId }: UsersTableProps) => {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const deferredSearch = useDeferredValue(search.trim());
  const list = useAccountList({ search: deferredSearch || undefined, limit: PAGE_SIZE, offset });
  const update = useAdminUpdateAccount();
  const [pending, setPending] = useState<PendingChange | null>(null);

  const confirm = () => {
    if (!pending) return;
    update.mutate(
      { userId: pending.account.userId, body: { [pending.field]: pending.value } },
      { onSettled: () => setPending(null) },
    );
  };

  const total = list.data?.total ?? 0;

  return (
    <section aria-labelledby="users-title" className={styles.section}>
      <div className={styles.toolbar}>
        <h2 id="users-title" className={styles.h2}>
          Users <span className={styles.count}>{list.data ? total : ''}</span>
        </h2>
        <label className={styles.search}>
          <Search size={16} aria-hidden="true" />
          <span className="visually-hidden">Search users</span>
          <input
            type="search"
            placeholder="Search e-mail or name"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setOffset(0);
            }}
          />
        </label>
      </div>
      <DataTable boxed cells="banded" stickyFirstColumn label="Users" tableClassName={styles.table}>
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">Role</th>
            <th scope="col">Rank</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {list.isPending
            ? Array.from({ length: 5 }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
                <tr key={row}>
                  {Array.from({ length: COLUMNS }, (_, cell) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells
                    <td key={cell}>
                      <Skeleton height={14} />
                    </td>
                  ))}
                </tr>
              ))
            : list.data?.accounts.map((account) => {
                const self = account.userId === currentUserId;
                return (
                  <tr key={account.id}>
                    <td>
                      {/* The user's own page holds the other admin settings and the audit trail. */}
                      <Link
                        className={styles.email}
                        title={account.email}
                        to={`${paths.adminUsers}/${encodeURIComponent(account.userId)}`}
                      >
                        {account.email}
                      </Link>
                    </td>
                    <td>{nameOf(account)}</td>
                    <td>
                      <div className={styles.cell}>
                        <Tag tone={statusTone(account.status)}>{account.status}</Tag>
                        <select
                          aria-label={`Change status of ${account.email}`}
                          value={account.status}
                          disabled={self}
                          onChange={(event) =>
                            setPending({
                              account,
                              field: 'status',
                              value: event.target.value as TAccountStatus,
                            })
                          }
                        >
                          {ACCOUNT_STATUSES.map((status) => (
                            <option key={status} value={status}>
                              {status}
                            </option>
                          ))}
                        </select>
                      </div>
                    </td>
                    <td>
                      <select
                        aria-label={`Change role of ${account.email}`}
                        value={account.role}
                        disabled={self}
                        onChange={(event) =>
                          setPending({ account, field: 'role', value: event.target.value as TRole })
                        }
                      >
                        {ZRole.options.map((role) => (
                          <option key={role} value={role}>
                            {role}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td style={{ textTransform: 'capitalize' }}>{account.accountRank}</td>
                    <td className="num">{new Date(account.createdAt).toLocaleDateString('en-US')}</td>
                  </tr>
                );
              })}
          {list.isError ? <MessageRow>Could not load users: {list.error.message}</MessageRow> : null}
          {list.data && list.data.accounts.length === 0 ? <MessageRow>No users match.</MessageRow> : null}
        </tbody>
      </DataTable>
      {total > PAGE_SIZE ? (
        <div className={styles.pager}>
          <Button
            variant="secondary"
            size="sm"
            disabled={offset === 0}
            onClick={() => setOffset(offset - PAGE_SIZE)}
          >
            Previous
          </Button>
          <span className="num">
            {offset + 1}–{Math.min(offset + PAGE_SIZE, total)} of {total}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={offset + PAGE_SIZE >= total}
            onClick={() => setOffset(offset + PAGE_SIZE)}
          >
            Next
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.field === 'role' ? 'Change role?' : 'Change status?'}
        confirmLabel="Confirm"
        tone={
          pending?.field === 'status' && (pending.value === 'deleted' || pending.value === 'deactivated')
            ? 'danger'
            : 'primary'
        }
        busy={update.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <>
            Set the {pending.field} of <strong>{pending.account.email}</strong> from{' '}
            <strong>{pending.field === 'role' ? pending.account.role : pending.account.status}</strong> to{' '}
            <strong>{pending.value}</strong>? Their open pages update right away.
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
};
