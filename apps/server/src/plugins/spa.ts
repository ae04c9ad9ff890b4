import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TRuntimeConfig } from '@cdca/contracts/runtime-config.ts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

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
  launched: config.launched,
  launchDeal: config.launchDeal,
  launchReferralCode: config.launchReferralCode,
  launchAt: config.launchAt,
  links: config.links,
});

/** Serves the built SPA with history fallback, `/config.json`, and JSON 404s for unknown API paths. */
export const registerSpa = async (app: FastifyInstance, config: Config) => {
  const runtimeConfig = runtimeConfigOf(config);
  app.get('/config.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(runtimeConfig),
  );

  const hasBuild = existsSync(join(config.webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed chunks never change; the HTML shell must always be revalidated.
        const immutable = path.includes(`${join(config.webDistDir, 'static')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (path.startsWith('/api/') || path === '/api' || !wantsPage) {
      return reply
        .code(404)
        .send({ code: 'route-not-found', message: `No route ${request.method} ${path}.` });
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
};
