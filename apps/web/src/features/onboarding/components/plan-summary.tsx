import { Check, TicketPercent } from 'lucide-react';
import { Card } from '@/components/ui/card.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import styles from './onboarding.module.css';

export type PlanSummaryProps = { discountCode: string | null };

const FEATURES = [
  'Free until you make $100 — then billed every 30 days',
  'Crypto only: any coin or wallet, USDC recommended',
  'Usage fees only beyond $500k volume per cycle',
  '5 days to pay each invoice before the account pauses',
];

/** The payment summary card: base price, discount code, usage fees, total and what is due today. */
export const PlanSummary = ({ discountCode }: PlanSummaryProps) => (
  <Card as="section" aria-label="Plan summary">
    <div className={styles.planHead}>
      <span className={styles.planName}>Standard plan</span>
      <Tag tone="green">Free until you make $100</Tag>
    </div>
    {discountCode ? (
      <div className={styles.discount}>
        <TicketPercent size={20} color="var(--accent)" aria-hidden="true" />
        <span>
          Discount code <span className={styles.discountCode}>{discountCode}</span> will be applied when
          billing starts
        </span>
      </div>
    ) : null}
    <div className={styles.row}>
      <span className={styles.rowLabel}>Base price</span>
      <span>$64.98 / 30 days</span>
    </div>
    <div className={styles.row}>
      <span className={styles.rowLabel}>Usage fees</span>
      <span>$0.00</span>
    </div>
    <div className={styles.row}>
      <span className={styles.total}>Due today</span>
      <span className={styles.due}>$0.00</span>
    </div>
    <ul className={styles.features} style={{ marginTop: 16 }}>
      {FEATURES.map((feature) => (
        <li key={feature}>
          <Check size={16} aria-hidden="true" />
          {feature}
        </li>
      ))}
    </ul>
  </Card>
);
