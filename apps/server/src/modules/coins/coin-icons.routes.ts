import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coinIconSvg } from './coin-icon.ts';

const ZIconParams = z.strictObject({
  file: z.string().regex(/^[a-z0-9]{1,15}\.svg$/, 'expected <symbol>.svg'),
});

/** Public coin icons at /coin-icons/<symbol>.svg; they never change for a symbol, so browsers keep them. */
export const coinIconsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/coin-icons/:file', { schema: { params: ZIconParams } }, async (request, reply) => {
    const svg = await coinIconSvg(request.params.file.replace(/\.svg$/, ''));
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=604800')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
};
