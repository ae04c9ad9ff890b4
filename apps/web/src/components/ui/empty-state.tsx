import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

export type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** A short label such as "Coming next". */
  tag?: string;
  actions?: ReactNode;
};

/** An honest, designed state for a screen whose content has not arrived yet. */
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
