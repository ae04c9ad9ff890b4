import type { ReactNode } from 'react';
import styles from './stat-tiles.module.css';

export type StatTileProps = {
  label: string;
  value: ReactNode;
  /** A line under the value; when given as null its line is kept, so tiles keep one height whatever arrives. */
  note?: ReactNode;
  className?: string;
  /** Colours the figure: up green, down red (a profit, a return). */
  tone?: 'up' | 'down' | 'flat';
  /** Replaces the default figure style (20 px, bold, tabular) for a page's own. */
  valueClassName?: string;
  /** Replaces the default note style (muted, 12 px). */
  noteClassName?: string;
};

/** One figure of a StatTiles grid: an uppercase label over its value. */
export const StatTile = ({
  label,
  value,
  note,
  tone = 'flat',
  className,
  valueClassName,
  noteClassName,
}: StatTileProps) => (
  <div className={className ? `${styles.tile} ${className}` : styles.tile}>
    <dt className={styles.label}>{label}</dt>
    <dd className={valueClassName ?? (tone === 'flat' ? styles.value : `${styles.value} ${styles[tone]}`)}>
      {value}
    </dd>
    {note === undefined ? null : <dd className={noteClassName ?? styles.note}>{note ?? '\u00a0'}</dd>}
  </div>
);
