import type { TMintedPaperKey, TMintPaperKeyBody } from '@cdca/contracts';
import { isExchangeError } from '@cdca/engine';
import type { AuthContext } from '../../auth/verify-token.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { ExchangeKeysRepository } from './exchange-keys.repository.ts';

/** What the paper exchange adds to mint keys; absent on a real venue. */
export type PaperKeyMinter = {
  mintKey: (request: {
    canView: boolean;
    canTrade: boolean;
    canTransfer: boolean;
    portfolioName?: string;
    /** Mint into this existing portfolio rather than a new one. */
    portfolioId?: string;
  }) => Promise<TMintedPaperKey & { portfolioId: string }>;
};

type Deps = {
  accounts: AccountsService;
  repository: ExchangeKeysRepository;
  paper: PaperKeyMinter | undefined;
};

export const createMintPaperKey =
  ({ accounts, repository, paper }: Deps) =>
  /**
   * POST /paper/keys: a paper key with the chosen permissions, shown once and not stored here. All of an
   * account's keys share one paper portfolio, so replacing a key keeps the paper balances.
   */
  async (auth: AuthContext, body: TMintPaperKeyBody): Promise<TMintedPaperKey> => {
    if (!paper) throw paperDisabled();
    const caller = await accounts.requireCaller(auth);
    const portfolioId = await repository.findPaperPortfolioId(caller.id);
    const fresh = () => paper.mintKey({ ...body, portfolioName: paperPortfolioName(caller.id) });
    let minted: Awaited<ReturnType<PaperKeyMinter['mintKey']>>;
    if (portfolioId) {
      // A paper store reset forgets portfolios; start a new one rather than failing.
      minted = await paper.mintKey({ ...body, portfolioId }).catch((error: unknown) => {
        if (isExchangeError(error, 'not-found')) return fresh();
        throw error;
      });
    } else {
      minted = await fresh();
    }
    if (minted.portfolioId !== portfolioId)
      await repository.savePaperPortfolioId(caller.id, minted.portfolioId);
    return { keyName: minted.keyName, privateKey: minted.privateKey };
  };

/** One paper portfolio per account, so every key a user mints sees the same paper balances. */
export const paperPortfolioName = (accountId: string) => `Paper portfolio ${accountId.slice(0, 8)}`;

export const paperDisabled = () =>
  new AppError(404, 'paper-exchange-disabled', 'The paper exchange is not in use on this server.');
