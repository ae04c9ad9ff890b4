import { STATS_PERIODS, type TStatsPeriod } from '@cdca/contracts';
import { STATS_PERIOD_LABELS } from '../lib/stats-period.ts';
import styles from './stats.module.css';

export type PeriodSwitcherProps = { period: TStatsPeriod; onChange: (period: TStatsPeriod) => void };

/** 24 h … All as a row of pressed-state buttons; the page keeps the choice in the URL. */
export const PeriodSwitcher = ({ period, onChange }: PeriodSwitcherProps) => (
  <fieldset className={styles.periods}>
    <legend className="visually-hidden">Period</legend>
    {STATS_PERIODS.map((value) => (
      <button
        key={value}
        type="button"
        className={styles.period}
        aria-pressed={value === period}
        onClick={() => onChange(value)}
      >
        {STATS_PERIOD_LABELS[value]}
      </button>
    ))}
  </fieldset>
);
