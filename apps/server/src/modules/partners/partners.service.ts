import type {
  TAdminPayoutList,
  TCreateReferralCodeBody,
  TDecidePayoutBody,
  TPartnerBalance,
  TPartnerPayouts,
  TPartnerReferralList,
  TPayout,
  TPayoutStatus,
  TReferralCode,
  TReferralCodeList,
  TRequestPayoutBody,
} from '@cdca/contracts';
import { type MoneyDecimal, money, ROUND_DOWN, ZERO } from '@cdca/engine';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuditTx, OwnerAction } from '../audit/record-owner-action.ts';
import { receivedOn, settlePaymentCommission, unsettledPaymentIds } from './commission-ledger.ts';
import { createPartnersRepository, type PayoutRow } from './partners.repository.ts';
import { partnerPayouts } from './partners.schema.ts';
import { toPayoutDto } from './payout-dto.ts';

/** A partner keeps a handful of codes (one per channel); more is a script, not a campaign. */
export const MAX_CODES_PER_PARTNER = 20;

type Deps = {
  db: Db;
  bus: EventBus;
  accounts: Pick<AccountsService, 'requireCaller'>;
  config: Pick<Config, 'partners' | 'launchReferralCode' | 'billing'>;
  now: () => Date;
  /** The owners' audit trail (modules/audit): each decision is recorded in the transaction that makes it. */
  recordOwnerAction: (tx: AuditTx, action: OwnerAction) => Promise<void>;
};

const usd = (value: MoneyDecimal) => value.toFixed(2, ROUND_DOWN);
const sum = (values: Iterable<string>) => [...values].reduce<MoneyDecimal>((total, v) => total.plus(v), ZERO);

/** Which payout moves each decision allows (docs/decisions/partner-programme.md). */
const DECISIONS: Record<TDecidePayoutBody['action'], { from: TPayoutStatus[]; to: TPayoutStatus }> = {
  approve: { from: ['requested'], to: 'approved' },
  'mark-paid': { from: ['approved'], to: 'paid' },
  reject: { from: ['requested', 'approved'], to: 'rejected' },
};

export const createPartnersService = ({ db, bus, accounts, config, now, recordOwnerAction }: Deps) => {
  const repository = createPartnersRepository(db);
  const rate = config.partners.commissionRate;

  const requirePartner = async (auth: AuthContext) => {
    const caller = await accounts.requireCaller(auth);
    if (caller.role !== 'partner') {
      throw forbidden(
        'Only partners have referral codes and payouts; ask an owner to make your account a partner.',
      );
    }
    return caller;
  };

  const requireOwner = async (auth: AuthContext) => {
    const caller = await accounts.requireCaller(auth);
    if (caller.role !== 'owner') throw forbidden('Only owners decide payouts.');
    return caller;
  };

  /** The ledger catches up with any payment whose announcement was lost (a crash after billing's commit). */
  const settle = async (partnerAccountId: string) => {
    for (const id of await unsettledPaymentIds(db, partnerAccountId))
      await settlePaymentCommission(db, id, rate);
  };

  const balanceOf = async (partnerAccountId: string, payouts: PayoutRow[]): Promise<TPartnerBalance> => {
    const ledger = await repository.ledgerOf(partnerAccountId);
    const earned = sum(
      ledger.filter((e) => e.kind === 'commission' || e.kind === 'commission-reversal').map((e) => e.amount),
    );
    const byStatus = (...statuses: TPayoutStatus[]) =>
      sum(payouts.filter((p) => statuses.includes(p.status)).map((p) => p.amount));
    return {
      earned: usd(earned),
      available: usd(sum(ledger.map((e) => e.amount))),
      pending: usd(byStatus('requested', 'approved')),
      paid: usd(byStatus('paid')),
      minimumPayout: usd(money(config.partners.minPayout)),
      commissionPercent: money(rate).times(100).toFixed(),
    };
  };

  const publishPayout = (row: PayoutRow) =>
    bus.publish({
      accountId: row.partnerAccountId,
      message: { routingKey: 'payout.updated', event: toPayoutDto(row) },
    });

  const reserved = () =>
    [config.launchReferralCode, config.billing.academyReferralCode].map((code) => code.trim().toLowerCase());

  return {
    /** Billing announces changed payments here: each is settled in the ledger once (commission-ledger.ts). */
    onPaymentsChanged: async (paymentIds: Iterable<string>) => {
      for (const id of paymentIds) await settlePaymentCommission(db, id, rate);
    },

    /** POST /partners/clicks: one landing visit through `?rc=`; an unknown code changes nothing. */
    countClick: async (code: string) => {
      await repository.countClick(code.trim().toLowerCase());
    },

    listCodes: async (auth: AuthContext): Promise<TReferralCodeList> => {
      const partner = await requirePartner(auth);
      const [codes, referrals] = await Promise.all([
        repository.codesOf(partner.id),
        repository.referralsOf(partner.id),
      ]);
      const paying = new Set(
        (await repository.paidPaymentsOf(referrals.map((r) => r.accountId))).map((p) => p.accountId),
      );
      const items = codes.map((row): TReferralCode => {
        const mine = referrals.filter((r) => r.code === row.code);
        const payingAccounts = mine.filter((r) => paying.has(r.accountId)).length;
        return {
          code: row.displayCode ?? row.code,
          createdAt: row.createdAt.toISOString(),
          clicks: row.clicks,
          signUps: mine.length,
          payingAccounts,
          conversion: row.clicks > 0 ? money(payingAccounts).div(row.clicks).times(100).toFixed(2) : null,
        };
      });
      return { items };
    },

    createCode: async (auth: AuthContext, body: TCreateReferralCodeBody): Promise<TReferralCode> => {
      const partner = await requirePartner(auth);
      const code = body.code.toLowerCase();
      const taken = () =>
        new AppError(
          409,
          'referral-code-taken',
          `The code ${body.code} is taken (in any spelling); try another.`,
        );
      if (reserved().includes(code)) throw taken();
      if ((await repository.codesOf(partner.id)).length >= MAX_CODES_PER_PARTNER) {
        throw new AppError(
          409,
          'referral-code-limit',
          `A partner keeps at most ${MAX_CODES_PER_PARTNER} codes; reuse one of yours.`,
        );
      }
      const createdAt = now();
      const inserted = await repository.insertCode({
        code,
        displayCode: body.code,
        partnerAccountId: partner.id,
        createdAt,
      });
      if (!inserted) throw taken();
      return {
        code: body.code,
        createdAt: createdAt.toISOString(),
        clicks: 0,
        signUps: 0,
        payingAccounts: 0,
        conversion: null,
      };
    },

    listReferrals: async (auth: AuthContext): Promise<TPartnerReferralList> => {
      const partner = await requirePartner(auth);
      await settle(partner.id);
      const referrals = await repository.referralsOf(partner.id);
      const [paid, ledger, codes] = await Promise.all([
        repository.paidPaymentsOf(referrals.map((r) => r.accountId)),
        repository.ledgerOf(partner.id),
        repository.codesOf(partner.id),
      ]);
      const display = new Map(codes.map((c) => [c.code, c.displayCode ?? c.code]));
      return {
        items: referrals.map((r) => ({
          id: r.accountId,
          code: display.get(r.code) ?? r.code,
          joinedAt: r.joinedAt.toISOString(),
          status: r.status,
          paidTotal: usd(
            paid.filter((p) => p.accountId === r.accountId).reduce((t, p) => t.plus(receivedOn(p)), ZERO),
          ),
          commission: usd(
            sum(
              ledger
                .filter((e) => e.referredAccountId === r.accountId && e.kind.startsWith('commission'))
                .map((e) => e.amount),
            ),
          ),
        })),
      };
    },

    payouts: async (auth: AuthContext): Promise<TPartnerPayouts> => {
      const partner = await requirePartner(auth);
      await settle(partner.id);
      const rows = await repository.payoutsOf(partner.id);
      return { balance: await balanceOf(partner.id, rows), items: rows.map(toPayoutDto) };
    },

    /**
     * POST /partners/payouts: the whole available balance, once it reaches the minimum. The partner's row is
     * locked while the balance is read and taken, so two requests cannot spend it twice.
     */
    requestPayout: async (auth: AuthContext, body: TRequestPayoutBody): Promise<TPayout> => {
      const partner = await requirePartner(auth);
      await settle(partner.id);
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
      await requireOwner(auth);
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
      const owner = await requireOwner(auth);
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

export type PartnersService = ReturnType<typeof createPartnersService>;
