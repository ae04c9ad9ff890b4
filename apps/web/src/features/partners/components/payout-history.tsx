import type { TPayout } from '@cdca/contracts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import { formatUsd } from '@/lib/format/number.ts';
import {
  formatDay,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUS_TONES,
  shortHex,
  txUrl,
} from '../lib/partner-format.ts';
import styles from './partners.module.css';

/** A partner's payout requests, newest first, with the transaction once paid or the reason if rejected. */
export const PayoutHistory = ({ items }: { items: TPayout[] }) => (
  <DataTable
    boxed
    cells="banded"
    caption="Payout history"
    tableClassName={`${styles.table} ${styles.compact}`}
  >
    <thead>
      <tr>
        <th scope="col">Requested</th>
        <th scope="col" className={styles.num}>
          Amount
        </th>
        <th scope="col" data-priority="low">
          To
        </th>
        <th scope="col">Status</th>
        <th scope="col">Transaction</th>
      </tr>
    </thead>
    <tbody>
      {items.map((payout) => (
        <tr key={payout.id}>
          <th scope="row">{formatDay(payout.createdAt)}</th>
          <td className={styles.num}>{formatUsd(payout.amount)}</td>
          <td className={styles.mono} title={payout.address} data-priority="low">
            {shortHex(payout.address)}
          </td>
          <td>
            <Tag tone={PAYOUT_STATUS_TONES[payout.status]}>{PAYOUT_STATUS_LABELS[payout.status]}</Tag>
          </td>
          <td>
            {payout.txHash ? (
              <a
                className={styles.mono}
                href={txUrl(payout.txHash)}
                target="_blank"
                rel="noreferrer"
                title={payout.txHash}
              >
                {shortHex(payout.txHash)}
              </a>
            ) : payout.rejectionReason ? (
              <span className={styles.reason}>{payout.rejectionReason}</span>
            ) : (
              <span className={styles.muted}>—</span>
            )}
          </td>
        </tr>
      ))}
    </tbody>
  </DataTable>
);
