import { DataTable } from '@/components/ui/data-table.tsx';
import type { PlanRow, UsageExample } from '../lib/plan-rows.ts';
import styles from './plans.module.css';

export type PlanTableProps = { rows: readonly PlanRow[]; usage: UsageExample; freeUntil: string };

const Price = ({ price, savings }: PlanRow['regular']) => (
  <>
    <span className={styles.price}>{price}</span>
    {savings ? <span className={styles.save}>save {savings}</span> : null}
  </>
);

/** Every offer at the regular and the partner price (docs/product.md §9), then how billing works. */
export const PlanTable = ({ rows, usage, freeUntil }: PlanTableProps) => (
  <>
    <DataTable
      boxed
      stickyFirstColumn
      className={styles.tableFrame}
      tableClassName={styles.table}
      caption="Price per 30-day cycle once billing starts. A discount applies for the life of the account."
    >
      <thead>
        <tr>
          <th scope="col">Offer</th>
          <th scope="col">Traders</th>
          <th scope="col">Partner accounts</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.offer} className={row.offer === 'Standard' ? styles.highlight : undefined}>
            <th scope="row">
              {row.name}
              <span className={styles.how}>{row.how}</span>
            </th>
            <td>
              <Price {...row.regular} />
            </td>
            <td>
              <Price {...row.partner} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
    <div className={styles.grid}>
      <div className={styles.fact}>
        <h2 className={styles.factTitle}>Free until you make {freeUntil}</h2>
        <p className={styles.factText}>
          Nothing is billed until your epics have made {freeUntil} in realised profit. New accounts pay $0.00
          today.
        </p>
      </div>
      <div className={styles.fact}>
        <h2 className={styles.factTitle}>Usage fees only above $500k</h2>
        <p className={styles.factText}>
          Volume (bought plus sold) beyond $500k in a cycle costs {usage.rate} of the excess. Example:{' '}
          {usage.volume} of volume → {usage.billable} × {usage.rate} = {usage.fee}, so the Standard cycle
          totals {usage.total}.
        </p>
      </div>
      <div className={styles.fact}>
        <h2 className={styles.factTitle}>Crypto only, 5 days to pay</h2>
        <p className={styles.factText}>
          Each invoice is a hosted payment link: any coin, any wallet — USDC recommended. Unpaid after 5 days,
          trading pauses until it is paid.
        </p>
      </div>
    </div>
  </>
);
