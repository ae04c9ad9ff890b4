import type { TPartnerBalance, TPayoutStatus } from '@cdca/contracts';
import { type MoneyDecimal, money, ROUND_DOWN, ZERO } from '@cdca/engine';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { settlePaymentCommission, unsettledPaymentIds } from './commission-ledger.ts';
import type { PartnersRepository, PayoutRow } from './partners.repository.ts';

/** Dollars as the partner screens show them: to the cent, never rounded up past what the ledger holds. */
export const usd = (value: MoneyDecimal) => value.toFixed(2, ROUND_DOWN);
export const sum = (values: Iterable<string>) =>
  [...values].reduce<MoneyDecimal>((total, v) => total.plus(v), ZERO);

type Deps = {
  db: Db;
  repository: PartnersRepository;
  config: Pick<Config, 'partners'>;
};

/**
 * The commission ledger's side of the programme: booking each paid payment once and reading balances as sums
 * of entries (docs/decisions/partner-programme.md).
 */
export const createCommissionsService = ({ db, repository, config }: Deps) => {
  const rate = config.partners.commissionRate;
  return {
    /** Billing announces changed payments here: each is settled in the ledger once (commission-ledger.ts). */
    onPaymentsChanged: async (paymentIds: Iterable<string>) => {
      for (const id of paymentIds) await settlePaymentCommission(db, id, rate);
    },

    /** The ledger catches up with any payment whose announcement was lost (a crash after billing's commit). */
    settle: async (partnerAccountId: string) => {
      for (const id of await unsettledPaymentIds(db, partnerAccountId))
        await settlePaymentCommission(db, id, rate);
    },

    balanceOf: async (partnerAccountId: string, payouts: PayoutRow[]): Promise<TPartnerBalance> => {
      const ledger = await repository.ledgerOf(partnerAccountId);
      const earned = sum(
        ledger
          .filter((e) => e.kind === 'commission' || e.kind === 'commission-reversal')
          .map((e) => e.amount),
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
    },
  };
};

export type CommissionsService = ReturnType<typeof createCommissionsService>;
