import { type ReactNode, useId } from 'react';
import styles from './data-table.module.css';
import { SideScroll } from './side-scroll.tsx';

export type DataTableNaming =
  /** Shown above the table, outside its sideways scroll so it wraps to the screen; it also names the table. */
  | { caption: ReactNode; label?: never }
  /** The table's name where nothing on screen captions it. */
  | { label: string; caption?: never };

export type DataTableProps = DataTableNaming & {
  children: ReactNode;
  /**
   * The first column stays put while the rest scrolls under it, for tables whose rows the first column names
   * (a coin, a level, an offer); it casts a shadow once something has scrolled under it.
   */
  stickyFirstColumn?: boolean;
  /** Border, rounded corners and a card surface, for a table that stands on the page rather than in a card. */
  boxed?: boolean;
  /**
   * The cells' look, so a feature's stylesheet keeps only what differs (widths, alignment, colours):
   * `banded` headings on a shaded band above rows ruled apart, for boxed lists (users, payouts);
   * `dense` tighter cells under small-capital headings, for tables inside a card (levels, fills, leaderboard).
   */
  cells?: 'banded' | 'dense';
  /** On the outer box: the feature's spacing or frame. */
  className?: string;
  /** On the <table>: the feature's cell styles. */
  tableClassName?: string;
};

/**
 * Every data table: on a narrow screen it scrolls sideways inside its own box, never the page, with a fade on each
 * edge that has more beyond it. Cells marked `data-priority="low"` are left out while the table is narrower than
 * 560 px, for columns a phone can do without.
 */
export const DataTable = ({
  caption,
  label,
  children,
  stickyFirstColumn = false,
  boxed = false,
  cells,
  className,
  tableClassName,
}: DataTableProps) => {
  const captionId = useId();
  const named = caption ? { labelledBy: captionId } : { label };
  return (
    <div className={[styles.dataTable, boxed ? styles.boxed : '', className].filter(Boolean).join(' ')}>
      {caption ? (
        <p id={captionId} className={styles.caption}>
          {caption}
        </p>
      ) : null}
      <SideScroll {...named} fadeStart={!stickyFirstColumn}>
        <table
          className={[
            styles.table,
            stickyFirstColumn ? styles.sticky : '',
            cells ? styles[cells] : '',
            tableClassName,
          ]
            .filter(Boolean)
            .join(' ')}
          aria-labelledby={caption ? captionId : undefined}
          aria-label={label}
        >
          {children}
        </table>
      </SideScroll>
    </div>
  );
};
