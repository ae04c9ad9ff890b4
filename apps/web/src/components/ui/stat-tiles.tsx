import type { ReactNode } from 'react';
import styles from './stat-tiles.module.css';

export type StatTilesProps = { label: string; children: ReactNode };

/** A fixed grid of figure tiles (StatTile), separated by hairlines; labelled for screen readers. */
export const StatTiles = ({ label, children }: StatTilesProps) => (
  <dl className={styles.tiles} aria-label={label}>
    {children}
  </dl>
);
