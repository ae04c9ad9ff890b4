import { randomBytes } from 'node:crypto';
import {
  type FakeBtcpay,
  startFakeBtcpay,
} from '../../apps/server/src/modules/billing/providers/btcpay/fake-btcpay-server.ts';

const HOUR_MS = 3_600_000;

export type BtcpayForJourney = {
  /** The fake's own levers (pay, confirm, replace…): a wallet and the chain, as the journey plays them. */
  fake: FakeBtcpay;
  /** What the server needs to bill through this BTCPay (docs/providers.md). */
  env: Record<string, string>;
  /** Moves the fake's clock on by whole hours, as the billing controls move the server's. */
  advance: (hours: number) => void;
  /** How far the fake's clock runs ahead of the wall clock, in hours. */
  offsetHours: () => number;
  close: () => Promise<void>;
};

/**
 * The fake BTCPay Server (apps/server/src/modules/billing/providers/btcpay/fake-btcpay-server.ts) in the journey's own process, with a
 * clock the journey moves: invoices expire and monitoring ends by the fake's time, which must run with the server's
 * billing clock, so a journey moves both by the same hours. Its store webhook is registered through Greenfield, as
 * an operator sets it up, pointing at the server's webhook endpoint (docs/providers.md "Operators").
 */
export const startBtcpayForJourney = async (serverUrl: string): Promise<BtcpayForJourney> => {
  let offsetHours = 0;
  const fake = await startFakeBtcpay({ clock: () => new Date(Date.now() + offsetHours * HOUR_MS) });
  const webhookSecret = randomBytes(24).toString('hex');
  const registered = await fetch(`${fake.url}/api/v1/stores/${fake.storeId}/webhooks`, {
    method: 'POST',
    headers: { authorization: `token ${fake.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      url: `${serverUrl}/api/v1/payments/webhooks/btcpay`,
      secret: webhookSecret,
      enabled: true,
      authorizedEvents: { everything: true },
    }),
  });
  if (!registered.ok) throw new Error(`the fake BTCPay refused the webhook: ${registered.status}`);
  return {
    fake,
    env: {
      BILLING_PROVIDER: 'btcpay',
      BTCPAY_URL: fake.url,
      BTCPAY_STORE_ID: fake.storeId,
      BTCPAY_API_KEY: fake.apiKey,
      BTCPAY_WEBHOOK_SECRET: webhookSecret,
    },
    advance: (hours) => {
      offsetHours += hours;
    },
    offsetHours: () => offsetHours,
    close: async () => {
      await fake.idle();
      await fake.close();
    },
  };
};

/** The invoice a hosted checkout link (`{BTCPay}/i/{invoiceId}`) opens, as the trader's pay link carries it. */
export const invoiceIdOf = (checkoutLink: string | null): string => {
  const id = checkoutLink ? /\/i\/([^/?#]+)/.exec(new URL(checkoutLink).pathname)?.[1] : undefined;
  if (!id) throw new Error(`not a BTCPay checkout link: ${checkoutLink}`);
  return id;
};
