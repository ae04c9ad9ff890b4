import type { TAccount, TAccountStatus } from '@cdca/contracts';
import { ZAccount } from '@cdca/contracts';
import { createAccountsRepository } from '../modules/accounts/accounts.repository.ts';
import { signUp } from './sign-in.ts';
import { bearer, type TestApp } from './test-app.ts';

/** What the helpers need of a test app: any app on a database (a second instance on the same one too). */
type AppOnDatabase = Pick<TestApp, 'app' | 'database'>;

export type Trader = {
  accessToken: string;
  sub: string;
  account: TAccount;
  headers: { authorization: string };
};

/** A signed-up user with an account (real tokens through the embedded provider), optionally at a given status. */
export const newTrader = async (
  t: AppOnDatabase,
  email: string,
  status?: TAccountStatus,
): Promise<Trader> => {
  const tokens = await signUp(t.app, { email });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authorize',
    headers: bearer(tokens.accessToken),
    payload: { token: tokens.accessToken },
  });
  let account = ZAccount.parse(response.json());
  if (status) {
    const row = await createAccountsRepository(t.database.db).update(tokens.sub, { status });
    if (row) account = { ...account, status: row.status };
  }
  return { accessToken: tokens.accessToken, sub: tokens.sub, account, headers: bearer(tokens.accessToken) };
};

export const makeOwner = async (t: AppOnDatabase, trader: Trader) => {
  await createAccountsRepository(t.database.db).update(trader.sub, { role: 'owner' });
};
