import type { TDiscountCode } from '@cdca/contracts';
import { DISCOUNT_NAMES } from '../lib/discount-names.ts';
import styles from './billing.module.css';
import { DiscountLogo } from './discount-logo.tsx';

export type DiscountBadgeProps = {
  code: TDiscountCode;
  /** '$15.00': what it saves every cycle. */
  savings: string | null;
};

/** The discount code with its logo, and what it is worth for the life of the account. */
export const DiscountBadge = ({ code, savings }: DiscountBadgeProps) => (
  <div className={styles.discount}>
    <DiscountLogo code={code} />
    <div className={styles.discountText}>
      <span className={styles.discountCode}>{code}</span>
      <span className={styles.discountNote}>
        {DISCOUNT_NAMES[code]}
        {savings ? ` · ${savings} off every cycle, for life` : ' · applied for life'}
      </span>
    </div>
  </div>
);
