import type { TPayout } from '@cdca/contracts';
import type { ReactNode } from 'react';
import { DataTable, type DataTableNaming } from '@/components/ui/data-table.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import { formatUsd } from '@/lib/format/number.ts';
import { formatDay, PAYOUT_STATUS_LABELS, PAYOUT_STATUS_TONES, shortHex } from '../lib/partner-format.ts';
import styles from './partners.module.css';

export type PayoutTableProps<T extends TPayout> = DataTableNaming & {
  items: readonly T[];
  /**
   * The partner's own list: it fits a phone, the address shortened and first to give way. Owners see the
   * address whole, as they copy it to send the money.
   */
  compact?: boolean;
  /** Who asked, after the date (the owners' list). */
  partner?: (payout: T) => ReactNode;
  /** The last column: what became of the request, or what an owner can do with it. */
  outcome: { heading: string; cell: (payout: T) => ReactNode };
};

/** Payout requests, one a row: when, how much, to which address, where it stands, and the outcome column. */
export const PayoutTable = <T extends TPayout>({
  items,
  compact = false,
  partner,
  outcome,
  ...naming
}: PayoutTableProps<T>) => (
  <DataTable
    {...naming}
    boxed
    cells="banded"
    tableClassName={compact ? `${styles.table} ${styles.compact}` : styles.table}
  >
    <thead>
      <tr>
        <th scope="col">Requested</th>
        {partner ? <th scope="col">Partner</th> : null}
        <th scope="col" className={styles.num}>
          Amount
        </th>
        <th scope="col" data-priority={compact ? 'low' : undefined}>
          To
        </th>
        <th scope="col">Status</th>
        <th scope="col">{outcome.heading}</th>
      </tr>
    </thead>
    <tbody>
      {items.map((payout) => (
        <tr key={payout.id}>
          <th scope="row">{formatDay(payout.createdAt)}</th>
          {partner ? <td>{partner(payout)}</td> : null}
          <td className={styles.num}>{formatUsd(payout.amount)}</td>
          <td className={styles.mono} title={payout.address} data-priority={compact ? 'low' : undefined}>
            {compact ? shortHex(payout.address) : payout.address}
          </td>
          <td>
            <Tag tone={PAYOUT_STATUS_TONES[payout.status]}>{PAYOUT_STATUS_LABELS[payout.status]}</Tag>
          </td>
          <td>{outcome.cell(payout)}</td>
        </tr>
      ))}
    </tbody>
  </DataTable>
);
