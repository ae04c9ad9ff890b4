import { Users } from 'lucide-react';
import { DataTable } from '@/components/ui/data-table.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import { formatUsd } from '@/lib/format/number.ts';
import { useReferrals } from '../api/list-referrals.ts';
import { formatDay, referralStatusLabel } from '../lib/partner-format.ts';
import styles from './partners.module.css';

/**
 * /partners/users: who signed up through the partner's codes, numbered in the order they joined — never their
 * e-mail or name (docs/decisions/partner-programme.md).
 */
export const ReferredUsersTable = () => {
  const referrals = useReferrals();
  const items = referrals.data?.items ?? [];
  return (
    <QueryState
      query={referrals}
      loading={{ label: 'Loading referred users', rows: 4, height: 44 }}
      errorMessage="Could not load your referred users."
      isEmpty={items.length === 0}
      empty={
        <EmptyState icon={<Users size={26} />} title="Nobody referred yet">
          People who sign up through one of your links appear here once they have an account.
        </EmptyState>
      }
    >
      <DataTable
        boxed
        cells="banded"
        caption={`${items.length} referred ${items.length === 1 ? 'account' : 'accounts'}`}
        tableClassName={`${styles.table} ${styles.compact}`}
      >
        <thead>
          <tr>
            <th scope="col">Referral</th>
            <th scope="col" data-priority="low">
              Code
            </th>
            <th scope="col" data-priority="low">
              Joined
            </th>
            <th scope="col">Status</th>
            <th scope="col" className={styles.num}>
              Paid
            </th>
            <th scope="col" className={styles.num}>
              Commission
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => {
            const status = referralStatusLabel(item.status);
            return (
              <tr key={item.id}>
                <th scope="row">#{items.length - index}</th>
                <td className={styles.mono} data-priority="low">
                  {item.code}
                </td>
                <td data-priority="low">{formatDay(item.joinedAt)}</td>
                <td>
                  <Tag tone={status.tone}>{status.label}</Tag>
                </td>
                <td className={styles.num}>{formatUsd(item.paidTotal)}</td>
                <td className={styles.num}>{formatUsd(item.commission)}</td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </QueryState>
  );
};
