import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSkeleton } from '@/components/ui/page-skeleton.tsx';
import { RouteGuard } from './guards/route-guard.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

type RouteModule = { default: ComponentType };

/** Every screen is its own chunk: the landing page never downloads the account area. */
const page = (load: () => Promise<RouteModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const redirect = (to: string): RouteObject => ({ index: true, element: <Navigate to={to} replace /> });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSkeleton />,
    children: [
      { index: true, ...page(() => import('./routes/landing.tsx')) },
      { path: 'login', ...page(() => import('./routes/login.tsx')) },
      { path: 'logout', ...page(() => import('./routes/logout.tsx')) },
      { path: 'terms-of-service', ...page(() => import('./routes/public/terms-of-service.tsx')) },
      { path: 'privacy-policy', ...page(() => import('./routes/public/privacy-policy.tsx')) },
      { path: 'support-public', ...page(() => import('./routes/public/support-public.tsx')) },
      {
        element: <RouteGuard />,
        children: [
          { path: 'plans', ...page(() => import('./routes/public/plans.tsx')) },
          { path: 'launch', ...page(() => import('./routes/public/launch.tsx')) },
          { path: 'partner-stack', ...page(() => import('./routes/public/partner-stack.tsx')) },
          { path: 'skill', ...page(() => import('./routes/public/skill.tsx')) },
          {
            ...page(() => import('./routes/onboarding/layout.tsx')),
            children: [
              { path: 'payment', ...page(() => import('./routes/onboarding/payment.tsx')) },
              { path: 'breakdown', ...page(() => import('./routes/onboarding/breakdown.tsx')) },
              { path: 'keys', ...page(() => import('./routes/onboarding/keys.tsx')) },
              { path: 'coinbase', ...page(() => import('./routes/onboarding/coinbase.tsx')) },
              { path: 'discord', ...page(() => import('./routes/onboarding/discord.tsx')) },
              { path: 'tos', ...page(() => import('./routes/onboarding/tos.tsx')) },
            ],
          },
          {
            ...page(() => import('./routes/app/layout.tsx')),
            children: [
              { path: 'dashboard', ...page(() => import('./routes/app/dashboard.tsx')) },
              { path: 'dashboard/new-epic', ...page(() => import('./routes/app/create-epic.tsx')) },
              { path: 'history', ...page(() => import('./routes/app/history.tsx')) },
              { path: 'stats', ...page(() => import('./routes/app/stats.tsx')) },
              { path: 'rank', ...page(() => import('./routes/app/rank.tsx')) },
              { path: 'academy', ...page(() => import('./routes/app/academy.tsx')) },
              { path: 'support', ...page(() => import('./routes/app/support.tsx')) },
              { path: 'epic', element: <Navigate to="/dashboard" replace /> },
              { path: 'epic/:epicId', ...page(() => import('./routes/app/epic.tsx')) },
              {
                path: 'partners',
                ...page(() => import('./routes/app/partners/layout.tsx')),
                children: [
                  redirect('referrals'),
                  { path: 'referrals', ...page(() => import('./routes/app/partners/referrals.tsx')) },
                  { path: 'users', ...page(() => import('./routes/app/partners/users.tsx')) },
                  { path: 'payouts', ...page(() => import('./routes/app/partners/payouts.tsx')) },
                ],
              },
              {
                path: 'settings',
                ...page(() => import('./routes/app/settings/layout.tsx')),
                children: [
                  redirect('account'),
                  { path: 'account', ...page(() => import('./routes/app/settings/account.tsx')) },
                  { path: 'preferences', ...page(() => import('./routes/app/settings/preferences.tsx')) },
                  { path: 'notifications', ...page(() => import('./routes/app/settings/notifications.tsx')) },
                  { path: 'api-keys', ...page(() => import('./routes/app/settings/api-keys.tsx')) },
                  { path: 'billing', ...page(() => import('./routes/app/settings/billing.tsx')) },
                  { path: 'logout', ...page(() => import('./routes/logout.tsx')) },
                ],
              },
              {
                path: 'admin',
                ...page(() => import('./routes/app/admin/layout.tsx')),
                children: [
                  redirect('users'),
                  { path: 'users', ...page(() => import('./routes/app/admin/users.tsx')) },
                  { path: 'charts', ...page(() => import('./routes/app/admin/charts.tsx')) },
                  { path: 'payouts', ...page(() => import('./routes/app/admin/payouts.tsx')) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
