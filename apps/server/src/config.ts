import { resolve } from 'node:path';
import { z } from 'zod';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const optionalUrl = z.url().optional();

/** Every environment variable the server reads, with its default. The README's table mirrors this. */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Set only behind a proxy that overwrites X-Forwarded-For: otherwise a caller could pick its own IP. */
  TRUST_PROXY: flag.default(false),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  PUBLIC_URL: optionalUrl,
  APP_ENV: z.enum(['development', 'test', 'staging', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_DOMAIN: z.string().min(1).optional(),
  AUTH_CLIENT_ID: z.string().min(1).optional(),
  AUTH_AUDIENCE: z.string().min(1).optional(),
  STAGING_ALLOWED_EMAILS: z.string().default(''),
  OWNER_EMAILS: z.string().default(''),
  LAUNCHED: flag.default(true),
  LAUNCH_DEAL: flag.default(false),
  LAUNCH_REFERRAL_CODE: z.string().min(1).default('LAUNCH'),
  LAUNCH_AT: z.iso.datetime({ offset: true }).default('2025-10-01T00:00:00Z'),
  DISCORD_INVITE_URL: z.url().default('https://discord.gg/cdca'),
  MICROBLOG_URL: z.url().default('https://x.com/cdca'),
  VIDEO_CHANNEL_URL: z.url().default('https://www.youtube.com/@cdca'),
  WEB_DIST_DIR: z.string().optional(),
  /** A NATS server with JetStream carries realtime events between processes instead of PostgreSQL (docs/decisions/topology.md). */
  NATS_URL: z
    .string()
    .regex(
      /^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/,
      'must be nats:// or tls:// URLs, comma-separated',
    )
    .optional(),
  ENGINE: z.enum(['on', 'off']).default('on'),
  ENGINE_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // The daily stats report job (docs/decisions/daily-report.md); every process may run it, each day goes out once.
  DAILY_REPORTS: z.enum(['on', 'off']).default('on'),
  /** No default here: production must name it (see explicitInProduction); elsewhere it falls back to paper. */
  EXCHANGE: z.enum(['paper', 'coinbase']).optional(),
  COINBASE_API_URL: z.url().default('https://api.coinbase.com'),
  COINBASE_WS_URL: z.url().default('wss://advanced-trade-ws.coinbase.com'),
  COINBASE_WS_USER_URL: z.url().default('wss://advanced-trade-ws-user.coinbase.com'),
  PAPER_SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional(),
  PAPER_STARTING_USD: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a dollar amount like 10000 or 2500.50')
    .default('10000'),
  /** How long the process driving the paper market holds it without renewing (docs/decisions/one-paper-market.md). */
  PAPER_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(15),
  MASTER_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 random bytes, base64-encoded (openssl rand -base64 32)')
    .optional(),
  COIN_SYNC_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** No default here: production must name it (see explicitInProduction); elsewhere it falls back to sandbox. */
  BILLING_PROVIDER: z.enum(['sandbox', 'btcpay']).optional(),
  BTCPAY_URL: optionalUrl,
  BTCPAY_STORE_ID: z.string().min(1).optional(),
  BTCPAY_API_KEY: z.string().min(1).optional(),
  BTCPAY_WEBHOOK_SECRET: z.string().min(16).optional(),
  USAGE_FEE_RATE: z
    .string()
    .regex(/^(0|0\.\d{1,8}|1)$/, 'must be a fraction of volume between 0 and 1, e.g. 0.0005')
    .default('0.0005'),
  FREE_PROFIT_ALLOWANCE: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be a dollar amount like 100 or 250.50')
    .default('100'),
  ACADEMY_REFERRAL_CODE: z.string().min(1).default('ACADEMY'),
  PARTNER_COMMISSION_RATE: z
    .string()
    .regex(/^(0|0\.\d{1,4}|1)$/, 'must be a fraction of received payments between 0 and 1, e.g. 0.2')
    .default('0.2'),
  PARTNER_MIN_PAYOUT: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be a dollar amount like 20 or 25.50')
    .default('20'),
  CHARGE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  BILLING_SCHEDULER: z.enum(['on', 'off']).default('on'),
  BILLING_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Throttling (docs/decisions/sign-in-throttling.md); tests set low values to reach the limits quickly.
  SIGN_IN_DELAY_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
  SIGN_IN_LOCK_AFTER: z.coerce.number().int().min(1).max(1000).default(10),
  SIGN_IN_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  SIGN_IN_IP_FAILURES_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(100),
  SIGN_UPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  API_ANONYMOUS_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  // Optional e-mail (docs/decisions/support-tickets.md): unset, nothing is ever sent.
  SMTP_URL: z
    .url()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, like smtp://user:pass@mail.example.com:587')
    .optional(),
  MAIL_FROM: z.string().min(3).default('CDCA Support <support@localhost>'),
});

export type Config = {
  port: number;
  host: string;
  trustProxy: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  appEnv: 'development' | 'test' | 'staging' | 'production';
  logLevel: string;
  auth: {
    provider: 'embedded' | 'auth0' | 'oidc';
    /** The token issuer exactly as it appears in the `iss` claim. */
    issuer: string;
    clientId: string;
    audience: string;
  };
  stagingAllowedEmails: ReadonlySet<string>;
  /** Accounts with these e-mails are owners from their first sign-in (docs/decisions/owners.md). */
  ownerEmails: ReadonlySet<string>;
  launched: boolean;
  launchDeal: boolean;
  launchReferralCode: string;
  launchAt: string;
  links: { discordInvite: string; microblog: string; videoChannel: string };
  webDistDir: string;
  /** The NATS servers realtime events go through; unset: in-process on PGlite, LISTEN/NOTIFY on PostgreSQL. */
  natsUrl: string | undefined;
  /** Whether this process runs the epic engine worker (API-only processes and most tests run without it). */
  engineEnabled: boolean;
  /** How long an engine worker holds an epic without renewing: a crashed worker's epics move on after it. */
  engineLeaseMs: number;
  /** Whether this process runs the daily stats report job (several may: each account's day is claimed once). */
  dailyReportsEnabled: boolean;
  exchange: {
    kind: 'paper' | 'coinbase';
    coinbase: { apiUrl: string; wsUrl: string; wsUserUrl: string };
    /** Undefined: a fresh random walk each start; set: the same market every time. */
    paper: { seed: number | undefined; startingUsd: string; leaseMs: number };
    /** How often the coins catalogue is re-read from the exchange (prices also follow ticks in between). */
    coinSyncSeconds: number;
  };
  /** Base64 of the 32-byte key that encrypts exchange keys at rest; unset = a key file in DATA_DIR. */
  masterKey: string | undefined;
  billing: {
    /** sandbox: the product's own hosted charge page; btcpay: BTCPay Server Greenfield invoices. */
    provider: 'sandbox' | 'btcpay';
    btcpay: { url: string; storeId: string; apiKey: string; webhookSecret: string } | undefined;
    /** Fee per dollar of volume beyond the included $500k per cycle. */
    usageFeeRate: string;
    /** Realised profit (USD) an account makes free before billing starts. */
    freeProfitAllowance: string;
    academyReferralCode: string;
    /** How long a hosted charge can be paid before it expires. */
    chargeMinutes: number;
    /** Whether this process runs the billing scheduler (several processes may: each step happens once). */
    schedulerEnabled: boolean;
    tickSeconds: number;
  };
  /** The partner programme (docs/decisions/partner-programme.md). */
  partners: {
    /** The share of what a referred account actually paid that its partner earns. */
    commissionRate: string;
    /** The smallest payout a partner may request, in USD. */
    minPayout: string;
  };
  /** Outgoing e-mail: no SMTP URL, no mail (lib/mail/mailer.ts). */
  mail: { smtpUrl: string | undefined; from: string };
  /** Brute-force and flood limits, counted in the database so every process shares them. */
  rateLimits: {
    signIn: { delayAfter: number; lockAfter: number; lockMinutes: number; ipFailuresPerDay: number };
    signUpsPerIpPerHour: number;
    /** `/api/v1/*` requests per minute: per signed-in account, and per client address for everyone else. */
    api: { perAccountPerMinute: number; perAnonymousIpPerMinute: number };
  };
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops start-up with one line naming the variable. */
/** A comma-separated list of e-mails, compared without case. */
const emailSet = (list: string): ReadonlySet<string> =>
  new Set(
    list
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = ZEnv.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  if (e.AUTH_DOMAIN && !(e.AUTH_CLIENT_ID && e.AUTH_AUDIENCE)) {
    throw new ConfigError(
      'Invalid configuration: AUTH_CLIENT_ID and AUTH_AUDIENCE are required with AUTH_DOMAIN',
    );
  }
  // Several production processes must decrypt the same keys, and a key file on one disk cannot be shared.
  if (e.APP_ENV === 'production' && !e.MASTER_KEY) {
    throw new ConfigError('Invalid configuration: MASTER_KEY is required when APP_ENV=production');
  }
  explicitInProduction(e);
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    appEnv: e.APP_ENV,
    logLevel: e.LOG_LEVEL,
    auth: e.AUTH_DOMAIN
      ? externalAuth(e.AUTH_DOMAIN, e.AUTH_CLIENT_ID, e.AUTH_AUDIENCE)
      : embeddedAuth(publicUrl),
    stagingAllowedEmails: emailSet(e.STAGING_ALLOWED_EMAILS),
    ownerEmails: emailSet(e.OWNER_EMAILS),
    launched: e.LAUNCHED,
    launchDeal: e.LAUNCH_DEAL,
    launchReferralCode: e.LAUNCH_REFERRAL_CODE,
    launchAt: new Date(e.LAUNCH_AT).toISOString(),
    links: {
      discordInvite: e.DISCORD_INVITE_URL,
      microblog: e.MICROBLOG_URL,
      videoChannel: e.VIDEO_CHANNEL_URL,
    },
    natsUrl: e.NATS_URL,
    engineEnabled: e.ENGINE === 'on',
    engineLeaseMs: e.ENGINE_LEASE_SECONDS * 1000,
    dailyReportsEnabled: e.DAILY_REPORTS === 'on',
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    exchange: {
      kind: e.EXCHANGE ?? 'paper',
      coinbase: { apiUrl: e.COINBASE_API_URL, wsUrl: e.COINBASE_WS_URL, wsUserUrl: e.COINBASE_WS_USER_URL },
      paper: { seed: e.PAPER_SEED, startingUsd: e.PAPER_STARTING_USD, leaseMs: e.PAPER_LEASE_SECONDS * 1000 },
      coinSyncSeconds: e.COIN_SYNC_SECONDS,
    },
    masterKey: e.MASTER_KEY,
    billing: {
      provider: e.BILLING_PROVIDER ?? 'sandbox',
      btcpay: btcpayConfig(e),
      usageFeeRate: e.USAGE_FEE_RATE,
      freeProfitAllowance: e.FREE_PROFIT_ALLOWANCE,
      academyReferralCode: e.ACADEMY_REFERRAL_CODE,
      chargeMinutes: e.CHARGE_MINUTES,
      schedulerEnabled: e.BILLING_SCHEDULER === 'on',
      tickSeconds: e.BILLING_TICK_SECONDS,
    },
    partners: { commissionRate: e.PARTNER_COMMISSION_RATE, minPayout: e.PARTNER_MIN_PAYOUT },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    rateLimits: {
      signIn: {
        delayAfter: e.SIGN_IN_DELAY_AFTER,
        lockAfter: e.SIGN_IN_LOCK_AFTER,
        lockMinutes: e.SIGN_IN_LOCK_MINUTES,
        ipFailuresPerDay: e.SIGN_IN_IP_FAILURES_PER_DAY,
      },
      signUpsPerIpPerHour: e.SIGN_UPS_PER_IP_PER_HOUR,
      api: {
        perAccountPerMinute: e.API_REQUESTS_PER_MINUTE,
        perAnonymousIpPerMinute: e.API_ANONYMOUS_REQUESTS_PER_MINUTE,
      },
    },
  };
};

/**
 * The paper exchange and the sandbox billing are development defaults: a production server that fell back to them
 * would trade on a simulated market and never bill. Production names both itself (docs/decisions/production-is-explicit.md).
 */
const explicitInProduction = (e: z.infer<typeof ZEnv>) => {
  if (e.APP_ENV !== 'production') return;
  const missing = [
    ...(e.EXCHANGE ? [] : ['EXCHANGE (paper or coinbase)']),
    ...(e.BILLING_PROVIDER ? [] : ['BILLING_PROVIDER (sandbox or btcpay)']),
  ];
  if (missing.length === 0) return;
  const verb = missing.length === 1 ? 'is' : 'are';
  throw new ConfigError(
    `Invalid configuration: ${missing.join(' and ')} ${verb} required when APP_ENV=production`,
  );
};

/** BTCPay needs all four settings; naming the missing one beats a failed charge later. */
const btcpayConfig = (e: z.infer<typeof ZEnv>): Config['billing']['btcpay'] => {
  if (e.BILLING_PROVIDER !== 'btcpay') return undefined;
  const required = (name: string, value: string | undefined) => {
    if (!value)
      throw new ConfigError(`Invalid configuration: ${name} is required with BILLING_PROVIDER=btcpay`);
    return value;
  };
  return {
    url: required('BTCPAY_URL', e.BTCPAY_URL).replace(/\/$/, ''),
    storeId: required('BTCPAY_STORE_ID', e.BTCPAY_STORE_ID),
    apiKey: required('BTCPAY_API_KEY', e.BTCPAY_API_KEY),
    webhookSecret: required('BTCPAY_WEBHOOK_SECRET', e.BTCPAY_WEBHOOK_SECRET),
  };
};

export const EMBEDDED_CLIENT_ID = 'cdca-web';

const embeddedAuth = (publicUrl: string): Config['auth'] => ({
  provider: 'embedded',
  issuer: `${publicUrl}/oidc`,
  clientId: EMBEDDED_CLIENT_ID,
  audience: `${publicUrl}/api`,
});

const externalAuth = (domain: string, clientId = '', audience = ''): Config['auth'] => {
  const base = domain.startsWith('http') ? domain.replace(/\/$/, '') : `https://${domain}`;
  const isAuth0 = /\.auth0\.com$/.test(new URL(base).hostname);
  // Auth0 writes its issuer with a trailing slash; generic OIDC issuers are taken as configured.
  return { provider: isAuth0 ? 'auth0' : 'oidc', issuer: isAuth0 ? `${base}/` : base, clientId, audience };
};

const emptyToUndefined = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
