import { Check } from 'lucide-react';
import { Card } from '@/components/ui/card.tsx';
import styles from './onboarding.module.css';

const FEATURES = [
  'Free until your epics make $100 in profit, then billed every 30 days',
  'Pay in crypto: any coin or wallet, USDC recommended',
  '$500k of volume per cycle included; usage fees only beyond it',
  '5 days to pay each request before the account pauses',
  'Your discount code applies for the life of the account',
  'Cancel at any time from Settings → Billing',
];

/** What the plan includes, beside its price on the payment step. */
export const PlanSummary = () => (
  <Card as="section" aria-labelledby="plan-includes">
    <h2 id="plan-includes" className={styles.planName}>
      What you get
    </h2>
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
