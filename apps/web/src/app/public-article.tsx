import type { ReactNode } from 'react';
import { PublicFrame } from './public-frame.tsx';

export type PublicArticleProps = { title: string; lead: string; children: ReactNode };

/** A simple public text page inside the marketing layout. */
export const PublicArticle = ({ title, lead, children }: PublicArticleProps) => (
  <PublicFrame>
    <article
      style={{
        maxWidth: 760,
        margin: '0 auto',
        padding: 'clamp(40px, 7vw, 80px) clamp(16px, 4vw, 32px)',
        display: 'grid',
        gap: 18,
      }}
    >
      <h1 style={{ fontSize: 'clamp(28px, 4vw, 40px)', fontWeight: 800, letterSpacing: '-0.02em' }}>
        {title}
      </h1>
      <p style={{ color: 'var(--muted)', fontSize: 17 }}>{lead}</p>
      <div style={{ display: 'grid', gap: 14, color: 'var(--text)' }}>{children}</div>
    </article>
  </PublicFrame>
);
