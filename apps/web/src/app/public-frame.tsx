import type { ReactNode } from 'react';
import { PublicLayout } from '@/components/layouts/public-layout.tsx';
import { useRuntimeConfig } from '@/config/runtime-config.ts';

export type PublicFrameProps = { children: ReactNode; landing?: boolean };

const SECTIONS = [
  { id: 'results', label: 'Results' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'strategy', label: 'Strategy' },
  { id: 'community', label: 'Community' },
  { id: 'questions', label: 'FAQ' },
];

/** The public layout fed from the runtime config. */
export const PublicFrame = ({ children, landing = false }: PublicFrameProps) => {
  const config = useRuntimeConfig();
  return (
    <PublicLayout
      links={config.links}
      beta={config.appEnv === 'staging'}
      sections={SECTIONS}
      onLandingPage={landing}
    >
      {children}
    </PublicLayout>
  );
};
