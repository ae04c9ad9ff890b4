import type {
  TAdminPayoutList,
  TDecidePayoutBody,
  TPartnerPayouts,
  TPayout,
  TPayoutStatus,
  TRequestPayoutBody,
} from '@cdca/contracts';
import { money, ROUND_DOWN } from '@cdca/engine';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AuditTx, OwnerAction } from '../audit/record-owner-action.ts';
import { type CommissionsService, usd } from './commissions.service.ts';
import type { PartnerCallers } from './partner-callers.ts';
import type { PartnersRepository, PayoutRow } from './partners.repository.ts';
import { partnerPayouts } from './partners.schema.ts';
import { toPayoutDto } from './payout-dto.ts';

type Deps = {
  db: Db;
  bus: EventBus;
  repository: PartnersRepository;
  callers: PartnerCallers;
  commissions: Pick<CommissionsService, 'settle' | 'balanceOf'>;
  config: Pick<Config, 'partners'>;
  now: () => Date;
  /** The owners' audit trail (modules/audit): each decision is recorded in the transaction that makes it. */
  recordOwnerAction: (tx: AuditTx, action: OwnerAction) => Promise<void>;
};

/** Which payout moves each decision allows (docs/decisions/partner-programme.md). */
const DECISIONS: Record<TDecidePayoutBody['action'], { from: TPayoutStatus[]; to: TPayoutStatus }> = {
  approve: { from: ['requested'], to: 'approved' },
  'mark-paid': { from: ['approved'], to: 'paid' },
  reject: { from: ['requested', 'approved'], to: 'rejected' },
};

/** Partners' payout requests and the owners' decisions on them, each live on `payout.updated`. */
export const createPayoutsService = ({
  db,
  bus,
  repository,
  callers,
  commissions,
  config,
  now,
  recordOwnerAction,
}: Deps) => {
  const publishPayout = (row: PayoutRow) =>
    bus.publish({
      accountId: row.partnerAccountId,
      message: { routingKey: 'payout.updated', event: toPayoutDto(row) },
    });

  return {
    payouts: async (auth: AuthContext): Promise<TPartnerPayouts> => {
      const partner = await callers.requirePartner(auth);
      await commissions.settle(partner.id);
      const rows = await repository.payoutsOf(partner.id);
      return { balance: await commissions.balanceOf(partner.id, rows), items: rows.map(toPayoutDto) };
    },

    /**
     * POST /partners/payouts: the whole available balance, once it reaches the minimum. The partner's row is
     * locked while the balance is read and taken, so two requests cannot spend it twice.
     */
    requestPayout: async (auth: AuthContext, body: TRequestPayoutBody): Promise<TPayout> => {
      const partner = await callers.requirePartner(auth);
      await commissions.settle(partner.id);
      const at = now();
      const row = await db.transaction(async (tx) => {
        await repository.lockPartner(tx, partner.id);
        const available = money(await repository.availableIn(tx, partner.id)).toDecimalPlaces(2, ROUND_DOWN);
        if (available.lt(config.partners.minPayout) || available.lte(0)) {
          throw new AppError(
            422,
            'payout-below-minimum',
            `Payouts start at $${usd(money(config.partners.minPayout))}; $${usd(available)} is available now.`,
            { available: usd(available), minimum: usd(money(config.partners.minPayout)) },
          );
        }
        const [payout] = await tx
          .insert(partnerPayouts)
          .values({
            partnerAccountId: partner.id,
            amount: usd(available),
            address: body.address,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (!payout) throw new Error('payout insert returned nothing');
        await repository.insertLedgerEntry(tx, {
          partnerAccountId: partner.id,
          kind: 'payout',
          sourceId: payout.id,
          amount: available.negated().toFixed(2),
          createdAt: at,
        });
        return payout;
      });
      await publishPayout(row);
      return toPayoutDto(row);
    },

    /** GET /partners/admin/payouts: every request (optionally one status) for owners to decide. */
    adminList: async (auth: AuthContext, status?: TPayoutStatus): Promise<TAdminPayoutList> => {
      await callers.requireOwner(auth);
      const rows = await repository.allPayouts(status);
      return {
        items: rows.map((r) => ({
          ...toPayoutDto(r.payout),
          partnerUserId: r.partnerUserId,
          partnerEmail: r.partnerEmail,
        })),
      };
    },

    /**
     * PATCH /partners/admin/payouts/{id}: approve, mark paid with the transaction hash, or reject with a reason
     * (the amount goes back to the partner's balance by a counter-entry). Refused moves answer 409.
     */
    decide: async (auth: AuthContext, id: string, body: TDecidePayoutBody): Promise<TPayout> => {
      const owner = await callers.requireOwner(auth);
      const at = now();
      const rule = DECISIONS[body.action];
      const after = await db.transaction(async (tx) => {
        const payout = await repository.lockPayout(tx, id);
        if (!payout) throw new AppError(404, 'payout-not-found', 'That payout request was not found.');
        if (!rule.from.includes(payout.status)) {
          throw new AppError(
            409,
            'payout-transition-refused',
            `A ${payout.status} payout cannot be ${rule.to}.`,
            { status: payout.status },
          );
        }
        const changes: Partial<PayoutRow> = {
          status: rule.to,
          decidedByAccountId: owner.id,
          updatedAt: at,
          ...(body.action === 'approve' ? { approvedAt: at } : {}),
          ...(body.action === 'mark-paid' ? { paidAt: at, txHash: body.txHash } : {}),
          ...(body.action === 'reject' ? { rejectedAt: at, rejectionReason: body.reason } : {}),
        };
        const [updated] = await tx
          .update(partnerPayouts)
          .set(changes)
          .where(eq(partnerPayouts.id, id))
          .returning();
        if (!updated) throw new Error('payout update returned nothing');
        if (body.action === 'reject') {
          await repository.insertLedgerEntry(tx, {
            partnerAccountId: payout.partnerAccountId,
            kind: 'payout-release',
            sourceId: payout.id,
            amount: payout.amount,
            createdAt: at,
          });
        }
        await recordOwnerAction(tx, {
          kind: 'payout-decision',
          actor: { id: owner.id, email: owner.email },
          subjectAccountId: payout.partnerAccountId,
          targetId: payout.id,
          before: payout.status,
          after: updated.status,
          note: decisionNote(body, toPayoutDto(payout)),
        });
        return updated;
      });
      await publishPayout(after);
      return toPayoutDto(after);
    },
  };
};

/** What the audit trail says of a decision: the amount and address, and the hash or the reason. */
const decisionNote = (body: TDecidePayoutBody, payout: TPayout) => {
  const what = `$${payout.amount} to ${payout.address}`;
  if (body.action === 'mark-paid') return `${what}; transaction ${body.txHash}`;
  if (body.action === 'reject') return `${what}; rejected: ${body.reason}`;
  return what;
};
