import {
  ZBillingQuery,
  ZBillingSummary,
  ZCancelPlanBody,
  ZCreatePaymentBody,
  ZListPaymentsQuery,
  ZPayment,
  ZPaymentList,
  ZPaymentParams,
  ZSetDiscountCodeBody,
  ZUpdatePaymentBody,
} from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { PaymentsService } from './payments.service.ts';

/** docs/product.md §7 payments calls, plus the billing summary and cancellation Settings → billing needs. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/payments',
    { schema: { querystring: ZListPaymentsQuery, response: { 200: ZPaymentList } } },
    (request) => service.list(authOf(request), request.query),
  );

  app.post(
    '/payments',
    { schema: { body: ZCreatePaymentBody, response: { 200: ZPayment, 201: ZPayment } } },
    async (request, reply) => {
      const { created, payment } = await service.requestNow(authOf(request), request.body);
      return reply.code(created ? 201 : 200).send(payment);
    },
  );

  app.get('/payments/:id', { schema: { params: ZPaymentParams, response: { 200: ZPayment } } }, (request) =>
    service.get(authOf(request), request.params.id),
  );

  app.patch(
    '/payments/:id',
    { schema: { params: ZPaymentParams, body: ZUpdatePaymentBody, response: { 200: ZPayment } } },
    (request) => service.update(authOf(request), request.params.id, request.body),
  );

  app.post(
    '/payments/check-payment-status/:id',
    { schema: { params: ZPaymentParams, response: { 200: ZPayment } } },
    (request) => service.checkStatus(authOf(request), request.params.id),
  );

  app.get(
    '/payments/generate-new-charge/:id',
    { schema: { params: ZPaymentParams, response: { 200: ZPayment } } },
    (request) => service.generateNewCharge(authOf(request), request.params.id),
  );

  app.get(
    '/billing',
    { schema: { querystring: ZBillingQuery, response: { 200: ZBillingSummary } } },
    (request) => service.summary(authOf(request), request.query.accountId),
  );

  app.post(
    '/billing/cancellation',
    { schema: { body: ZCancelPlanBody, response: { 200: ZBillingSummary } } },
    (request) => service.cancel(authOf(request), request.body),
  );

  app.delete(
    '/billing/cancellation',
    { schema: { querystring: ZBillingQuery, response: { 200: ZBillingSummary } } },
    (request) => service.resume(authOf(request), request.query.accountId),
  );

  app.put(
    '/billing/discount-code',
    { schema: { body: ZSetDiscountCodeBody, response: { 200: ZBillingSummary } } },
    (request) => service.setDiscountCode(authOf(request), request.body),
  );
};
