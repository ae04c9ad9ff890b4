import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { autoConsent } from './auto-consent.ts';
import { createIdentity } from './create-identity.ts';
import { normalizeEmail } from './email.ts';
import { type AuthMode, renderAuthPage } from './pages/auth-page.ts';
import type { Page } from './pages/layout.ts';
import { renderMessagePage } from './pages/message-page.ts';
import { verifyCredentials, WRONG_CREDENTIALS_MESSAGE } from './verify-credentials.ts';

type Options = { provider: Provider; db: Db; config: Config };
type UidRoute = { Params: { uid: string }; Querystring: { mode?: string } };
type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const ZCredentialsForm = z.object({
  email: z.string().max(1000).catch(''),
  password: z.string().max(1000).catch(''),
});
const readForm = (body: unknown) =>
  ZCredentialsForm.safeParse(body ?? {}).data ?? { email: '', password: '' };

const sendPage = (reply: FastifyReply, page: Page, status = 200) =>
  reply
    .code(status)
    .header('content-security-policy', page.contentSecurityPolicy)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);

/** `?mode=signup` (the tabs) wins; otherwise the authorize request's `screen_hint=signup` opens the sign-up form. */
const modeFor = (query: string | undefined, interaction: Interaction): AuthMode => {
  if (query === 'signup' || query === 'sign-up') return 'sign-up';
  if (query === 'signin' || query === 'sign-in') return 'sign-in';
  return interaction.params.screen_hint === 'signup' ? 'sign-up' : 'sign-in';
};

/** The sign-in and sign-up pages oidc-provider sends people to (`interactions.url`), and their form handlers. */
export const registerInteractionRoutes = (app: FastifyInstance, { provider, db, config }: Options) => {
  const homeUrl = `${config.publicUrl}/`;
  const restartUrl = `${config.publicUrl}/login`;

  /** Undefined when the interaction cookie is missing or expired, or belongs to another tab's sign-in. */
  const loadInteraction = async (request: FastifyRequest<UidRoute>, reply: FastifyReply) => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  };

  const expired = (reply: FastifyReply) =>
    sendPage(
      reply,
      renderMessagePage({
        title: 'This sign-in page has expired',
        message:
          'Sign-in pages only stay open for a while, for your security. Start again — it only takes a moment.',
        homeUrl,
        action: { label: 'Start again', href: restartUrl },
      }),
      400,
    );

  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    result: InteractionResults,
    merge: boolean,
  ) => {
    // interactionResult (not interactionFinished): Fastify owns the response, so we redirect ourselves.
    const redirectTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: merge,
    });
    return reply.redirect(redirectTo, 303);
  };

  const authPage = (reply: FastifyReply, status: number, props: Parameters<typeof renderAuthPage>[0]) =>
    sendPage(reply, renderAuthPage(props), status);

  app.get<UidRoute>('/interaction/:uid', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return expired(reply);
    const { uid, prompt, params } = interaction;
    if (prompt.name === 'consent') {
      const result = await autoConsent(provider, interaction, config.auth.clientId, config.auth.audience);
      if (result) return finish(request, reply, result, true);
    }
    if (prompt.name !== 'login') {
      return sendPage(
        reply,
        renderMessagePage({
          title: 'Sign-in could not continue',
          message: 'This application cannot sign in with CDCA.',
          homeUrl,
          action: { label: 'Back to CDCA', href: homeUrl },
        }),
        400,
      );
    }
    const email = typeof params.login_hint === 'string' ? normalizeEmail(params.login_hint) : '';
    return authPage(reply, 200, { mode: modeFor(request.query.mode, interaction), uid, homeUrl, email });
  });

  app.post<UidRoute>('/interaction/:uid/sign-in', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (interaction?.prompt.name !== 'login') return expired(reply);
    const form = readForm(request.body);
    const identity = await verifyCredentials(db, form);
    if (!identity) {
      const email = normalizeEmail(form.email);
      return authPage(reply, 401, {
        mode: 'sign-in',
        uid: interaction.uid,
        homeUrl,
        email,
        error: WRONG_CREDENTIALS_MESSAGE,
      });
    }
    return finish(request, reply, { login: { accountId: identity.id } }, false);
  });

  app.post<UidRoute>('/interaction/:uid/sign-up', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (interaction?.prompt.name !== 'login') return expired(reply);
    const form = readForm(request.body);
    const created = await createIdentity(db, form);
    if (!created.ok) {
      const status = created.reason === 'email-taken' ? 409 : 400;
      const email = normalizeEmail(form.email);
      const { message: error, problems } = created;
      return authPage(reply, status, {
        mode: 'sign-up',
        uid: interaction.uid,
        homeUrl,
        email,
        error,
        problems,
      });
    }
    return finish(request, reply, { login: { accountId: created.identity.id } }, false);
  });
};
