import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createAccountsRepository } from '../modules/accounts/accounts.repository.ts';
import { drizzleAdapterFactory } from './drizzle-adapter.ts';
import { findIdentityById } from './identities.repository.ts';
import type { IdentitySecrets } from './identity-secrets.ts';
import { providerPages } from './provider-pages.ts';
import { FIRST_PARTY_CLAIMS, FIRST_PARTY_SCOPE, TOKEN_TTL } from './provider-settings.ts';

type ProviderOptions = { config: Config; db: Db; secrets: IdentitySecrets };

export const createProvider = ({ config, db, secrets }: ProviderOptions): Provider => {
  const { issuer, clientId, audience } = config.auth;
  const accountsRepository = createAccountsRepository(db);
  const { publicUrl } = config;
  const pages = providerPages({ publicUrl, clientId });

  const configuration: Configuration = {
    adapter: drizzleAdapterFactory(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'CDCA',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${publicUrl}/login`],
        post_logout_redirect_uris: [`${publicUrl}/`, `${publicUrl}/login`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    responseTypes: ['code'],
    // oidc-provider 9 only implements S256; requiring it for every client keeps a future confidential client honest too.
    pkce: { required: () => true },
    jwks: { keys: secrets.signingKeys },
    cookies: { keys: secrets.cookieKeys },
    claims: { openid: ['sub'], email: FIRST_PARTY_CLAIMS },
    // The SPA reads the e-mail from the id_token's profile without a userinfo round trip.
    conformIdTokenClaims: false,
    // Auth0's way to open the sign-up form; the SPA sends the same parameter to either provider.
    extraParams: ['screen_hint'],
    findAccount: async (_ctx, sub) => {
      const identity = await findIdentityById(db, sub);
      if (!identity) return undefined;
      // A deleted account is unknown to the provider: its refresh tokens and sessions stop working at once.
      if ((await accountsRepository.findByUserId(sub))?.status === 'deleted') return undefined;
      // Nobody has proven ownership of the address (no verification mail yet), so say so.
      return {
        accountId: identity.id,
        claims: async () => ({ sub: identity.id, email: identity.email, email_verified: false }),
      };
    },
    // The API creates the product account from the access token alone, so it carries the e-mail.
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const identity = await findIdentityById(db, token.accountId);
      return identity ? { email: identity.email } : undefined;
    },
    interactions: { url: async (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
      // Resource indicators are what turn access tokens into JWTs for our API (aud = the API), like Auth0's audience.
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: FIRST_PARTY_SCOPE,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: TOKEN_TTL.AccessToken,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    ttl: { ...TOKEN_TTL },
    // A public web client never gets offline_access without a consent prompt; this is the documented recipe for
    // issuing refresh tokens to it anyway.
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') ||
        (client.applicationType === 'web' && client.clientAuthMethod === 'none')),
    // Binding every code and refresh token to the browser session is what makes "Log out" end them all.
    expiresWithSession: async () => true,
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (client.clientId !== clientId) return existing;
      // First-party: grant what the SPA needs so no consent prompt ever appears.
      const grant =
        existing ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(FIRST_PARTY_SCOPE);
      grant.addOIDCClaims(FIRST_PARTY_CLAIMS);
      grant.addResourceScope(audience, FIRST_PARTY_SCOPE);
      await grant.save();
      return grant;
    },
    clientBasedCORS: (_ctx, origin) => origin === new URL(publicUrl).origin,
    renderError: pages.renderError,
  };

  const provider = new Provider(issuer, configuration);
  // Koa takes the protocol from X-Forwarded-Proto only with proxy on. The provider is only ever handed the one
  // pinProviderRequestsToPublicUrl writes from PUBLIC_URL (the caller's are dropped), so issuer, endpoints and
  // cookie security follow PUBLIC_URL, never a forged header (docs/decisions/identity-host-trust.md).
  provider.proxy = true;
  return provider;
};
