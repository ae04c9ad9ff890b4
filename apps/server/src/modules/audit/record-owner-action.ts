import type { TOwnerActionKind, TOwnerActionValue } from '@cdca/contracts';
import type { Db } from '../../db/client.ts';
import { ownerActions } from './audit.schema.ts';

/** A transaction or the database itself: callers pass the transaction of the change they record. */
export type AuditTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type OwnerAction = {
  kind: TOwnerActionKind;
  /** The owner who acted. */
  actor: { id: string; email: string };
  /** The account the action was about. */
  subjectAccountId: string;
  /** The payment or payout acted on, for those kinds. */
  targetId?: string | null;
  before: TOwnerActionValue;
  after: TOwnerActionValue;
  note?: string | null;
};

/**
 * Appends one row to the audit trail. Call it inside the transaction that makes the change, so the change and its
 * record commit or roll back together (docs/decisions/owner-console.md); the table refuses any later edit (audit.schema.ts).
 */
export const recordOwnerAction = async (tx: AuditTx, action: OwnerAction): Promise<void> => {
  await recordOwnerActions(tx, [action]);
};

/** Several actions of one change (an admin update that sets status and rank at once), in one insert. */
export const recordOwnerActions = async (tx: AuditTx, actions: readonly OwnerAction[]): Promise<void> => {
  if (actions.length === 0) return;
  await tx.insert(ownerActions).values(
    actions.map((action) => ({
      kind: action.kind,
      actorAccountId: action.actor.id,
      actorEmail: action.actor.email,
      subjectAccountId: action.subjectAccountId,
      targetId: action.targetId ?? null,
      before: action.before,
      after: action.after,
      note: action.note ?? null,
    })),
  );
};
