import type { ReactNode } from 'react';
import styles from './tag.module.css';

export type TagTone = 'neutral' | 'green' | 'red' | 'amber' | 'blue';

export type TagProps = { tone?: TagTone; children: ReactNode };

export const Tag = ({ tone = 'neutral', children }: TagProps) => (
  <span className={[styles.tag, tone === 'neutral' ? '' : styles[tone]].filter(Boolean).join(' ')}>
    {children}
  </span>
);
