import { money } from '@cdca/engine/money/money-decimal.ts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../identity/html.ts';
import { amountFor, renderSandboxPage, SANDBOX_PAGE_CSP, type SandboxAction } from './sandbox-page.ts';
import type { SandboxEventType, SandboxProvider } from './sandbox-provider.ts';
import { SANDBOX_WEBHOOK_PATH } from './sandbox-provider.ts';
import type { SandboxChargeRow, SandboxStore } from './sandbox-store.ts';

type Options = {
  store: SandboxStore;
  sandbox: SandboxProvider;
  clock: { now: () => Date };
  /** Off in production: a page anyone can "pay" with no money must never settle a real bill. */
  actionsEnabled: boolean;
};

const ZParams = z.object({ chargeId: z.string().min(1).max(64) });
const ZActionParams = ZParams.extend({ action: z.enum(['pay', 'underpay', 'overpay', 'expire']) });
const ZQuery = z.object({ done: z.string().max(20).optional(), delivered: z.string().max(10).optional() });

/** Which webhooks a provider sends after each button, in order (BTCPay's event names). */
const eventsAfter = (before: SandboxChargeRow, after: SandboxChargeRow): SandboxEventType[] => {
  if (after.status === 'expired' && before.status !== 'expired') return ['InvoiceExpired'];
  const paidMore = !money(after.paidAmount).eq(before.paidAmount);
  const received: SandboxEventType[] = paidMore ? ['InvoiceReceivedPayment'] : [];
  if (after.status !== 'settled' || before.status === 'settled') return received;
  return before.status === 'expired'
    ? [...received, 'InvoicePaidAfterExpiration', 'InvoiceSettled']
    : [...received, 'InvoiceSettled'];
};

const notFoundPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>No such charge</title></head><body><p>${escapeHtml('This charge does not exist.')}</p></body></html>`;

/**
 * The sandbox's hosted charge page at /sandbox-pay/{chargeId}. Its buttons change the sandbox's books and then
 * send signed webhooks to our own webhook endpoint, through HTTP handling like any provider's delivery.
 */
export const sandboxPayRoutes: FastifyPluginAsync<Options> = async (
  app,
  { store, sandbox, clock, actionsEnabled },
) => {
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
        { chargeId: row.id, type, status: response.statusCode },
        'sandbox: webhook delivery refused',
      );
    }
    return response.statusCode;
  };

  app.get('/sandbox-pay/:chargeId', async (request, reply) => {
    const { chargeId } = ZParams.parse(request.params);
    const query = ZQuery.parse(request.query);
    const row = await store.get(chargeId);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!row) return reply.code(404).type('text/html').send(notFoundPage);
    const html = await renderSandboxPage({
      row,
      hostedUrl: sandbox.hostedUrlOf(row.id),
      now: clock.now(),
      done: query.done ? { action: query.done, delivered: query.delivered ?? 'none' } : undefined,
      actionsEnabled,
    });
    return reply.header('content-security-policy', SANDBOX_PAGE_CSP).type('text/html').send(html);
  });

  app.post('/sandbox-pay/:chargeId/:action', async (request, reply) => {
    const parsed = ZActionParams.safeParse(request.params);
    if (!parsed.success || !actionsEnabled) return reply.code(404).type('text/html').send(notFoundPage);
    const { chargeId, action } = parsed.data;
    const before = await store.get(chargeId);
    if (!before) return reply.code(404).type('text/html').send(notFoundPage);
    const after = await act(store, before, action);
    let delivered = 'none';
    for (const type of after ? eventsAfter(before, after) : [])
      delivered = String(await deliver(after ?? before, type));
    const done = action === 'pay' && before.status === 'expired' ? 'late' : action;
    return reply.redirect(
      `/sandbox-pay/${encodeURIComponent(chargeId)}?done=${done}&delivered=${delivered}`,
      303,
    );
  });
};

const act = (store: SandboxStore, row: SandboxChargeRow, action: SandboxAction) => {
  if (action === 'expire') return store.expire(row.id);
  if (row.status !== 'new' && row.status !== 'expired') return Promise.resolve(row);
  return store.pay(row.id, amountFor(row, action));
};
