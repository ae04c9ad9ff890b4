import { OWNER_ACTION_KINDS } from '@cdca/contracts';
import { index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instantColumn as at } from '../../db/columns.ts';

export const ownerActionKind = pgEnum('owner_action_kind', OWNER_ACTION_KINDS);

/**
 * The audit trail of owner actions (docs/decisions/owner-console.md): append-only. The migration adds a trigger that refuses every
 * UPDATE, DELETE and TRUNCATE, and no route writes anything but an insert. No foreign keys on purpose: a cascade
 * from a removed account must not be able to erase what was done to it, so the actor's e-mail is copied too.
 */
export const ownerActions = pgTable(
  'owner_actions',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: ownerActionKind().notNull(),
    actorAccountId: uuid().notNull(),
    actorEmail: text().notNull(),
    /** The account the action was about (for a payment or payout: the account it belongs to). */
    subjectAccountId: uuid().notNull(),
    /** The payment or payout acted on, for those kinds. */
    targetId: uuid(),
    before: jsonb().$type<string | boolean | null>(),
    after: jsonb().$type<string | boolean | null>(),
    note: text(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('owner_actions_subject_idx').on(t.subjectAccountId, t.createdAt)],
);
