import { type ReactNode, useState } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

export type MemoryRouterProps = { path?: string; children: ReactNode };

/** The address for a component under test, kept in memory (links and search changes move it). */
export const MemoryRouter = ({ path = '/', children }: MemoryRouterProps) => {
  const [location] = useState(() => memoryLocation({ path }));
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
};
