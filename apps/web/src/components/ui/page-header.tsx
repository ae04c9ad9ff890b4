import type { ReactNode } from 'react';
import styles from './page-header.module.css';

export type PageHeaderProps = { title: string; subtitle?: ReactNode; actions?: ReactNode };

/** The page's one <h1>, with an optional subtitle and actions. */
export const PageHeader = ({ title, subtitle, actions }: PageHeaderProps) => (
  <header className={styles.header}>
    <div>
      <h1 className={styles.title}>{title}</h1>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
    </div>
    {actions}
  </header>
);
