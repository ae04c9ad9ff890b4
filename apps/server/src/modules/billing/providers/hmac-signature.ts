import { createHmac, timingSafeEqual } from 'node:crypto';

/** GitHub-style `sha256=<hex HMAC-SHA256(secret, raw body)>`, as BTCPay's BTCPay-Sig header (research §3.3). */
export const signSha256 = (secret: string, rawBody: Buffer | string): string =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

/** Constant-time check of a `sha256=` signature header against the raw bytes. */
export const verifySha256 = (secret: string, rawBody: Buffer, header: string | string[] | undefined) => {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signSha256(secret, rawBody));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
};
