import type { ReactNode } from 'react';
import { buttonClassName } from '@/components/ui/button.tsx';

/** The large secondary button that opens the community chat in a new tab. */
export const CommunityLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <a className={buttonClassName('secondary', 'lg')} href={href} target="_blank" rel="noopener noreferrer">
    {children}
  </a>
);
