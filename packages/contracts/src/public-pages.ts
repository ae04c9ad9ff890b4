/**
 * The public pages (SPEC.md §2) with what search engines and link previews show for them. The server writes
 * these into each page's HTML (title, description, Open Graph) and its sitemap; the web app sets the title
 * when it moves between them without a reload.
 */
export type PublicPage = {
  path: string;
  title: string;
  description: string;
  /** Listed in /sitemap.xml: the marketing and legal pages, not the onboarding steps. */
  inSitemap: boolean;
};

const SITE = 'CDCA';

export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: '/',
    title: `${SITE} — Automated crypto dollar-cost averaging on your own exchange`,
    description:
      'CDCA buys the dip in planned DCA levels and sells the bounce at your take-profit, on your own exchange account with trade-only keys. Free until you make $100.',
    inSitemap: true,
  },
  {
    path: '/plans',
    title: `Plans and pricing — ${SITE}`,
    description:
      'One plan, free until your epics make $100, then billed every 30 days in crypto (USDC recommended). See every price, discount and the partner column.',
    inSitemap: true,
  },
  {
    path: '/partner-stack',
    title: `Partner programme — ${SITE}`,
    description:
      'Share your referral code: the traders you bring get a discount for life, and you follow their accounts and your payouts in the partner area.',
    inSitemap: true,
  },
  {
    path: '/support-public',
    title: `Support — ${SITE}`,
    description:
      'Search the answers to common questions about epics, API keys and billing, or send the CDCA team a message.',
    inSitemap: true,
  },
  {
    path: '/terms-of-service',
    title: `Terms of service — ${SITE}`,
    description:
      'The terms for using CDCA: software that trades on your own exchange account, your responsibilities, billing in crypto and the risks of trading.',
    inSitemap: true,
  },
  {
    path: '/privacy-policy',
    title: `Privacy policy — ${SITE}`,
    description:
      'What CDCA stores and why: your e-mail, settings and epics; exchange keys encrypted at rest that can never withdraw; crypto payments.',
    inSitemap: true,
  },
  {
    path: '/launch',
    title: `Launch — ${SITE}`,
    description: 'CDCA opens trading on launch day. Count down with us and claim the launch-day deal.',
    inSitemap: false,
  },
  {
    path: '/skill',
    title: `Find your level — ${SITE}`,
    description:
      'Beginner, intermediate or expert: how CDCA sets up your epics for the way you trade, and what each level unlocks.',
    inSitemap: false,
  },
];

export const publicPageFor = (path: string): PublicPage | undefined =>
  PUBLIC_PAGES.find((page) => page.path === path);
