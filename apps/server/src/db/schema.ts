import { ACCOUNT_STATUSES, RANK_TIERS } from '@cdca/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** People who signed up with the embedded identity provider. `id` is the OpenID subject. */
export const identities = pgTable('identities', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  createdAt: createdAt(),
});

/** oidc-provider's storage: sessions, grants, codes, refresh tokens, interactions… keyed by model name and id. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text().notNull(),
    id: text().notNull(),
    payload: jsonb().notNull(),
    grantId: text(),
    userCode: text(),
    uid: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Signing keys and cookie secrets of the embedded provider, so a restart invalidates no token or session. */
export const identitySecrets = pgTable('identity_secrets', {
  name: text().primaryKey(),
  value: jsonb().notNull(),
  createdAt: createdAt(),
});

export const accountStatus = pgEnum('account_status', ACCOUNT_STATUSES);
export const accountRole = pgEnum('account_role', ['standard', 'partner', 'owner']);
export const rankTier = pgEnum('rank_tier', RANK_TIERS);
export const skillLevel = pgEnum('skill_level', ['beginner', 'intermediate', 'expert']);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The identity provider's subject (embedded: identities.id; Auth0: 'auth0|…'). */
    userId: text().notNull().unique(),
    email: text().notNull(),
    status: accountStatus().notNull().default('pending-payment'),
    role: accountRole().notNull().default('standard'),
    freeAccount: boolean().notNull().default(false),
    firstName: text(),
    lastName: text(),
    profilePhoto: text(),
    accountRank: rankTier().notNull().default('bronze'),
    skillLevel: skillLevel(),
    signupReferralCode: text(),
    tosAcceptedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_status_idx').on(t.status), index('accounts_email_idx').on(sql`lower(${t.email})`)],
);

export const settings = pgTable('settings', {
  accountId: uuid()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  epicClosedAlerts: boolean().notNull().default(true),
  epicHitAlerts: boolean().notNull().default(true),
  topMoverAlerts: boolean().notNull().default(true),
  updatedAt: updatedAt(),
});

/** Realtime messages too large for a NOTIFY payload are parked here and announced by id. */
export const realtimeOutbox = pgTable('realtime_outbox', {
  id: uuid().primaryKey().defaultRandom(),
  message: jsonb().notNull(),
  createdAt: createdAt(),
});

/**
 * rate-limiter-flexible's counters (sign-in failures, sign-ups, API calls), one row per key, in the shape its Drizzle
 * store expects: every process on the database counts against the same rows (docs/decisions/sign-in-throttling.md).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    points: integer().notNull(),
    expire: timestamp({ withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
