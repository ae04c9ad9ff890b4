import styles from './admin-charts.module.css';

export type StatusBarsProps = {
  rows: readonly { status: string; count: number }[];
  /** What the bars count, for screen readers ("Accounts by status"). */
  label: string;
};

/**
 * Counts by status as labelled horizontal bars. A breakdown by category has no time axis, which lightweight-charts
 * (a time-series library) cannot draw, so these few bars are plain elements rather than a second chart library.
 * Statuses with nothing in them are left out.
 */
export const StatusBars = ({ rows, label }: StatusBarsProps) => {
  const shown = rows.filter((row) => row.count > 0);
  const largest = Math.max(1, ...shown.map((row) => row.count));
  if (shown.length === 0) return <p className={styles.empty}>Nothing yet.</p>;
  return (
    <ul className={styles.bars} aria-label={label}>
      {shown.map((row) => (
        <li key={row.status} className={styles.barRow}>
          <span className={styles.barLabel}>{row.status}</span>
          <span className={styles.barTrack} aria-hidden="true">
            <span className={styles.barFill} style={{ width: `${(row.count / largest) * 100}%` }} />
          </span>
          <span className={`${styles.barCount} num`}>{row.count}</span>
        </li>
      ))}
    </ul>
  );
};
