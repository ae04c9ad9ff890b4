import { text } from '@cdca/contracts';
import { money } from '@cdca/engine';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../../lib/app-error.ts';
import { isCrossSite } from './cross-site.ts';
import { SANDBOX_LINK_PARAM, verifySandboxLink } from './sandbox-link.ts';
import {
  amountFor,
  renderSandboxMessage,
  renderSandboxPage,
  SANDBOX_PAGE_CSP,
  type SandboxAction,
} from './sandbox-page.ts';
import type { SandboxEventType, SandboxProvider } from './sandbox-provider.ts';
import { SANDBOX_WEBHOOK_PATH } from './sandbox-provider.ts';
import type { SandboxChargeRow, SandboxStore } from './sandbox-store.ts';

type Options = {
  store: SandboxStore;
  sandbox: SandboxProvider;
  clock: { now: () => Date };
  /** Off in production: a page anyone can "pay" with no money must never settle a real bill. */
  actionsEnabled: boolean;
  /** PUBLIC_URL: a button press must come from a page of this origin. */
  publicUrl: string;
};

const ZParams = z.object({ chargeId: text().check(z.minLength(1), z.maxLength(64)) });
const ZActionParams = ZParams.extend({
  action: z.enum(['pay', 'underpay', 'overpay', 'expire', 'pay-unconfirmed', 'confirm', 'never-confirm']),
});
const ZQuery = z.object({
  [SANDBOX_LINK_PARAM]: z.optional(text().check(z.maxLength(80))),
  done: z.optional(text().check(z.maxLength(20))),
  delivered: z.optional(text().check(z.maxLength(10))),
});

/** Which webhooks a provider sends after each button, in order (BTCPay's event names). */
const eventsAfter = (before: SandboxChargeRow, after: SandboxChargeRow): SandboxEventType[] => {
  if (after.status === 'expired' && before.status !== 'expired') return ['InvoiceExpired'];
  // An unconfirmed payment, then its fate: confirmed (settled) or never confirmed (invalid), as BTCPay announces
  // them (docs/providers.md).
  if (after.status === 'processing' && before.status !== 'processing')
    return ['InvoiceReceivedPayment', 'InvoiceProcessing'];
  if (before.status === 'processing' && after.status === 'settled')
    return ['InvoicePaymentSettled', 'InvoiceSettled'];
  if (after.status === 'invalid' && before.status !== 'invalid') return ['InvoiceInvalid'];
  const paidMore = !money(after.paidAmount).eq(before.paidAmount);
  const received: SandboxEventType[] = paidMore ? ['InvoiceReceivedPayment'] : [];
  // Like BTCPay, a late payment leaves the charge expired (paid-late) and is announced as such, never as settled
  // (docs/decisions/book-only-confirmed-money.md).
  if (after.status === 'expired') {
    return paidMore && after.exception === 'paid-late'
      ? [...received, 'InvoicePaidAfterExpiration']
      : received;
  }
  if (after.status !== 'settled' || before.status === 'settled') return received;
  return [...received, 'InvoiceSettled'];
};

const notFoundPage = renderSandboxMessage('No such charge', 'This charge does not exist.');
const badLinkPage = renderSandboxMessage(
  'This payment link is not valid',
  'Open the payment again from CDCA (Settings → Billing): links to a charge expire, and only work whole.',
);
const crossSitePage = renderSandboxMessage(
  'Request refused',
  'Payment buttons only work on the payment page itself.',
);

/**
 * The sandbox's hosted charge page at /sandbox-pay/{chargeId}. Its buttons change the sandbox's books and then
 * send signed webhooks to our own webhook endpoint, through HTTP handling like any provider's delivery.
 */
export const sandboxPayRoutes: FastifyPluginAsync<Options> = async (
  app,
  { store, sandbox, clock, actionsEnabled, publicUrl },
) => {
  const publicOrigin = new URL(publicUrl).origin;
  const page = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      // The address carries the link token: other sites never see it, and our own pages' posts keep their Origin.
      .header('referrer-policy', 'same-origin')
      .header('content-security-policy', SANDBOX_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(html);
  const linkIsValid = async (chargeId: string, token: string | undefined) =>
    verifySandboxLink(await store.linkSecret(), chargeId, token, clock.now());

  const deliver = async (row: SandboxChargeRow, type: SandboxEventType) => {
    const { rawBody, headers } = await sandbox.signedEvent(row, type);
    const response = await app.inject({
      method: 'POST',
      url: SANDBOX_WEBHOOK_PATH,
      headers,
      payload: rawBody,
    });
    if (response.statusCode !== 200) {
      app.log.warn(
        // The charge id is the page's bearer link: log the payment it belongs to instead.
        { paymentId: row.paymentId, type, status: response.statusCode },
        'sandbox: webhook delivery refused',
      );
    }
    return response.statusCode;
  };

  app.get('/sandbox-pay/:chargeId', async (request, reply) => {
    const params = ZParams.safeParse(request.params);
    if (!params.success) return page(reply, 404, notFoundPage);
    const { chargeId } = params.data;
    const query = ZQuery.safeParse(request.query).data ?? {};
    const link = query[SANDBOX_LINK_PARAM];
    // The link is checked before the charge is looked up: without it nobody learns whether a charge exists.
    if (!link || !(await linkIsValid(chargeId, link))) return page(reply, 403, badLinkPage);
    const row = await store.get(chargeId);
    if (!row) return page(reply, 404, notFoundPage);
    const html = await renderSandboxPage({
      row,
      hostedUrl: await sandbox.hostedUrlOf(row),
      link,
      now: clock.now(),
      done: query.done ? { action: query.done, delivered: query.delivered ?? 'none' } : undefined,
      actionsEnabled,
    });
    return page(reply, 200, html);
  });

  app.post('/sandbox-pay/:chargeId/:action', async (request, reply) => {
    const parsed = ZActionParams.safeParse(request.params);
    if (!actionsEnabled) throw sandboxBillingDisabled();
    if (!parsed.success) return page(reply, 404, notFoundPage);
    if (isCrossSite(request.headers, publicOrigin)) return page(reply, 403, crossSitePage);
    const { chargeId, action } = parsed.data;
    const link = ZQuery.safeParse(request.query).data?.[SANDBOX_LINK_PARAM];
    if (!link || !(await linkIsValid(chargeId, link))) return page(reply, 403, badLinkPage);
    const before = await store.get(chargeId);
    if (!before) return page(reply, 404, notFoundPage);
    const after = await act(store, before, action);
    let delivered = 'none';
    for (const type of after ? eventsAfter(before, after) : [])
      delivered = String(await deliver(after ?? before, type));
    const done = action === 'pay' && before.status === 'expired' ? 'late' : action;
    const back = new URLSearchParams({ [SANDBOX_LINK_PARAM]: link, done, delivered });
    return reply.redirect(`/sandbox-pay/${encodeURIComponent(chargeId)}?${back}`, 303);
  });
};

/**
 * Where sandbox billing is not in use (BILLING_PROVIDER=btcpay), its addresses say so instead of falling through to
 * the web app (docs/decisions/production-is-explicit.md).
 */
export const sandboxDisabledRoutes: FastifyPluginAsync = async (app) => {
  const refuse = async () => {
    throw sandboxBillingDisabled();
  };
  app.get('/sandbox-pay/:chargeId', refuse);
  app.post('/sandbox-pay/:chargeId/:action', refuse);
};

const sandboxBillingDisabled = () =>
  new AppError(404, 'sandbox-billing-disabled', 'Sandbox payments are not in use on this server.');

const act = (store: SandboxStore, row: SandboxChargeRow, action: SandboxAction) => {
  if (action === 'expire') return store.expire(row.id);
  if (action === 'pay-unconfirmed') return store.payUnconfirmed(row.id);
  if (action === 'confirm') return store.confirm(row.id);
  if (action === 'never-confirm') return store.neverConfirm(row.id);
  if (row.status !== 'new' && row.status !== 'expired') return Promise.resolve(row);
  return store.pay(row.id, amountFor(row, action));
};
