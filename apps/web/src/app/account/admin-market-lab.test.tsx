// Beside, not inside, routes/: the account router bundles every routes/**/*.tsx as a page module.
import type { TRuntimeConfig } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RuntimeConfigContext } from '@/config/runtime-config.ts';
import { OutletContext } from '@/lib/router/outlet.tsx';
import { MemoryRouter } from '@/testing/memory-router.tsx';
import AdminLayout from './routes/admin/layout.tsx';
import AdminMarketLabRoute from './routes/admin/market-lab.tsx';

const config = (overrides: Partial<TRuntimeConfig>): TRuntimeConfig => ({
  productName: 'CDCA',
  appEnv: 'development',
  auth: { provider: 'embedded', authority: 'http://x/oidc', clientId: 'cdca-web', audience: 'http://x/api' },
  exchange: 'paper',
  paperMarketControls: true,
  launched: true,
  launchDeal: false,
  launchReferralCode: 'LAUNCH',
  launchAt: '2025-10-01T00:00:00.000Z',
  links: { discordInvite: 'https://d', microblog: 'https://m', videoChannel: 'https://v' },
  billing: { provider: 'sandbox', usageFeeRate: '0.0005', freeProfitAllowance: '100' },
  ...overrides,
});

/** The admin section as the account router builds it: the layout with its tabs, the lab page in its Outlet. */
const openLab = (runtime: TRuntimeConfig) => {
  render(
    <RuntimeConfigContext value={runtime}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter path="/admin/market-lab">
          <OutletContext value={<AdminMarketLabRoute />}>
            <AdminLayout />
          </OutletContext>
        </MemoryRouter>
      </QueryClientProvider>
    </RuntimeConfigContext>,
  );
};

const tabs = () =>
  Array.from(
    screen.getByRole('navigation', { name: 'Admin sections' }).querySelectorAll('a'),
    (link) => link.textContent,
  );

afterEach(cleanup);

describe('the Market lab tab', () => {
  it('is offered where the server has the paper controls, and opens on the coin search', () => {
    openLab(config({}));
    expect(tabs()).toContain('Market lab');
    expect(screen.getByRole('combobox', { name: 'Search coins' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pick a coin to drive' })).toBeTruthy();
  });

  it.each([
    ['production', config({ appEnv: 'production', paperMarketControls: false }), 'This is production'],
    ['a real exchange', config({ exchange: 'coinbase', paperMarketControls: false }), 'real exchange'],
  ])('is hidden on %s, and its address says plainly that the lab is off', (_case, runtime, why) => {
    openLab(runtime);
    expect(tabs()).not.toContain('Market lab');
    expect(tabs()).toContain('Users');
    expect(screen.getByRole('heading', { name: 'The market lab is off' })).toBeTruthy();
    expect(screen.getByText(new RegExp(why))).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Search coins' })).toBeNull();
  });
});
