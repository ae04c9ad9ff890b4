import type {
  TLeaderboard,
  TLeaderboardEntry,
  TLeaderboardPreferences,
  TUpdateLeaderboardPreferencesBody,
} from '@cdca/contracts';
import { money } from '@cdca/engine';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { anonymousHandle } from './anonymous-handle.ts';
import { type LeaderboardRow, queryLeaderboard } from './leaderboard.queries.ts';
import { leaderboardPreferences } from './leaderboard.schema.ts';

type Deps = {
  db: Db;
  /** Tests fix "now" to place epics inside and outside the window; otherwise the wall clock. */
  now?: () => Date;
};

const WINDOW_DAYS = 30;
const TOP = 50;
const DAY_MS = 86_400_000;

/**
 * What another trader may see of a row (docs/decisions/rank-tiers.md, leaderboard privacy): the chosen name or the
 * anonymous handle, the return, and dollars only when the trader chose to show them. Never the id or the e-mail.
 */
const toEntry = (row: LeaderboardRow, callerId: string): TLeaderboardEntry => ({
  position: row.position,
  name: row.displayName ?? anonymousHandle(row.accountId),
  anonymous: row.displayName === null,
  returnPct: money(row.returnPct).toFixed(2),
  realisedPnl: row.showDollars ? money(row.realised).toFixed(2) : null,
  epics: row.epics,
  you: row.accountId === callerId,
});

export const createLeaderboardService = ({ db, now = () => new Date() }: Deps) => {
  const preferences = async (accountId: string): Promise<TLeaderboardPreferences> => {
    const [row] = await db
      .select()
      .from(leaderboardPreferences)
      .where(eq(leaderboardPreferences.accountId, accountId));
    return {
      optedIn: row?.optedIn ?? false,
      showDollars: row?.showDollars ?? false,
      displayName: row?.displayName ?? null,
      handle: anonymousHandle(accountId),
    };
  };

  return {
    preferences,

    updatePreferences: async (
      accountId: string,
      changes: TUpdateLeaderboardPreferencesBody,
    ): Promise<TLeaderboardPreferences> => {
      await db
        .insert(leaderboardPreferences)
        .values({ accountId, ...changes })
        .onConflictDoUpdate({
          target: leaderboardPreferences.accountId,
          set: { ...changes, updatedAt: sql`now()` },
        });
      return preferences(accountId);
    },

    /** GET /rank/leaderboard: the top 50 over the last 30 days and the caller's own row wherever it stands. */
    leaderboard: async (callerId: string): Promise<TLeaderboard> => {
      const to = now();
      const from = new Date(to.getTime() - WINDOW_DAYS * DAY_MS);
      const rows = await queryLeaderboard(db, { from, to, callerId, limit: TOP });
      const entries = rows.map((row) => toEntry(row, callerId));
      return {
        window: { from: from.toISOString(), to: to.toISOString(), days: WINDOW_DAYS },
        entries: entries.slice(0, TOP),
        you: entries.find((entry) => entry.you) ?? null,
        ranked: rows[0]?.ranked ?? 0,
      };
    },
  };
};

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
