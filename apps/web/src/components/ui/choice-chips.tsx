import styles from './choice-chips.module.css';

export type ChoiceChipsProps<T extends string> = {
  /** Read by screen readers only: what the row chooses ("Period", "Status"). */
  legend: string;
  options: readonly T[];
  value: T;
  label: (option: T) => string;
  onChange: (option: T) => void;
  size?: 'regular' | 'small';
  /** `nowrap` keeps a short row on one line inside a panel header. */
  wrap?: boolean;
};

/**
 * One choice out of a few, as a row of pill buttons with `aria-pressed`: history's status filter, the stats
 * period and chart switches. A fieldset so the row is announced as one group.
 */
export const ChoiceChips = <T extends string>({
  legend,
  options,
  value,
  label,
  onChange,
  size = 'regular',
  wrap = true,
}: ChoiceChipsProps<T>) => (
  <fieldset className={wrap ? styles.row : `${styles.row} ${styles.nowrap}`}>
    <legend className="visually-hidden">{legend}</legend>
    {options.map((option) => (
      <button
        key={option}
        type="button"
        className={size === 'small' ? `${styles.chip} ${styles.small}` : styles.chip}
        aria-pressed={option === value}
        onClick={() => onChange(option)}
      >
        {label(option)}
      </button>
    ))}
  </fieldset>
);
