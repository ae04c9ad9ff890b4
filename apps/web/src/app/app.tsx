import type { TRuntimeConfig } from '@cdca/contracts/runtime-config.ts';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Logo } from '@/components/ui/logo.tsx';
import { PageSkeleton } from '@/components/ui/page-skeleton.tsx';
import { loadRuntimeConfig } from '@/config/runtime-config.ts';
import { AppProvider } from './provider.tsx';

type ConfigState =
  | { state: 'loading' }
  | { state: 'ready'; config: TRuntimeConfig }
  | { state: 'failed'; message: string };

/** Loads /config.json before anything renders, so one build serves every deployment. */
export const App = () => {
  const [config, setConfig] = useState<ConfigState>({ state: 'loading' });

  const load = useCallback(() => {
    setConfig({ state: 'loading' });
    loadRuntimeConfig().then(
      (loaded) => setConfig({ state: 'ready', config: loaded }),
      (error: unknown) =>
        setConfig({ state: 'failed', message: error instanceof Error ? error.message : 'Unknown error.' }),
    );
  }, []);

  useEffect(load, [load]);

  if (config.state === 'loading') return <PageSkeleton label="Starting CDCA" />;
  if (config.state === 'failed') {
    return (
      <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: 24 }}>
        <div style={{ display: 'grid', gap: 16, justifyItems: 'center', textAlign: 'center', maxWidth: 420 }}>
          <Logo />
          <h1 style={{ fontSize: 22 }}>CDCA can't reach its server</h1>
          <p style={{ color: 'var(--muted)' }}>{config.message} Check your connection and try again.</p>
          <Button onClick={load}>Try again</Button>
        </div>
      </main>
    );
  }
  return <AppProvider config={config.config} />;
};
