import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

export type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** A short label above the title, e.g. "Off on this server". */
  tag?: string;
  actions?: ReactNode;
};

/**
 * What a screen shows when it has nothing to show: no epics yet, no history, a coin not picked, a feature off on this
 * server — with what the trader can do next.
 */
export const EmptyState = ({ icon, title, children, tag, actions }: EmptyStateProps) => (
  <div className={styles.empty}>
    <div className={styles.icon} aria-hidden="true">
      {icon}
    </div>
    {tag ? <span className={styles.tag}>{tag}</span> : null}
    <h2 className={styles.title}>{title}</h2>
    <div className={styles.text}>{children}</div>
    {actions ? <div className={styles.actions}>{actions}</div> : null}
  </div>
);
