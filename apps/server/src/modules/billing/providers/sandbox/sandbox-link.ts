import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long a charge's link opens its page: a cycle and its days to pay, so "Pay late anyway" still works on an
 * expired charge, yet a link that leaked stops working (docs/decisions/sandbox-charge-links.md).
 */
export const SANDBOX_LINK_DAYS = 35;
const DAY_MS = 24 * 3_600_000;

/** The query parameter the hosted page's link carries: `t=<expiry, unix seconds>.<HMAC>`. */
export const SANDBOX_LINK_PARAM = 't';

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const mac = (secret: string, chargeId: string, expiresAt: number) =>
  createHmac('sha256', secret).update(`sandbox-pay:${chargeId}:${expiresAt}`).digest('base64url');

/**
 * The capability a charge's page needs: only whoever was handed the link (the charge's owner, through their
 * payment) can open it or press its buttons. The expiry follows from the charge's creation, so the same charge
 * always gets the same link, in every process that shares the database's secret.
 */
export const signSandboxLink = (secret: string, chargeId: string, createdAt: Date): string => {
  const expiresAt = Math.floor((createdAt.getTime() + SANDBOX_LINK_DAYS * DAY_MS) / 1000);
  return `${expiresAt}.${mac(secret, chargeId, expiresAt)}`;
};

/** True when the token was signed for this charge and has not expired at `now` (the billing clock). */
export const verifySandboxLink = (
  secret: string,
  chargeId: string,
  token: string | undefined,
  now: Date,
): boolean => {
  const match = TOKEN.exec(token ?? '');
  if (!match?.[1] || !match[2]) return false;
  const expiresAt = Number(match[1]);
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(mac(secret, chargeId, expiresAt));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return now.getTime() < expiresAt * 1000;
};
