import { PUBLIC_PAGES } from '@cdca/contracts';
import type { Config } from '../config.ts';

/** Crawlers may read the public site; the API, the identity provider and the account area are not for them. */
export const robotsTxt = (config: Pick<Config, 'publicUrl' | 'appEnv'>): string => {
  // A staging deployment must never be indexed next to production.
  if (config.appEnv === 'staging') return 'User-agent: *\nDisallow: /\n';
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /oidc/',
    'Disallow: /interaction/',
    'Disallow: /login',
    'Disallow: /logout',
    '',
    `Sitemap: ${config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
};

/** The marketing and legal pages, with absolute addresses from PUBLIC_URL. */
export const sitemapXml = (config: Pick<Config, 'publicUrl'>): string => {
  const urls = PUBLIC_PAGES.filter((page) => page.inSitemap).map(
    (page) =>
      `  <url><loc>${config.publicUrl}${page.path}</loc><priority>${page.path === '/' ? '1.0' : '0.6'}</priority></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
};
