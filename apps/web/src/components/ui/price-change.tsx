import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { changeDirection, formatPercent } from '@/lib/format/number.ts';
import styles from './price-change.module.css';

export type PriceChangeProps = {
  /** Percent, e.g. '-3.25'. */
  percent: string | number;
  pill?: boolean;
  size?: number;
};

/** A signed percentage coloured by direction, with an arrow so colour is never the only cue. */
export const PriceChange = ({ percent, pill = false, size = 14 }: PriceChangeProps) => {
  const direction = changeDirection(percent);
  return (
    <span
      className={[styles.change, styles[direction], pill ? styles.pill : ''].filter(Boolean).join(' ')}
      style={{ fontSize: size }}
    >
      {direction === 'up' ? <ArrowUpRight size={size} aria-hidden="true" /> : null}
      {direction === 'down' ? <ArrowDownRight size={size} aria-hidden="true" /> : null}
      {formatPercent(percent)}
    </span>
  );
};
