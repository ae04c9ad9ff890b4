import type { TAdminCharts, TAdminChartsQuery } from '@cdca/contracts';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import { queryAdminCharts } from './admin-console.queries.ts';

type Deps = {
  db: Db;
  requireCaller: (auth: AuthContext) => Promise<AccountRow>;
  /** Tests fix "now" to place rows on known days; otherwise the wall clock. */
  now?: () => Date;
};

/** The owner's console: figures over every account, so owners only (docs/product.md §6). */
export const createAdminConsoleService = ({ db, requireCaller, now = () => new Date() }: Deps) => ({
  charts: async (auth: AuthContext, query: TAdminChartsQuery): Promise<TAdminCharts> => {
    const caller = await requireCaller(auth);
    if (caller.role !== 'owner') throw forbidden('Only owners can see the console.');
    return queryAdminCharts(db, query.period, now());
  },
});

export type AdminConsoleService = ReturnType<typeof createAdminConsoleService>;
