import type { TShareSnapshot } from '@cdca/contracts';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instantColumn as at } from '../../db/columns.ts';
import { accounts } from '../../db/schema.ts';

/**
 * A shared link: the figures as they were when the trader shared them (a snapshot the server computed from the
 * recorded fills), the privacy choices made then, and the unguessable token of its public address /s/{token}
 * (docs/decisions/verified-sharing.md).
 */
export const shares = pgTable(
  'shares',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 256 random bits, base64url: the public address; the page never shows the account behind it. */
    token: text().notNull(),
    kind: text({ enum: ['period', 'epic'] }).notNull(),
    /** The ended epic a share of kind 'epic' shows; kept if the epic row goes, the snapshot is the record. */
    epicId: uuid(),
    snapshot: jsonb().$type<TShareSnapshot>().notNull(),
    showDollars: boolean().notNull(),
    showCoin: boolean().notNull(),
    includeReferral: boolean().notNull(),
    views: integer().notNull().default(0),
    createdAt: at().notNull().defaultNow(),
    revokedAt: at(),
  },
  (t) => [
    uniqueIndex('shares_token_idx').on(t.token),
    index('shares_account_created_idx').on(t.accountId, t.createdAt),
  ],
);
