import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TRuntimeConfig } from '@cdca/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { paperMarketControlsOn } from '../modules/paper-controls/paper-market-controls.ts';
import { robotsTxt, sitemapXml } from './spa-seo.ts';
import { createShellRenderer } from './spa-shell.ts';

export const runtimeConfigOf = (config: Config): TRuntimeConfig => ({
  productName: 'CDCA',
  appEnv: config.appEnv,
  auth: {
    provider: config.auth.provider,
    authority: config.auth.issuer,
    clientId: config.auth.clientId,
    audience: config.auth.audience,
  },
  exchange: config.exchange.kind,
  paperMarketControls: paperMarketControlsOn(config),
  launched: config.launched,
  launchDeal: config.launchDeal,
  launchReferralCode: config.launchReferralCode,
  launchAt: config.launchAt,
  links: config.links,
  billing: {
    provider: config.billing.provider,
    usageFeeRate: config.billing.usageFeeRate,
    freeProfitAllowance: config.billing.freeProfitAllowance,
  },
});

/**
 * Serves the built SPA with history fallback, `/config.json`, `/robots.txt`, `/sitemap.xml`, and JSON 404s for
 * unknown API paths. Each page's HTML carries its own title, description and Open Graph tags, and the runtime
 * config inline, so the first render needs no second round trip.
 */
export const registerSpa = async (app: FastifyInstance, config: Config) => {
  const runtimeConfig = runtimeConfigOf(config);
  app.get('/config.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(runtimeConfig),
  );
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(config)),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(config)),
  );

  const indexFile = join(config.webDistDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.ts); they are found beside the
      // file asked for, so they need no routes of their own (two thirds of the ~1,000 routes registered at start).
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, path) => {
        // Hashed chunks never change; the HTML shell must always be revalidated.
        const immutable = path.includes(`${join(config.webDistDir, 'static')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // The build's shell is read once: it only changes with a deploy, which restarts the process.
  const shell = hasBuild
    ? createShellRenderer(readFileSync(indexFile, 'utf8'), { publicUrl: config.publicUrl, runtimeConfig })
    : undefined;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (path.startsWith('/api/') || path === '/api' || !wantsPage) {
      return reply
        .code(404)
        .send({ code: 'route-not-found', message: `No route ${request.method} ${path}.` });
    }
    if (!shell) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    const page = shell.pageFor(path, request.headers['accept-encoding']);
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(page.body);
  });
};
