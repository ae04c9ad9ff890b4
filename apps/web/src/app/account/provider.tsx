import type { TRuntimeConfig } from '@cdca/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
// The stylesheet stays in the app's CSS; the script loads with the first toast (lib/toast.ts).
import 'react-toastify/dist/ReactToastify.css';
import { Toaster } from '@/components/ui/toaster.tsx';
import { RuntimeConfigContext } from '@/config/runtime-config.ts';
import { AuthProvider } from '@/lib/auth/auth-provider.tsx';
import { createQueryClient } from '@/lib/react-query.ts';
import { BrowserHistoryRouter } from '@/lib/router/history.tsx';
import { PublicConfigContext } from '../public/config.tsx';
import { AuthBridge } from './auth-bridge.tsx';
import { AppRoutes } from './router.tsx';

export type AppProviderProps = { config: TRuntimeConfig };

export const AppProvider = ({ config }: AppProviderProps) => {
  const queryClient = useMemo(createQueryClient, []);

  return (
    <RuntimeConfigContext value={config}>
      {/* The public pages read their config from here, in this app as on the public site. */}
      <PublicConfigContext value={config}>
        <AuthProvider settings={config.auth}>
          <QueryClientProvider client={queryClient}>
            <AuthBridge />
            <BrowserHistoryRouter>
              <AppRoutes />
            </BrowserHistoryRouter>
            <Toaster />
          </QueryClientProvider>
        </AuthProvider>
      </PublicConfigContext>
    </RuntimeConfigContext>
  );
};
