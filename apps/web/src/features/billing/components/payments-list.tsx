import type { TPayment } from '@cdca/contracts';
import { Receipt } from 'lucide-react';
import { Card } from '@/components/ui/card.tsx';
import { breakdownOfPayment, priceLines } from '../lib/price-lines.ts';
import styles from './billing.module.css';
import { PaymentCard } from './payment-card.tsx';

export type PaymentsListProps = {
  payments: readonly TPayment[];
  total: number;
  now: number;
  staging: boolean;
};

/** Settings → billing: every payment, newest first, each as a payment card (docs/product.md §2). */
export const PaymentsList = ({ payments, total, now, staging }: PaymentsListProps) => (
  <Card as="section" aria-labelledby="payments-title" className={styles.panel}>
    <div className={styles.summaryHead}>
      <h2 id="payments-title" className={styles.panelTitle}>
        Payments
      </h2>
      {total > payments.length ? (
        <span className={styles.muted}>
          Latest {payments.length} of {total}
        </span>
      ) : null}
    </div>
    {payments.length === 0 ? (
      <div className={styles.emptyPayments}>
        <Receipt size={22} aria-hidden="true" />
        <p>No payments yet. The first is requested when your free allowance is used up.</p>
      </div>
    ) : (
      <ul className={styles.paymentList}>
        {payments.map((payment) => (
          <li key={payment.id}>
            <PaymentCard
              payment={payment}
              lines={priceLines(breakdownOfPayment(payment), { staging })}
              now={now}
            />
          </li>
        ))}
      </ul>
    )}
  </Card>
);
