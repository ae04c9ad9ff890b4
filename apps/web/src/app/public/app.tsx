import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { PublicNavigationContext } from '@/components/layouts/public-layout-link.tsx';
import { loadLaunchDeal } from '@/features/landing/lib/launch-deal.ts';
import { embeddedConfig, type PublicConfig, PublicConfigContext, readPublicConfig } from './config.tsx';
import { navigatePublic, PublicRouter } from './router.tsx';

/** The config the server wrote into the page, else a fetch of /config.json (the Vite dev server). */
const loadPublicConfig = async (): Promise<PublicConfig | null> => {
  const inline = readPublicConfig(embeddedConfig());
  if (inline) return inline;
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  return response.ok ? readPublicConfig(await response.json()) : null;
};

const showUnreachable = (container: HTMLElement) => {
  container.innerHTML =
    '<main style="display:grid;place-items:center;min-height:100vh;padding:24px;text-align:center">' +
    '<div><h1 style="font-size:22px">CDCA can’t reach its server</h1>' +
    '<p style="color:#8b93a7">Check your connection, then <a href="" style="color:#22c55e">try again</a>.</p></div></main>';
};

/**
 * The public site: landing, pricing, legal and support pages, without the account app's sign-in, data and
 * realtime code (main.tsx loads that only for the pages that need it).
 */
export const startPublicSite = async (root: Root, container: HTMLElement, path: string): Promise<void> => {
  const config = await loadPublicConfig().catch(() => null);
  if (!config) {
    showUnreachable(container);
    return;
  }
  // An unknown address shows the landing page, and says so in the address bar (docs/product.md §2).
  if (path !== window.location.pathname) {
    const { search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${path}${search}${hash}`);
  }
  // The deal's prices must be on the first paint: a price that changes under the reader is worse than a wait.
  if (config.launchDeal) await loadLaunchDeal().catch(() => undefined);
  root.render(
    <StrictMode>
      <PublicConfigContext value={config}>
        <PublicNavigationContext value={navigatePublic}>
          <PublicRouter initialPath={path} />
        </PublicNavigationContext>
      </PublicConfigContext>
    </StrictMode>,
  );
};
