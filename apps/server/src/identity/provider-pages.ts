import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Page } from './pages/layout.ts';
import { renderLogoutPage } from './pages/logout-page.ts';
import { renderMessagePage } from './pages/message-page.ts';

type PageOptions = { publicUrl: string; clientId: string };

const send = (ctx: KoaContextWithOIDC, page: Page) => {
  ctx.type = 'html';
  ctx.set('content-security-policy', page.contentSecurityPolicy);
  ctx.body = page.html;
};

/**
 * The pages oidc-provider renders itself (logout, signed-out, errors), in the product's look. Its defaults pull a
 * Google font into a grey box; these keep everything on our origin.
 */
export const providerPages = ({ publicUrl, clientId }: PageOptions) => {
  const homeUrl = `${publicUrl}/`;
  return {
    /**
     * When our own app asks with a valid id_token_hint, sign out at once (the user already clicked "Log out"
     * there). Without one anyone could link here, so ask first.
     */
    logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
      const askedByOurApp = Boolean(ctx.oidc.entities.IdTokenHint) && ctx.oidc.client?.clientId === clientId;
      send(
        ctx,
        renderLogoutPage({
          providerForm: form,
          homeUrl,
          cancelUrl: `${publicUrl}/dashboard`,
          autoSubmit: askedByOurApp,
        }),
      );
    },
    postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
      send(
        ctx,
        renderMessagePage({
          title: 'You are signed out',
          message: 'You have been signed out of CDCA on this device.',
          homeUrl,
          action: { label: 'Sign in again', href: `${publicUrl}/login` },
        }),
      );
    },
    renderError: async (ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) => {
      send(
        ctx,
        renderMessagePage({
          title: 'Sign-in could not continue',
          message: 'Something about this sign-in request was not right. Start again from the app.',
          detail: out.error_description ?? out.error,
          homeUrl,
          action: { label: 'Back to sign in', href: `${publicUrl}/login` },
        }),
      );
    },
  };
};
