import { text } from '@cdca/contracts';
import { type Clock, systemClock } from '@cdca/engine';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createSignInThrottle } from '../lib/rate-limits/sign-in-throttle.ts';
import { createSignUpThrottle } from '../lib/rate-limits/sign-up-throttle.ts';
import { createAccountsRepository } from '../modules/accounts/accounts.repository.ts';
import { autoConsent } from './auto-consent.ts';
import { createIdentity, signUpFormProblem } from './create-identity.ts';
import { normalizeEmail } from './email.ts';
import { type AuthMode, renderAuthPage } from './pages/auth-page.ts';
import type { Page } from './pages/layout.ts';
import { renderMessagePage } from './pages/message-page.ts';
import { signInThrottledMessage, signUpThrottledMessage } from './pages/throttle-messages.ts';
import {
  CREDENTIALS_DO_NOT_MATCH,
  type SignInOutcome,
  verifyCredentialsThrottled,
  WRONG_CREDENTIALS_MESSAGE,
} from './verify-credentials.ts';

/**
 * `provider`: the provider, loaded on first use (embedded-identity.ts). `rateLimitClock`: tests pass a clock they move
 * to get past a lock without waiting.
 */
type Options = { provider: () => Promise<Provider>; db: Db; config: Config; rateLimitClock?: Clock };
type UidRoute = { Params: { uid: string }; Querystring: { mode?: string } };
type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

// The product's text rules (docs/decisions/hostile-input.md): a NUL or lone surrogate reads as an empty field.
const ZCredentialsForm = z.object({
  email: z.catch(text().check(z.maxLength(1000)), ''),
  password: z.catch(text().check(z.maxLength(1000)), ''),
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
export const registerInteractionRoutes = (
  app: FastifyInstance,
  { provider, db, config, rateLimitClock = systemClock }: Options,
) => {
  const homeUrl = `${config.publicUrl}/`;
  const restartUrl = `${config.publicUrl}/login`;
  const { rateLimits } = config;
  const signInThrottle = createSignInThrottle({ db, clock: rateLimitClock, limits: rateLimits.signIn });
  const signUpThrottle = createSignUpThrottle({
    db,
    clock: rateLimitClock,
    perHour: rateLimits.signUpsPerIpPerHour,
  });

  /** Undefined when the interaction cookie is missing or expired, or belongs to another tab's sign-in. */
  const loadInteraction = async (request: FastifyRequest<UidRoute>, reply: FastifyReply) => {
    try {
      const interaction = await (await provider()).interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      // Already loaded by the call above: the provider's error classes come with it.
      const { errors } = await import('oidc-provider');
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

  const accounts = createAccountsRepository(db);
  const accountDeleted = (reply: FastifyReply) =>
    sendPage(
      reply,
      renderMessagePage({
        title: 'This account was deleted',
        message:
          'The account for this e-mail has been deleted, so it cannot sign in any more. If you think this is a mistake, write to support.',
        homeUrl,
        action: { label: 'Contact support', href: `${config.publicUrl}/support-public` },
      }),
      403,
    );

  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    result: InteractionResults,
    merge: boolean,
  ) => {
    // interactionResult (not interactionFinished): Fastify owns the response, so we redirect ourselves.
    const redirectTo = await (await provider()).interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: merge,
    });
    return reply.redirect(redirectTo, 303);
  };

  /** A deleted account is unknown to the provider (docs/decisions/account-access.md): say so instead of failing. */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, identityId: string) => {
    if ((await accounts.findByUserId(identityId))?.status === 'deleted') return accountDeleted(reply);
    return finish(request, reply, { login: { accountId: identityId } }, false);
  };

  const authPage = (reply: FastifyReply, status: number, props: Parameters<typeof renderAuthPage>[0]) =>
    sendPage(reply, renderAuthPage(props), status);

  /** Every refused sign-in reads the same, whether from the sign-in form or a sign-up with a taken e-mail. */
  const signInRefused = (
    reply: FastifyReply,
    uid: string,
    email: string,
    { checked, throttled }: Extract<SignInOutcome, { ok: false }>,
  ) => {
    if (!throttled) {
      return authPage(reply, 401, { mode: 'sign-in', uid, homeUrl, email, error: WRONG_CREDENTIALS_MESSAGE });
    }
    // Refused at once rather than held open: a delay that keeps the socket would itself be a DoS lever.
    reply.header('retry-after', String(throttled.retryAfterSeconds));
    const why = signInThrottledMessage(throttled);
    const error = checked ? `${CREDENTIALS_DO_NOT_MATCH} ${why}` : why;
    return authPage(reply, 429, { mode: 'sign-in', uid, homeUrl, email, error });
  };

  app.get<UidRoute>('/interaction/:uid', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return expired(reply);
    const { uid, prompt, params } = interaction;
    if (prompt.name === 'consent') {
      const result = await autoConsent(
        await provider(),
        interaction,
        config.auth.clientId,
        config.auth.audience,
      );
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
    const outcome = await verifyCredentialsThrottled(db, signInThrottle, { ...form, ip: request.ip });
    if (!outcome.ok) return signInRefused(reply, interaction.uid, normalizeEmail(form.email), outcome);
    return signIn(request, reply, outcome.identity.id);
  });

  app.post<UidRoute>('/interaction/:uid/sign-up', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (interaction?.prompt.name !== 'login') return expired(reply);
    const form = readForm(request.body);
    const email = normalizeEmail(form.email);
    const signUpPage = (status: number, error: string, problems: string[] = []) =>
      authPage(reply, status, { mode: 'sign-up', uid: interaction.uid, homeUrl, email, error, problems });
    // Typos cost nothing; only a form that could create an account counts against the address.
    const problem = signUpFormProblem(form);
    if (problem) return signUpPage(400, problem.message, problem.problems);
    const refused = await signUpThrottle.take(request.ip);
    if (refused) {
      reply.header('retry-after', String(refused.retryAfterSeconds));
      return signUpPage(429, signUpThrottledMessage(refused));
    }
    const created = await createIdentity(db, form);
    if (created.ok) return finish(request, reply, { login: { accountId: created.identity.id } }, false);
    if (created.reason !== 'email-taken') return signUpPage(400, created.message, created.problems);
    // A taken e-mail is answered as a sign-in with what was typed, never "this e-mail has an account"
    // (docs/decisions/sign-in-throttling.md).
    const outcome = await verifyCredentialsThrottled(db, signInThrottle, { ...form, ip: request.ip });
    if (!outcome.ok) return signInRefused(reply, interaction.uid, email, outcome);
    return signIn(request, reply, outcome.identity.id);
  });
};
