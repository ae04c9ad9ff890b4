import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ChargeProvider, WebhookDelivery } from '../charge-provider.ts';
import { signSha256, verifySha256 } from '../hmac-signature.ts';
import { SANDBOX_LINK_PARAM, signSandboxLink } from './sandbox-link.ts';
import { type SandboxChargeRow, type SandboxStore, toProviderCharge } from './sandbox-store.ts';

/** The sandbox signs like BTCPay (`sha256=<hex HMAC of the raw body>`) under its own header name. */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-sig';
export const SANDBOX_WEBHOOK_PATH = '/api/v1/payments/webhooks/sandbox';

const ZSandboxEvent = z.object({
  deliveryId: z.string().min(1),
  originalDeliveryId: z.string().min(1),
  type: z.string().min(1),
  invoiceId: z.string().min(1),
});

export type SandboxEventType =
  | 'InvoiceReceivedPayment'
  | 'InvoiceProcessing'
  | 'InvoicePaymentSettled'
  | 'InvoiceSettled'
  | 'InvoiceInvalid'
  | 'InvoiceExpired'
  | 'InvoicePaidAfterExpiration';

/** Sends one signed delivery to our webhook endpoint; answers the HTTP status. */
export type SandboxDeliver = (rawBody: string, headers: Record<string, string>) => Promise<number>;

type Options = {
  store: SandboxStore;
  /** The product's public address: the hosted page lives at {publicUrl}/sandbox-pay/{id}?t={signed link token}. */
  publicUrl: string;
  clock: { now: () => Date };
};

/**
 * The embedded provider (docs/decisions/runtime.md): charges are pages the product serves itself, and paying one sends a
 * signed webhook to the webhook endpoint exactly as a real provider would, so the same code path runs.
 */
export const createSandboxProvider = ({ store, publicUrl, clock }: Options) => {
  /** The charge's page with the token that lets its owner in (docs/decisions/sandbox-charge-links.md). */
  const hostedUrlOf = async (row: Pick<SandboxChargeRow, 'id' | 'createdAt'>) => {
    const token = signSandboxLink(await store.linkSecret(), row.id, row.createdAt);
    return `${publicUrl}/sandbox-pay/${encodeURIComponent(row.id)}?${SANDBOX_LINK_PARAM}=${token}`;
  };

  const provider: ChargeProvider = {
    kind: 'sandbox',
    createCharge: async (input) => {
      const row = await store.create(input);
      return toProviderCharge(row, await hostedUrlOf(row));
    },
    getCharge: async (chargeId) => {
      const row = await store.get(chargeId);
      return row ? toProviderCharge(row, await hostedUrlOf(row)) : undefined;
    },
    verifyWebhook: async (rawBody, headers): Promise<WebhookDelivery | undefined> => {
      if (!verifySha256(await store.webhookSecret(), rawBody, headers[SANDBOX_SIGNATURE_HEADER]))
        return undefined;
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return undefined;
      }
      const event = ZSandboxEvent.safeParse(body);
      if (!event.success) return undefined;
      return {
        eventId: event.data.originalDeliveryId,
        type: event.data.type,
        chargeId: event.data.invoiceId,
      };
    },
  };

  /** Builds and signs one event about a charge, the shape BTCPay sends. */
  const signedEvent = async (row: SandboxChargeRow, type: SandboxEventType) => {
    const deliveryId = randomBytes(12).toString('base64url');
    const rawBody = JSON.stringify({
      deliveryId,
      originalDeliveryId: deliveryId,
      isRedelivery: false,
      type,
      timestamp: Math.floor(clock.now().getTime() / 1000),
      invoiceId: row.id,
      metadata: { paymentId: row.paymentId },
    });
    const headers = {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSha256(await store.webhookSecret(), rawBody),
    };
    return { rawBody, headers };
  };

  return { provider, hostedUrlOf, signedEvent };
};

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
