import type { TRankProgress, TRankTier } from '@cdca/contracts';
import { rankAfter, rankProgress } from '@cdca/engine';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from './accounts.repository.ts';
import { createAccountsRepository } from './accounts.repository.ts';

type Deps = {
  db: Db;
  /** The stats module's lifetime realised profit, to the cent (one definition: docs/decisions/stats-figures.md). */
  lifetimeProfit: (accountId: string) => Promise<string>;
  /** Publishes account.updated for the row (the accounts service's publishUpdated). */
  publishUpdated: (row: AccountRow) => Promise<unknown>;
  /** Stores and publishes the rank_reached notice (the notifications service). */
  notifyRankReached: (input: {
    accountId: string;
    tier: TRankTier;
    lifetimeRealisedProfit: string;
  }) => Promise<unknown>;
};

/**
 * The account's rank (docs/decisions/rank-tiers.md): recomputed once per ended epic, only ever raised, and the
 * held tier (whether earned or set by an owner) is the floor.
 */
export const createAccountRank = ({ db, lifetimeProfit, publishUpdated, notifyRankReached }: Deps) => {
  const repository = createAccountsRepository(db);
  return {
    /** After an epic ended: raise the rank if the lifetime profit now earns a higher tier. The new tier, if any. */
    recompute: async (accountId: string): Promise<TRankTier | undefined> => {
      const account = await repository.findById(accountId);
      if (!account || account.status === 'deleted') return undefined;
      const profit = await lifetimeProfit(accountId);
      const tier = rankAfter(account.accountRank, profit);
      if (tier === account.accountRank) return undefined;
      const raised = await repository.raiseRank(accountId, tier);
      if (!raised) return undefined;
      await publishUpdated(raised);
      await notifyRankReached({ accountId, tier, lifetimeRealisedProfit: profit });
      return tier;
    },
    /** GET /rank: the held tier, the lifetime profit and the way to the next tier. */
    progress: async (account: AccountRow): Promise<TRankProgress> => {
      const profit = await lifetimeProfit(account.id);
      const { tier, next } = rankProgress(profit, account.accountRank);
      return { tier, lifetimeRealisedProfit: profit, next };
    },
  };
};

export type AccountRank = ReturnType<typeof createAccountRank>;
