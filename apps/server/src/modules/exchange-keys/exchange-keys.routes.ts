import {
  ZAccount,
  ZCompleteCoinbaseAccountStepBody,
  ZExchangeAccountSummary,
  ZExchangeKeySubmitted,
  ZExchangeKeySummary,
  ZMintedPaperKey,
  ZMintPaperKeyBody,
  ZSubmitExchangeKeyBody,
} from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { ExchangeKeysService } from './exchange-keys.service.ts';
import { paperDisabled } from './mint-paper-key.ts';

type Options = {
  exchangeKeys: ExchangeKeysService;
  /** The configuration's choice (EXCHANGE=paper), not whichever exchange object happens to be wired in. */
  paperEnabled: boolean;
};

/** Keys onboarding (pending-keys, pending-coinbase-account) and Settings → API keys. */
export const exchangeKeysRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { exchangeKeys, paperEnabled },
) => {
  app.post(
    '/exchange-keys',
    { schema: { body: ZSubmitExchangeKeyBody, response: { 200: ZExchangeKeySubmitted } } },
    (request) => exchangeKeys.submit(authOf(request), request.body),
  );

  app.get('/exchange-keys/current', { schema: { response: { 200: ZExchangeKeySummary } } }, (request) =>
    exchangeKeys.current(authOf(request)),
  );

  app.delete('/exchange-keys/current', { schema: { response: { 200: ZExchangeKeySummary } } }, (request) =>
    exchangeKeys.remove(authOf(request)),
  );

  app.get('/exchange-account', { schema: { response: { 200: ZExchangeAccountSummary } } }, (request) =>
    exchangeKeys.exchangeAccount(authOf(request)),
  );

  app.post(
    '/onboarding/coinbase-account',
    { schema: { body: ZCompleteCoinbaseAccountStepBody, response: { 200: ZAccount } } },
    (request) => exchangeKeys.confirmExchangeAccount(authOf(request)),
  );

  app.post(
    '/paper/keys',
    { schema: { body: ZMintPaperKeyBody, response: { 200: ZMintedPaperKey } } },
    async (request, reply) => {
      if (!paperEnabled) throw paperDisabled();
      const minted = await exchangeKeys.mintPaperKey(authOf(request), request.body);
      // The private key is in this answer exactly once: no cache may keep a copy.
      reply.header('cache-control', 'no-store');
      return minted;
    },
  );
};
