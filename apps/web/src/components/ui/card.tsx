import type { HTMLAttributes } from 'react';
import styles from './card.module.css';

export type CardProps = HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'section' | 'article';
  compact?: boolean;
};

export const Card = ({ as: Tag = 'div', compact = false, className, ...rest }: CardProps) => (
  <Tag
    className={[styles.card, compact ? styles.compact : '', className].filter(Boolean).join(' ')}
    {...rest}
  />
);
