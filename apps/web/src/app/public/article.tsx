import type { ReactNode } from 'react';
import styles from './article.module.css';
import { PublicFrame } from './frame.tsx';

export type PublicArticleProps = {
  title: string;
  lead: ReactNode;
  eyebrow?: string;
  /** "Last updated" line of a policy. */
  updated?: string;
  /** Page-wide layout (tables, forms); text pages keep a readable measure. */
  wide?: boolean;
  banners?: boolean;
  /** Calls to action below the content. */
  actions?: ReactNode;
  children: ReactNode;
};

/** A public page inside the marketing layout: a heading band, then the page's content. */
export const PublicArticle = ({
  title,
  lead,
  eyebrow,
  updated,
  wide = false,
  banners = false,
  actions,
  children,
}: PublicArticleProps) => (
  <PublicFrame banners={banners}>
    <article className={styles.article}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          {eyebrow ? <span className={styles.eyebrow}>{eyebrow}</span> : null}
          <h1 className={styles.title}>{title}</h1>
          <div className={styles.lead}>{lead}</div>
          {updated ? <p className={styles.updated}>Last updated {updated}</p> : null}
        </div>
      </header>
      <div className={wide ? styles.wide : styles.prose}>
        {children}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </article>
  </PublicFrame>
);
