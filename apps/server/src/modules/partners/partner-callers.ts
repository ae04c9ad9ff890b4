import type { AuthContext } from '../../auth/verify-token.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';

/** Who may call what in the partner programme: partners their codes and payouts, owners the payout decisions. */
export const createPartnerCallers = (accounts: Pick<AccountsService, 'requireCaller'>) => ({
  requirePartner: async (auth: AuthContext) => {
    const caller = await accounts.requireCaller(auth);
    if (caller.role !== 'partner') {
      throw forbidden(
        'Only partners have referral codes and payouts; ask an owner to make your account a partner.',
      );
    }
    return caller;
  },

  requireOwner: async (auth: AuthContext) => {
    const caller = await accounts.requireCaller(auth);
    if (caller.role !== 'owner') throw forbidden('Only owners decide payouts.');
    return caller;
  },
});

export type PartnerCallers = ReturnType<typeof createPartnerCallers>;
