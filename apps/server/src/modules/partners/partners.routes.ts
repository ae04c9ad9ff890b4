import {
  ZAdminPayoutList,
  ZAdminPayoutQuery,
  ZCreateReferralCodeBody,
  ZDecidePayoutBody,
  ZPartnerPayouts,
  ZPartnerReferralList,
  ZPayout,
  ZPayoutIdParams,
  ZReferralClickBody,
  ZReferralCode,
  ZReferralCodeList,
  ZRequestPayoutBody,
} from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { PartnersService } from './partners.service.ts';

/**
 * The landing page's click beacon: public, answered at once, nothing returned (docs/decisions/partner-programme.md).
 * Registered outside the signed-in scope; the API's per-address rate limit applies.
 */
export const partnerClicksRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (
  app,
  { partners },
) => {
  app.post('/partners/clicks', { schema: { body: ZReferralClickBody } }, async (request, reply) => {
    await partners.countClick(request.body.code);
    return reply.code(204).send();
  });
};

/** A partner's codes, referred accounts and payouts; the owners' payout decisions. Roles are checked in the service. */
export const partnersRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (
  app,
  { partners },
) => {
  app.get('/partners/referral-codes', { schema: { response: { 200: ZReferralCodeList } } }, (request) =>
    partners.listCodes(authOf(request)),
  );

  app.post(
    '/partners/referral-codes',
    { schema: { body: ZCreateReferralCodeBody, response: { 201: ZReferralCode } } },
    async (request, reply) => reply.code(201).send(await partners.createCode(authOf(request), request.body)),
  );

  app.get('/partners/referrals', { schema: { response: { 200: ZPartnerReferralList } } }, (request) =>
    partners.listReferrals(authOf(request)),
  );

  app.get('/partners/payouts', { schema: { response: { 200: ZPartnerPayouts } } }, (request) =>
    partners.payouts(authOf(request)),
  );

  app.post(
    '/partners/payouts',
    { schema: { body: ZRequestPayoutBody, response: { 201: ZPayout } } },
    async (request, reply) =>
      reply.code(201).send(await partners.requestPayout(authOf(request), request.body)),
  );

  app.get(
    '/partners/admin/payouts',
    { schema: { querystring: ZAdminPayoutQuery, response: { 200: ZAdminPayoutList } } },
    (request) => partners.adminList(authOf(request), request.query.status),
  );

  app.patch(
    '/partners/admin/payouts/:id',
    { schema: { params: ZPayoutIdParams, body: ZDecidePayoutBody, response: { 200: ZPayout } } },
    (request) => partners.decide(authOf(request), request.params.id, request.body),
  );
};
