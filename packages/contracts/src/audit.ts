import { z } from 'zod/mini';
import { text } from './text.ts';

/**
 * What an owner did, one kind per thing they may change (docs/decisions/owner-console.md): an account's status, role, free flag, rank
 * or discount code, a note on a payment marked paid or voided, a decision on a partner's payout.
 */
export const OWNER_ACTION_KINDS = [
  'status',
  'role',
  'free-account',
  'rank',
  'discount-code',
  'payment-note',
  'payout-decision',
] as const;
export const ZOwnerActionKind = z.enum(OWNER_ACTION_KINDS);
export type TOwnerActionKind = z.infer<typeof ZOwnerActionKind>;

/** A value before or after an action: a status, a flag, a code, or nothing (no discount). */
export const ZOwnerActionValue = z.union([z.string(), z.boolean(), z.null()]);
export type TOwnerActionValue = z.infer<typeof ZOwnerActionValue>;

/** One row of the audit trail: who, when, about whom, what it was and what it became. Never edited. */
export const ZOwnerAction = z.object({
  id: z.uuid(),
  kind: ZOwnerActionKind,
  actorAccountId: z.uuid(),
  actorEmail: z.string(),
  subjectAccountId: z.uuid(),
  /** The payment or payout the action was about, for those kinds. */
  targetId: z.nullable(z.uuid()),
  before: ZOwnerActionValue,
  after: ZOwnerActionValue,
  note: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
});
export type TOwnerAction = z.infer<typeof ZOwnerAction>;

export const ZOwnerActionsQuery = z.strictObject({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
});
export type TOwnerActionsQuery = z.infer<typeof ZOwnerActionsQuery>;

export const ZOwnerActionList = z.object({ actions: z.array(ZOwnerAction), total: z.int() });
export type TOwnerActionList = z.infer<typeof ZOwnerActionList>;

export const ZOwnerActionParams = z.strictObject({ userId: text().check(z.minLength(1), z.maxLength(200)) });
