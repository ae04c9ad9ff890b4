import { ZCreateShareBody, ZShare, ZShareIdParams, ZShareList, ZShareReferralCode } from '@cdca/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import { renderShareNotFound, renderSharePage, SHARE_PAGE_CSP } from './share-page.ts';
import type { SharesService } from './shares.service.ts';

/** The owner's calls: make, preview, list and revoke their own shared links (docs/decisions/verified-sharing.md). */
export const sharesRoutes: FastifyPluginAsyncZod<{ shares: SharesService }> = async (app, { shares }) => {
  app.post(
    '/shares',
    { schema: { body: ZCreateShareBody, response: { 201: ZShare } } },
    async (request, reply) => reply.code(201).send(await shares.create(authOf(request), request.body)),
  );

  app.post('/shares/preview', { schema: { body: ZCreateShareBody } }, async (request, reply) => {
    const { png } = await shares.preview(authOf(request), request.body);
    return reply.type('image/png').send(png);
  });

  app.get('/shares/referral-code', { schema: { response: { 200: ZShareReferralCode } } }, (request) =>
    shares.referralCode(authOf(request)),
  );

  app.get('/shares', { schema: { response: { 200: ZShareList } } }, (request) =>
    shares.list(authOf(request)),
  );

  app.delete('/shares/:id', { schema: { params: ZShareIdParams, response: { 200: ZShare } } }, (request) =>
    shares.revoke(authOf(request), request.params.id),
  );
};

type PageOptions = { shares: SharesService; publicUrl: string };

/**
 * The public side, signed out: the page /s/{token} and its card /s/{token}/card.png. An unknown, malformed or
 * revoked token is the same 404 page, so a link says nothing about links that do not work.
 */
export const sharePagesRoutes: FastifyPluginAsync<PageOptions> = async (app, { shares, publicUrl }) => {
  const html = (status: number, body: string) => ({ status, body });
  app.get<{ Params: { token: string } }>('/s/:token', async (request, reply) => {
    const found = await shares.view(request.params.token, { count: request.method === 'GET' });
    const page = found
      ? html(200, renderSharePage(found.view, { ...found, publicUrl }))
      : html(404, renderShareNotFound(publicUrl));
    return (
      reply
        .code(page.status)
        // A revoke must take the page down at once, so nobody keeps a copy.
        .header('cache-control', 'no-store')
        // The address is the link's secret: pages it leads to never see it.
        .header('referrer-policy', 'no-referrer')
        .header('content-security-policy', SHARE_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(page.body)
    );
  });

  app.get<{ Params: { token: string } }>('/s/:token/card.png', async (request, reply) => {
    const png = await shares.card(request.params.token);
    if (!png) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Not found');
    }
    // Link previews fetch the card again and again; a minute keeps a revoke quick to take effect everywhere.
    return reply.header('cache-control', 'public, max-age=60').type('image/png').send(png);
  });
};
