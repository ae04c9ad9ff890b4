import { type TRuntimeConfig, ZRuntimeConfig } from '@cdca/contracts';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import type { Root } from 'react-dom/client';
import { Button } from '@/components/ui/button.tsx';
import { Logo } from '@/components/ui/logo.tsx';
import { PageSkeleton } from '@/components/ui/page-skeleton.tsx';
import { loadRuntimeConfig } from '@/config/runtime-config.ts';
import { loadLaunchDeal } from '@/features/landing/lib/launch-deal.ts';
import { embeddedConfig } from '../public/config.tsx';
import { AppProvider } from './provider.tsx';

type ConfigState =
  | { state: 'loading' }
  | { state: 'ready'; config: TRuntimeConfig }
  | { state: 'failed'; message: string };

/** The config the server wrote into the page, when it is whole; otherwise the app fetches /config.json. */
const initialConfig = (): ConfigState => {
  const parsed = ZRuntimeConfig.safeParse(embeddedConfig());
  return parsed.success ? { state: 'ready', config: parsed.data } : { state: 'loading' };
};

/** Loads the runtime config before anything renders, so one build serves every deployment. */
export const App = () => {
  const [config, setConfig] = useState<ConfigState>(initialConfig);

  const load = useCallback(() => {
    setConfig({ state: 'loading' });
    loadRuntimeConfig().then(
      (loaded) => setConfig({ state: 'ready', config: loaded }),
      (error: unknown) =>
        setConfig({ state: 'failed', message: error instanceof Error ? error.message : 'Unknown error.' }),
    );
  }, []);

  const launchDeal = config.state === 'ready' && config.config.launchDeal;
  useEffect(() => {
    // Fetched early so the public pages show the deal's prices without waiting.
    if (launchDeal) void loadLaunchDeal().catch(() => undefined);
  }, [launchDeal]);

  const missing = config.state === 'loading';
  useEffect(() => {
    if (missing) load();
  }, [missing, load]);

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

/** The account app: sign-in, the account's data and realtime, every guarded screen (see main.tsx). */
export const startAccountApp = (root: Root): void => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};
