import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuditTx, OwnerAction } from '../audit/record-owner-action.ts';
import { createCommissionsService } from './commissions.service.ts';
import { createPartnerCallers } from './partner-callers.ts';
import { createPartnersRepository } from './partners.repository.ts';
import { createPayoutsService } from './payouts.service.ts';
import { createReferralCodesService } from './referral-codes.service.ts';

type Deps = {
  db: Db;
  bus: EventBus;
  accounts: Pick<AccountsService, 'requireCaller'>;
  config: Pick<Config, 'partners' | 'launchReferralCode' | 'billing'>;
  now: () => Date;
  /** The owners' audit trail (modules/audit): each decision is recorded in the transaction that makes it. */
  recordOwnerAction: (tx: AuditTx, action: OwnerAction) => Promise<void>;
};

/**
 * The partner programme as one service for its routes and billing, built from its three parts, each changed for
 * its own reason: codes and attribution, the commission ledger, payouts (docs/decisions/partner-programme.md).
 */
export const createPartnersService = ({ db, bus, accounts, config, now, recordOwnerAction }: Deps) => {
  const repository = createPartnersRepository(db);
  const callers = createPartnerCallers(accounts);
  const commissions = createCommissionsService({ db, repository, config });
  return {
    onPaymentsChanged: commissions.onPaymentsChanged,
    /** The code a share may carry (docs/decisions/verified-sharing.md): the account's newest, as its partner spells it. */
    newestCodeOf: async (accountId: string): Promise<string | undefined> => {
      const [newest] = await repository.codesOf(accountId);
      return newest ? (newest.displayCode ?? newest.code) : undefined;
    },
    ...createReferralCodesService({ repository, callers, commissions, config, now }),
    ...createPayoutsService({ db, bus, repository, callers, commissions, config, now, recordOwnerAction }),
  };
};

export type PartnersService = ReturnType<typeof createPartnersService>;
