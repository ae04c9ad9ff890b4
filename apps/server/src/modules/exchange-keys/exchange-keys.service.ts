import type {
  TAccount,
  TAccountStatus,
  TExchangeAccountSummary,
  TExchangeKeySubmitted,
  TExchangeKeySummary,
  TSubmitExchangeKeyBody,
} from '@cdca/contracts';
import type { Balance, Exchange, ExchangeCredentials, KeyPermissions } from '@cdca/exchange';
import { z } from 'zod';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type SecretBox, SecretBoxError } from '../../lib/secret-box.ts';
import { toAccountDto } from '../accounts/account-dto.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { assertUsableKey } from './assert-usable-key.ts';
import { keyCheckFailure } from './exchange-failure.ts';
import { toExchangeKeySummary } from './exchange-key-dto.ts';
import { createExchangeKeysRepository, type ExchangeKeyRow } from './exchange-keys.repository.ts';
import { checkKeyFormat, keyNameHint } from './key-format.ts';
import { createMintPaperKey, type PaperKeyMinter } from './mint-paper-key.ts';

type Deps = {
  db: Db;
  accounts: AccountsService;
  exchange: Exchange;
  secretBox: SecretBox;
  paper: PaperKeyMinter | undefined;
  /**
   * Whether the account has epics still trading with its key. Injected by the composition root so this module
   * never reads the epics module's tables (docs/decisions/composition-root.md).
   */
  hasRunningEpics: (accountId: string) => Promise<boolean>;
};

// Keys belong to an account from the keys step on; earlier steps have no use for one. Deleted and deactivated
// accounts never get here: the account-access table refuses them first (modules/accounts/account-access.ts).
const KEY_STATUSES: readonly TAccountStatus[] = [
  'pending-keys',
  'pending-coinbase-account',
  'pending-discord',
  'pending-tos',
  'active',
];

const ZSealedCredentials = z.object({ keyName: z.string(), privateKey: z.string() });
/** Exported for the master-key rotation (cli/rotate-master-key.ts), which re-seals every row. */
export const sealContext = (accountId: string) => `exchange-key:${accountId}`;

const keyRequired = () => new AppError(409, 'exchange-key-required', 'Connect an exchange API key first.');

export const createExchangeKeysService = ({
  db,
  accounts,
  exchange,
  secretBox,
  paper,
  hasRunningEpics,
}: Deps) => {
  const repository = createExchangeKeysRepository(db);

  /** Asks the exchange, live, what the key may do; the only way a key gets in or stays trusted. */
  const verify = async (credentials: ExchangeCredentials): Promise<KeyPermissions> => {
    let permissions: KeyPermissions;
    try {
      permissions = await exchange.account(credentials).getKeyPermissions();
    } catch (error) {
      throw keyCheckFailure(error);
    }
    assertUsableKey(permissions);
    return permissions;
  };

  const credentialsOf = (row: ExchangeKeyRow): ExchangeCredentials => {
    try {
      return ZSealedCredentials.parse(
        JSON.parse(secretBox.open(row.sealedCredentials, sealContext(row.accountId))),
      );
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      // Sealed under another master key (MASTER_KEY changed or the key file was lost): only a new key helps.
      throw new AppError(
        409,
        'exchange-key-required',
        'The stored API key can no longer be read on this server. Connect your key again.',
      );
    }
  };

  const requireKey = async (accountId: string) => {
    const row = await repository.findByAccountId(accountId);
    if (!row) throw keyRequired();
    return row;
  };

  return {
    /** POST /exchange-keys: checks the key live, stores it encrypted (replacing any), moves pending-keys on. */
    submit: async (auth: AuthContext, body: TSubmitExchangeKeyBody): Promise<TExchangeKeySubmitted> => {
      const caller = await accounts.requireCaller(auth);
      if (!KEY_STATUSES.includes(caller.status)) {
        throw new AppError(
          409,
          'onboarding-step-out-of-order',
          `This step is not open: the account is at ${caller.status}.`,
          {
            currentStatus: caller.status,
            expectedStatus: 'pending-keys',
          },
        );
      }
      const credentials = checkKeyFormat(body);
      const permissions = await verify(credentials);
      const row = await repository.upsert({
        accountId: caller.id,
        exchange: exchange.name,
        sealedCredentials: secretBox.seal(JSON.stringify(credentials), sealContext(caller.id)),
        keyNameHint: keyNameHint(credentials.keyName),
        canView: permissions.canView,
        canTrade: permissions.canTrade,
        canTransfer: permissions.canTransfer,
        portfolioId: permissions.portfolioId,
        portfolioName: permissions.portfolioName,
      });
      let account: TAccount;
      if (caller.status === 'pending-keys') {
        account = await accounts.advanceOnboarding(auth, 'pending-keys', 'pending-coinbase-account');
      } else {
        account = toAccountDto(await accounts.requireCaller(auth));
      }
      return { key: toExchangeKeySummary(row), account };
    },

    current: async (auth: AuthContext): Promise<TExchangeKeySummary> => {
      const caller = await accounts.requireCaller(auth);
      const row = await repository.findByAccountId(caller.id);
      if (!row) throw new AppError(404, 'exchange-key-not-found', 'No exchange API key is connected.');
      return toExchangeKeySummary(row);
    },

    /** GET /exchange-account: the verified account behind the stored key, read live. */
    exchangeAccount: async (auth: AuthContext): Promise<TExchangeAccountSummary> => {
      const caller = await accounts.requireCaller(auth);
      const row = await requireKey(caller.id);
      const credentials = credentialsOf(row);
      const permissions = await verify(credentials);
      let balances: Balance[];
      try {
        balances = await exchange.account(credentials).getBalances();
      } catch (error) {
        throw keyCheckFailure(error);
      }
      await repository.markVerified(caller.id);
      const available = (currency: string) =>
        balances.find((balance) => balance.currency === currency)?.available ?? '0';
      return {
        exchange: exchange.name,
        portfolioId: permissions.portfolioId,
        portfolioName: permissions.portfolioName,
        usdAvailable: available('USD'),
        usdcAvailable: available('USDC'),
        permissions: {
          canView: permissions.canView,
          canTrade: permissions.canTrade,
          canTransfer: permissions.canTransfer,
        },
      };
    },

    /** POST /onboarding/coinbase-account: only with a stored key that still passes the live check. */
    confirmExchangeAccount: async (auth: AuthContext): Promise<TAccount> => {
      const caller = await accounts.requireCaller(auth);
      const row = await requireKey(caller.id);
      await verify(credentialsOf(row));
      await repository.markVerified(caller.id);
      return accounts.advanceOnboarding(auth, 'pending-coinbase-account', 'pending-discord');
    },

    remove: async (auth: AuthContext): Promise<TExchangeKeySummary> => {
      const caller = await accounts.requireCaller(auth);
      if (await hasRunningEpics(caller.id)) {
        throw new AppError(
          409,
          'epics-running',
          'Close or cancel your running epics before removing the key they trade with.',
        );
      }
      const row = await repository.deleteByAccountId(caller.id);
      if (!row) throw new AppError(404, 'exchange-key-not-found', 'No exchange API key is connected.');
      return toExchangeKeySummary(row);
    },

    mintPaperKey: createMintPaperKey({ accounts, repository, paper }),

    /** For the engine: the account's decrypted credentials, or undefined without a key. Never log them. */
    credentialsFor: async (accountId: string): Promise<ExchangeCredentials | undefined> => {
      const row = await repository.findByAccountId(accountId);
      return row && credentialsOf(row);
    },
  };
};

export type ExchangeKeysService = ReturnType<typeof createExchangeKeysService>;
