/**
 * The public part of the web app's route manifest (apps/web/src/config/routes.ts, docs/decisions/route-manifest.md):
 * the pages of the public bundle (docs/product.md §2) with what search engines and link previews show for them. The
 * server writes these into each page's HTML (title, description, Open Graph) and its sitemap; the web app
 * derives its public router, its guards and its head from the same entries. Adding a public page is one entry
 * here plus its page module.
 */
export type PublicPage = {
  /** The name the web app links it by (`paths.plans`). */
  id: string;
  path: string;
  /**
   * Who may see it (docs/product.md §2 guard rules): everyone, or everyone until their account is active (active
   * accounts are sent home).
   */
  access: 'public' | 'until-active';
  /** The page module, under apps/web/src/app/; each is its own chunk. */
  module: `public/routes/${string}.tsx`;
  title: string;
  description: string;
  /** Listed in /sitemap.xml: the marketing and legal pages, not the onboarding steps. */
  inSitemap: boolean;
};

const SITE = 'CDCA';

export const PUBLIC_PAGES = [
  {
    id: 'landing',
    path: '/',
    access: 'public',
    module: 'public/routes/landing.tsx',
    title: `${SITE} — Automated crypto dollar-cost averaging on your own exchange`,
    description:
      'CDCA buys the dip in planned DCA levels and sells the bounce at your take-profit, on your own exchange account with trade-only keys. Free until you make $100.',
    inSitemap: true,
  },
  {
    id: 'plans',
    path: '/plans',
    access: 'until-active',
    module: 'public/routes/plans.tsx',
    title: `Plans and pricing — ${SITE}`,
    description:
      'One plan, free until your epics make $100, then billed every 30 days in crypto (USDC recommended). See every price, discount and the partner column.',
    inSitemap: true,
  },
  {
    id: 'partnerStack',
    path: '/partner-stack',
    access: 'until-active',
    module: 'public/routes/partner-stack.tsx',
    title: `Partner programme — ${SITE}`,
    description:
      'Share your referral code: the traders you bring get a discount for life, and you follow their accounts and your payouts in the partner area.',
    inSitemap: true,
  },
  {
    id: 'supportPublic',
    path: '/support-public',
    access: 'public',
    module: 'public/routes/support-public.tsx',
    title: `Support — ${SITE}`,
    description:
      'Search the answers to common questions about epics, API keys and billing, or send the CDCA team a message.',
    inSitemap: true,
  },
  {
    id: 'termsOfService',
    path: '/terms-of-service',
    access: 'public',
    module: 'public/routes/terms-of-service.tsx',
    title: `Terms of service — ${SITE}`,
    description:
      'The terms for using CDCA: software that trades on your own exchange account, your responsibilities, billing in crypto and the risks of trading.',
    inSitemap: true,
  },
  {
    id: 'privacyPolicy',
    path: '/privacy-policy',
    access: 'public',
    module: 'public/routes/privacy-policy.tsx',
    title: `Privacy policy — ${SITE}`,
    description:
      'What CDCA stores and why: your e-mail, settings and epics; exchange keys encrypted at rest that can never withdraw; crypto payments.',
    inSitemap: true,
  },
  {
    id: 'launch',
    path: '/launch',
    access: 'until-active',
    module: 'public/routes/launch.tsx',
    title: `Launch — ${SITE}`,
    description: 'CDCA opens trading on launch day. Count down with us and claim the launch-day deal.',
    inSitemap: false,
  },
  {
    id: 'skill',
    path: '/skill',
    access: 'until-active',
    module: 'public/routes/skill.tsx',
    title: `Find your level — ${SITE}`,
    description:
      'Beginner, intermediate or expert: how CDCA sets up your epics for the way you trade, and what each level unlocks.',
    inSitemap: false,
  },
] as const satisfies readonly PublicPage[];

export const publicPageFor = (path: string): PublicPage | undefined =>
  PUBLIC_PAGES.find((page) => page.path === path);
