import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export type PlaceholderPageProps = {
  title: string;
  subtitle: string;
  icon: ReactNode;
  stateTitle: string;
  children: ReactNode;
  actions?: ReactNode;
};

/** A screen whose content ships with a later release: its title and an honest account of what will appear. */
export const PlaceholderPage = ({
  title,
  subtitle,
  icon,
  stateTitle,
  children,
  actions,
}: PlaceholderPageProps) => (
  <>
    <PageHeader title={title} subtitle={subtitle} />
    <EmptyState icon={icon} tag="Coming next" title={stateTitle} actions={actions}>
      {children}
    </EmptyState>
  </>
);
