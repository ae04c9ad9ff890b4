import type { IncomingHttpHeaders } from 'node:http';

/**
 * True when a browser says this request was sent from another site's page (a form or script there posting to us).
 * `Sec-Fetch-Site` is the browser's own word and wins; without it `Origin` must be the product's; a request with
 * neither comes from no browser page at all (curl, a server), which a link token alone may authorise.
 */
export const isCrossSite = (headers: IncomingHttpHeaders, publicOrigin: string): boolean => {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin';
  const origin = headers.origin;
  if (typeof origin === 'string') return origin !== publicOrigin;
  return false;
};
