import type { TPayout } from '@cdca/contracts';
import styles from './partners.module.css';
import { PayoutTable } from './payout-table.tsx';
import { TxHashLink } from './tx-hash-link.tsx';

export type PayoutHistoryProps = { items: TPayout[] };

/** A partner's payout requests, newest first, with the transaction once paid or the reason if rejected. */
export const PayoutHistory = ({ items }: PayoutHistoryProps) => (
  <PayoutTable
    caption="Payout history"
    compact
    items={items}
    outcome={{
      heading: 'Transaction',
      cell: (payout) =>
        payout.txHash ? (
          <TxHashLink hash={payout.txHash} />
        ) : payout.rejectionReason ? (
          <span className={styles.reason}>{payout.rejectionReason}</span>
        ) : (
          <span className={styles.muted}>—</span>
        ),
    }}
  />
);
