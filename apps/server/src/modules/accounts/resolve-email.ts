import { z } from 'zod';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';

const ZDiscovery = z.object({ userinfo_endpoint: z.url() });
const ZUserinfo = z.object({ email: z.email() });

/**
 * The embedded provider puts the e-mail in the access token. Auth0 and other issuers usually don't,
 * so ask their userinfo endpoint (found through discovery) with the same token.
 */
export const resolveEmail = async (auth: AuthContext, authConfig: Config['auth']): Promise<string> => {
  if (auth.email) return auth.email.toLowerCase();
  try {
    const base = authConfig.issuer.replace(/\/$/, '');
    const discovery = ZDiscovery.parse(await fetchJson(`${base}/.well-known/openid-configuration`));
    const userinfo = ZUserinfo.parse(
      await fetchJson(discovery.userinfo_endpoint, { authorization: `Bearer ${auth.token}` }),
    );
    return userinfo.email.toLowerCase();
  } catch {
    throw new AppError(
      400,
      'bad-request',
      'Your sign-in did not share an e-mail address; allow the email scope.',
    );
  }
};

const fetchJson = async (url: string, headers: Record<string, string> = {}): Promise<unknown> => {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
};
