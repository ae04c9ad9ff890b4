import type { TStatsEpic, TStatsPeriod, TStatsQuery, TStatsReport } from '@cdca/contracts';
import { money, ROUND_FLOOR, ROUND_HALF_UP } from '@cdca/engine';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Db } from '../../db/client.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { queryLifetimeRealisedProfit } from './lifetime-profit.ts';
import { queryFirstActivity, queryStatsReport, type RawStatsReport } from './stats.queries.ts';

type Deps = {
  db: Db;
  accounts: Pick<AccountsService, 'requireCaller'>;
  /** Tests fix "now" to place fills around period boundaries; otherwise the wall clock. */
  now?: () => Date;
  /**
   * The IANA zone the account's days are cut in: the one it chose for its daily report (modules/reports), so the
   * report's "last 24 hrs" and the stats' days agree. UTC when it chose none.
   */
  timeZoneOf?: (accountId: string) => Promise<string | null>;
};

const DAY_MS = 86_400_000;
const PERIOD_MS: Record<Exclude<TStatsPeriod, 'all'>, number> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
};

/** Days are cut in UTC for an account that chose no zone (docs/decisions/stats-figures.md). */
const DEFAULT_TIME_ZONE = 'UTC';

/** Exact sums travel as plain decimals ('12.5', not '12.500000000000000000'). */
const plain = (value: string) => money(value).toFixed();
const cents = (value: string) => money(value).toFixed(2);
const percentOf = (part: string, whole: string) =>
  money(whole).isZero() ? null : money(part).div(whole).mul(100).toFixed(2, ROUND_HALF_UP);

const toEpic = (raw: RawStatsReport['best']): TStatsEpic | null =>
  raw && {
    epicId: raw.epicId,
    coinId: raw.coinId,
    coinSymbol: raw.coinSymbol,
    status: raw.status,
    realisedPnl: cents(raw.realised),
    realisedPnlPct: percentOf(raw.realised, raw.capitalUsed),
    closedAt: raw.closedAt,
  };

const toReport = (raw: RawStatsReport, period: TStatsReport['period']): TStatsReport => {
  const { summary, totals, running } = raw;
  const decided = summary.wins + summary.losses;
  return {
    period,
    realisedPnl: cents(summary.realised),
    capitalUsed: plain(summary.capitalUsed),
    returnOnCapitalPct: percentOf(summary.realised, summary.capitalUsed),
    volume: plain(money(totals.bought).plus(totals.sold).toFixed()),
    bought: plain(totals.bought),
    sold: plain(totals.sold),
    fees: plain(totals.fees),
    epics: {
      closed: summary.closed,
      cancelled: summary.cancelled,
      liquidated: summary.liquidated,
      delisted: summary.delisted,
    },
    wins: summary.wins,
    losses: summary.losses,
    winRatePct: decided === 0 ? null : money(summary.wins).div(decided).mul(100).toFixed(2, ROUND_HALF_UP),
    timeToClose: {
      averageSeconds: summary.averageCloseSeconds,
      medianSeconds: summary.medianCloseSeconds,
    },
    // Floored like every profit figure, so an average is never shown a fraction of a cent larger than it is.
    averageProfitPerClose:
      summary.closed === 0 ? null : money(summary.closedRealised).div(summary.closed).toFixed(2, ROUND_FLOOR),
    best: toEpic(raw.best),
    worst: toEpic(raw.worst),
    coins: raw.coins.map((coin) => ({
      coinId: coin.coinId,
      coinSymbol: coin.coinSymbol,
      epics: coin.epics,
      realisedPnl: cents(coin.realised),
      volume: plain(coin.volume),
      fees: plain(coin.fees),
    })),
    daily: raw.daily.map((day) => ({
      date: day.date,
      realisedPnl: cents(day.realised),
      capitalDeployed: plain(day.capital),
    })),
    running: {
      epics: running.epics,
      capitalDeployed: plain(running.capital),
      marketValue: plain(running.marketValue),
      unrealisedPnl: cents(running.unrealised),
    },
  };
};

export const createStatsService = ({ db, accounts, now = () => new Date(), timeZoneOf }: Deps) => {
  /** [from, to) of the query; 'all' starts at the account's first epic. */
  const windowOf = async (accountId: string, query: TStatsQuery, at: Date) => {
    if (query.from) {
      return { kind: 'custom' as const, from: new Date(query.from), to: query.to ? new Date(query.to) : at };
    }
    const kind = query.period ?? '30d';
    if (kind === 'all') {
      const first = await queryFirstActivity(db, accountId);
      return { kind, from: first && first < at ? first : at, to: at };
    }
    return { kind, from: new Date(at.getTime() - PERIOD_MS[kind]), to: at };
  };

  /** The figures of one account; callers have already established that the account is the caller's. */
  const reportForAccount = async (accountId: string, query: TStatsQuery): Promise<TStatsReport> => {
    const window = await windowOf(accountId, query, now());
    const timeZone = (await timeZoneOf?.(accountId)) ?? DEFAULT_TIME_ZONE;
    const raw = await queryStatsReport(db, { accountId, ...window, timeZone });
    return toReport(raw, {
      kind: window.kind,
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      timeZone,
    });
  };

  return {
    reportForAccount,
    /** The report's realisedPnl over all time, to the cent ('263.40'), without the rest of the report. */
    lifetimeRealisedProfit: async (accountId: string): Promise<string> =>
      cents(await queryLifetimeRealisedProfit(db, accountId)),
    /** GET /stats: the caller's own figures only; every query is filtered by the caller's account. */
    report: async (auth: AuthContext, query: TStatsQuery): Promise<TStatsReport> =>
      reportForAccount((await accounts.requireCaller(auth)).id, query),
  };
};

export type StatsService = ReturnType<typeof createStatsService>;
