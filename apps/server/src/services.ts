import { type Clock, systemClock } from '@cdca/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createJobLease, processHolderId } from './jobs/job-lease.ts';
import { createMailer } from './lib/mail/create-mailer.ts';
import type { SecretBox } from './lib/secret-box.ts';
import { createAcademyService } from './modules/academy/academy.service.ts';
import { createAccountRank } from './modules/accounts/account-rank.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAdminConsoleService } from './modules/admin-console/admin-console.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { recordOwnerAction } from './modules/audit/record-owner-action.ts';
import { createBilling } from './modules/billing/billing-services.ts';
import { assignSignupDiscount } from './modules/billing/signup-discount.ts';
import { createCandlesService } from './modules/candles/candles.service.ts';
import { createBacktests } from './modules/candles/run-backtest.ts';
import { createCoinCatalogue } from './modules/coins/coin-catalogue.ts';
import { createCoinsRepository } from './modules/coins/coins.repository.ts';
import { createCoinsService } from './modules/coins/coins.service.ts';
import { createMarketSync, PRICE_WRITER_LEASE_MS } from './modules/coins/market-sync.ts';
import { createEpicsRepository } from './modules/epics/epics.repository.ts';
import { createEpicsService } from './modules/epics/epics.service.ts';
import { hasRunningEpics } from './modules/epics/has-running-epics.ts';
import { createExchangeKeysService } from './modules/exchange-keys/exchange-keys.service.ts';
import { createLeaderboardService } from './modules/leaderboard/leaderboard.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import {
  type PaperMarketControls,
  paperMarketControlsOn,
} from './modules/paper-controls/paper-market-controls.ts';
import { createPartnersService } from './modules/partners/partners.service.ts';
import { attributeSignup } from './modules/partners/referral-attribution.ts';
import { createDailyReportJob } from './modules/reports/daily-report-job.ts';
import { createReportPreferencesRepository } from './modules/reports/report-preferences.repository.ts';
import { createSharesRepository } from './modules/shares/shares.repository.ts';
import { createSharesService } from './modules/shares/shares.service.ts';
import { createStatsService } from './modules/stats/stats.service.ts';
import { createSupportService } from './modules/support/support.service.ts';
import { createSupportThreadsService } from './modules/support/support-threads.service.ts';
import { createWatchlistService } from './modules/watchlist/watchlist.service.ts';
import type { EventBus } from './realtime/event-bus.ts';
import type { ExchangeBundle } from './venue.ts';
import { createWorker } from './worker.ts';

export type ServicesDeps = {
  config: Config;
  db: Db;
  bus: EventBus;
  /** The one venue of this process (one connection, one paper market): every service trades through it. */
  venue: ExchangeBundle;
  /** Sealed with the process's one master key, which app.ts loads once for every secret. */
  secretBox: SecretBox;
  log: FastifyBaseLogger;
  /** Tests pass a clock they control for billing; otherwise the wall clock. */
  billingClock?: Clock;
};

/**
 * The composition root's one place where services are made: each is built once, here, and receives the others
 * it needs as arguments; no module builds another module's service (docs/decisions/composition-root.md).
 */
export const createServices = ({ config, db, bus, venue, secretBox, log, billingClock }: ServicesDeps) => {
  const { exchange } = venue;
  const signupDiscount = assignSignupDiscount({ db, config });
  const signupAttribution = attributeSignup({ db });
  const accounts = createAccountsService({
    db,
    bus,
    config,
    // The discount for life and the partner attribution for life, both from the sign-up code.
    onAccountCreated: async (account) => {
      await signupDiscount(account);
      await signupAttribution(account);
    },
  });
  const exchangeKeys = createExchangeKeysService({
    db,
    accounts,
    exchange,
    secretBox,
    paper: venue.paper,
    hasRunningEpics: (accountId) => hasRunningEpics(db, accountId),
  });
  const coinsRepository = createCoinsRepository(db);
  const catalogue = createCoinCatalogue({ repository: coinsRepository, log });
  const marketSync = createMarketSync({
    repository: coinsRepository,
    catalogue,
    bus,
    exchange,
    log,
    intervalMs: config.exchange.coinSyncSeconds * 1000,
    writer: createJobLease({
      db,
      name: 'coin-prices',
      holder: processHolderId(),
      ttlMs: PRICE_WRITER_LEASE_MS,
      clock: systemClock,
    }),
  });
  // The paper market's past is generated from its seed; any other venue's is fetched (docs/decisions/candle-store.md).
  const candles = createCandlesService({
    db,
    exchange,
    coins: coinsRepository,
    clock: systemClock,
    log,
    paperSeed: exchange.name === 'paper' ? (config.exchange.paper.seed ?? 1) : undefined,
  });
  const notifications = createNotificationsService({ db, bus });
  const mailer = createMailer(config.mail);
  const stats = createStatsService({
    db,
    accounts,
    now: billingClock && (() => billingClock.now()),
    timeZoneOf: createReportPreferencesRepository(db).timeZoneOf,
  });
  const rank = createAccountRank({
    db,
    lifetimeProfit: stats.lifetimeRealisedProfit,
    publishUpdated: accounts.publishUpdated,
    notifyRankReached: notifications.notifyRankReached,
  });
  // Each reads the other only when called: payouts are stamped by the billing clock, and billing tells the
  // partner programme which payments changed so their commissions are booked (docs/decisions/partner-programme.md).
  const partners = createPartnersService({
    db,
    bus,
    accounts,
    config,
    now: () => billing.clock.now(),
    recordOwnerAction,
  });
  const billing = createBilling({
    config,
    db,
    bus,
    accounts,
    log,
    clock: billingClock,
    onPaymentsChanged: partners.onPaymentsChanged,
  });
  return {
    venue,
    accounts,
    partners,
    exchangeKeys,
    marketSync,
    notifications,
    paperControls: paperControlsFor(config, venue, log),
    coins: createCoinsService({ repository: coinsRepository, catalogue, exchange }),
    candles,
    runBacktest: createBacktests({ candles, exchange }),
    watchlist: createWatchlistService({ db, bus, accounts, coins: coinsRepository }),
    academy: createAcademyService({ db, accounts }),
    audit: createAuditService({
      db,
      requireCaller: accounts.requireCaller,
      findByUserId: accounts.findByUserId,
    }),
    adminConsole: createAdminConsoleService({
      db,
      requireCaller: accounts.requireCaller,
      now: billingClock && (() => billingClock.now()),
    }),
    stats,
    shares: createSharesService({
      repository: createSharesRepository(db),
      accounts,
      periodReport: stats.reportForAccount,
      ownEpic: ownEpicWithFills(db),
      referralCodeOf: partners.newestCodeOf,
      publicUrl: config.publicUrl,
      now: billingClock && (() => billingClock.now()),
    }),
    rank,
    leaderboard: createLeaderboardService({ db, now: billingClock && (() => billingClock.now()) }),
    epics: createEpicsService({
      db,
      bus,
      accounts,
      exchange,
      coins: coinsRepository,
      credentialsFor: exchangeKeys.credentialsFor,
    }),
    support: createSupportService({ db, accounts }),
    supportThreads: createSupportThreadsService({
      db,
      bus,
      accounts,
      notifySupportReply: notifications.notifySupportReply,
      sendMail: mailer.sendMail,
      publicUrl: config.publicUrl,
      log,
    }),
    /** The mail port any module may be handed (`mailer.sendMail`); it sends nothing when SMTP_URL is unset. */
    mailer,
    // Every process may run it: each account's local day is claimed once in the database (docs/decisions/daily-report.md).
    dailyReport: config.dailyReportsEnabled
      ? createDailyReportJob({
          db,
          clock: billingClock ?? systemClock,
          announce: notifications.announce,
          sendMail: mailer.enabled ? mailer.sendMail : undefined,
          publicUrl: config.publicUrl,
          log,
        })
      : undefined,
    billing,
    worker: createWorker({
      config,
      db,
      bus,
      exchange,
      keys: exchangeKeys,
      notifications,
      // Once per ended epic, after its terminal state is committed (docs/decisions/rank-tiers.md).
      onEpicEnded: (epic) => rank.recompute(epic.accountId),
      log,
    }),
  };
};

export type Services = ReturnType<typeof createServices>;

/**
 * The paper market's levers, only when the configuration chose paper and never in production, where paper is an
 * explicit choice said out loud (docs/decisions/production-is-explicit.md).
 */
const paperControlsFor = (
  config: Config,
  venue: ExchangeBundle,
  log: FastifyBaseLogger,
): PaperMarketControls | undefined => {
  if (paperMarketControlsOn(config)) return venue.paper;
  if (config.exchange.kind === 'paper') {
    log.warn('EXCHANGE=paper in production: every trade is simulated on the paper market');
  }
  return undefined;
};

/** A shared epic is read through the epics module's own repository: the caller's epic, then its fills. */
const ownEpicWithFills = (db: Db) => {
  const epics = createEpicsRepository(db);
  return async (accountId: string, epicId: string) => {
    const found = await epics.findOwn(accountId, epicId);
    return found && { found, fills: await epics.fillsOf(epicId) };
  };
};
