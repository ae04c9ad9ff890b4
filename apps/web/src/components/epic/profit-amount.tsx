import { profitTone } from '@/lib/epics/epic-figures.ts';
import { formatSignedUsd } from '@/lib/format/number.ts';
import styles from './epic.module.css';

export type ProfitAmountProps = { value: string | null; placeholder?: string };

/** A signed USD profit: green positive, red negative, plain at zero (docs/product.md §4 profit colour). */
export const ProfitAmount = ({ value, placeholder = '—' }: ProfitAmountProps) => {
  if (value === null) return <span className={styles.flat}>{placeholder}</span>;
  const tone = profitTone(value);
  return <span className={`num ${styles[tone]}`}>{formatSignedUsd(value)}</span>;
};
