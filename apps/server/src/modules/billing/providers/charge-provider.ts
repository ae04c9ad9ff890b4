import type { IncomingHttpHeaders } from 'node:http';

/**
 * Where a charge stands at its provider, normalised (research §3.4): new (awaiting money, maybe partly paid),
 * processing (the full amount seen, not yet confirmed), settled (confirmed in full, or marked paid by hand),
 * expired (not paid in full before expiry: money paid after it leaves it expired, exception paid-late), invalid
 * (not confirmed before the provider stopped watching it, or marked invalid by hand). The status alone never books
 * money: amountConfirmed does (docs/decisions/book-only-confirmed-money.md).
 */
export type ChargeStatus = 'new' | 'processing' | 'settled' | 'expired' | 'invalid';
export type ChargeException = 'overpaid' | 'paid-late' | 'paid-partial';

export type ProviderCharge = {
  /** The provider's id (BTCPay invoice id, sandbox charge id). */
  id: string;
  hostedUrl: string;
  expiresAt: Date;
  /** Amount asked, USD. */
  amount: string;
  /** Amount received so far, USD, confirmed or not (BTCPay's paidAmount counts unconfirmed payments too). */
  amountReceived: string;
  /** The part of amountReceived the provider counts as settled (confirmed): the only money we book. */
  amountConfirmed: string;
  /** A person at the provider decided the charge's fate by hand (BTCPay `Marked`): paid in full, or void. */
  mark: 'settled' | 'invalid' | null;
  /** Until when the provider still watches the charge for payments and confirmations; we re-read it till then. */
  monitoringUntil: Date;
  status: ChargeStatus;
  exception: ChargeException | null;
  /** The payment this charge was created for, as we told the provider. */
  paymentId: string | null;
};

export type CreateChargeInput = {
  paymentId: string;
  accountId: string;
  /** USD, two decimals. */
  amount: string;
  description: string;
  /** How long the charge can be paid; the provider's clock decides the exact instant (expiresAt). */
  expiresInMinutes: number;
  /** Where the hosted page sends the trader back to (the SPA's pid return flow). */
  redirectUrl: string;
};

/** A verified webhook delivery: which charge to re-read. The body is never trusted beyond that. */
export type WebhookDelivery = {
  /** Stable across the provider's redeliveries of one event, so a replay is recognised. */
  eventId: string;
  type: string;
  chargeId: string | null;
};

export type ChargeProvider = {
  kind: 'sandbox' | 'btcpay';
  createCharge: (input: CreateChargeInput) => Promise<ProviderCharge>;
  /** Undefined when the provider does not know the charge. */
  getCharge: (chargeId: string) => Promise<ProviderCharge | undefined>;
  /** Checks the signature over the raw bytes; undefined when it is missing, wrong, or the body is not an event. */
  verifyWebhook: (rawBody: Buffer, headers: IncomingHttpHeaders) => Promise<WebhookDelivery | undefined>;
};

/** The provider cannot be reached or refused the call; the caller retries later. */
export class ChargeProviderError extends Error {}
