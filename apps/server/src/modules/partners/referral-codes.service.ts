import type {
  TCreateReferralCodeBody,
  TPartnerReferralList,
  TReferralCode,
  TReferralCodeList,
} from '@cdca/contracts';
import { money, ZERO } from '@cdca/engine';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { receivedOn } from './commission-ledger.ts';
import { type CommissionsService, sum, usd } from './commissions.service.ts';
import type { PartnerCallers } from './partner-callers.ts';
import type { PartnersRepository } from './partners.repository.ts';

/** A partner keeps a handful of codes (one per channel); more is a script, not a campaign. */
export const MAX_CODES_PER_PARTNER = 20;

type Deps = {
  repository: PartnersRepository;
  callers: Pick<PartnerCallers, 'requirePartner'>;
  commissions: Pick<CommissionsService, 'settle'>;
  config: Pick<Config, 'launchReferralCode' | 'billing'>;
  now: () => Date;
};

/** A partner's codes, their clicks and the accounts that signed up through them (docs/decisions/partner-programme.md). */
export const createReferralCodesService = ({ repository, callers, commissions, config, now }: Deps) => {
  const reserved = () =>
    [config.launchReferralCode, config.billing.academyReferralCode].map((code) => code.trim().toLowerCase());

  return {
    /** POST /partners/clicks: one landing visit through `?rc=`; an unknown code changes nothing. */
    countClick: async (code: string) => {
      await repository.countClick(code.trim().toLowerCase());
    },

    listCodes: async (auth: AuthContext): Promise<TReferralCodeList> => {
      const partner = await callers.requirePartner(auth);
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
      const partner = await callers.requirePartner(auth);
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
      const partner = await callers.requirePartner(auth);
      await commissions.settle(partner.id);
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
  };
};
