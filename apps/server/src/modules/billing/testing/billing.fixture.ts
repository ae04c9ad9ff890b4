import { randomBytes } from 'node:crypto';
import { ZAccount, ZBillingSummary, ZBillingTickResult, ZPayment, ZPaymentList } from '@cdca/contracts';
import { type ManualClock, manualClock } from '@cdca/engine/testing';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { accounts } from '../../../db/schema.ts';
import { appForAllTests } from '../../../testing/app-lifecycle.ts';
import { signUp } from '../../../testing/sign-in.ts';
import { bearer, buildTestApp, type TestApp, type TestAppOptions } from '../../../testing/test-app.ts';
import { makeOwner, newTrader, type Trader } from '../../../testing/traders.ts';
import { insertCoin } from '../../coins/testing/coins.fixture.ts';
import { epicFills, epics } from '../../epics/epics.schema.ts';

/** The owner each billing test app signs up to run the scheduler (allow-list it in staging tests). */
export const BILLING_OWNER_EMAIL = 'billing-owner@example.test';

type BillingTestAppOptions = Pick<TestAppOptions, 'database'> & { clock?: ManualClock; ownerEmail?: string };

/** The real app on a fresh database with billing on a manual clock, plus an owner to run the scheduler. */
export const buildBillingTestApp = async (
  env: Record<string, string> = {},
  options: BillingTestAppOptions = {},
) => {
  const clock = options.clock ?? manualClock();
  const t = await buildTestApp({ env, clock, ...(options.database ? { database: options.database } : {}) });
  const owner = await newTrader(t, options.ownerEmail ?? BILLING_OWNER_EMAIL, 'active');
  await makeOwner(t, owner);
  await t.db.update(accounts).set({ freeAccount: true }).where(eq(accounts.id, owner.account.id));
  return { ...t, clock, owner, ...billingCalls(t, owner) };
};
export type BillingTestApp = Awaited<ReturnType<typeof buildBillingTestApp>>;

/** What billing tests ask of the API, parsed with the contracts' schemas. */
const billingCalls = (t: TestApp, owner: Trader) => {
  const { app } = t;
  /** One scheduler pass at the clock's time, through the owner-only billing controls. */
  const tick = async () => {
    const response = await t.as(owner).post('/api/v1/billing-controls/advance', { hours: 0 });
    if (response.statusCode !== 200) throw new Error(`tick failed: ${response.body}`);
    return ZBillingTickResult.parse(response.json());
  };

  const get = (trader: Trader, url: string) => t.as(trader).get(url);
  const post = (trader: Trader, url: string, payload?: object) => t.as(trader).post(url, payload);

  const payments = async (trader: Trader, query = '') => {
    const response = await get(trader, `/api/v1/payments?accountId=${trader.account.id}${query}`);
    if (response.statusCode !== 200) throw new Error(`list failed: ${response.body}`);
    return ZPaymentList.parse(response.json()).payments;
  };
  const payment = async (trader: Trader, id: string) =>
    ZPayment.parse((await get(trader, `/api/v1/payments/${id}`)).json());
  const summary = async (trader: Trader) =>
    ZBillingSummary.parse((await get(trader, `/api/v1/billing?accountId=${trader.account.id}`)).json());
  const accountStatus = async (trader: Trader) =>
    (await get(trader, `/api/v1/accounts/${trader.sub}`)).json<{ status: string }>().status;

  return {
    tick,
    get,
    post,
    payments,
    payment,
    summary,
    accountStatus,
    trader: (email: string, status: 'active' | 'pending-payment' = 'active') => newTrader(t, email, status),
    /** Signs up through the embedded provider with `?rc=` as the SPA sends it, then makes the account active. */
    traderWithCode: async (email: string, signupReferralCode: string): Promise<Trader> => {
      const tokens = await signUp(app, { email });
      const headers = bearer(tokens.accessToken);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/authorize',
        headers,
        payload: { token: tokens.accessToken, signupReferralCode },
      });
      const account = ZAccount.parse(response.json());
      await t.db.update(accounts).set({ status: 'active' }).where(eq(accounts.id, account.id));
      return {
        accessToken: tokens.accessToken,
        sub: tokens.sub,
        account: { ...account, status: 'active' },
        headers,
      };
    },
  };
};

/** One billing test app shared by every test of the calling file, closed after the last one. */
export const billingTestAppForAllTests = () => appForAllTests(() => buildBillingTestApp());

/**
 * A trader whose closed epic realised `profit` and who was billed for it by one scheduler pass: the first payment
 * requested, with the charge the sandbox issued for it (its hosted page and id).
 */
export const billedTrader = async (t: BillingTestApp, email: string, profit: string) => {
  const trader = await t.trader(email);
  await recordClosedEpic(t, trader.account.id, profit);
  await t.tick();
  const [payment] = await t.payments(trader);
  if (!payment?.chargeHostedUrl) throw new Error('expected a payment with a charge');
  const hostedUrl = payment.chargeHostedUrl;
  const chargeId = new URL(hostedUrl).pathname.split('/').at(-1) ?? '';
  return { trader, payment, hostedUrl, chargeId };
};

/**
 * A closed epic with this realised profit and these fills (value = price × size at `at`), written as the engine
 * would leave it: billing only reads closed epics' profits and fills' values and times.
 */
export const recordClosedEpic = async (
  t: { database: Database },
  accountId: string,
  profit: string,
  fills: { at: Date; value: string }[] = [],
) => {
  const symbol = `T${randomBytes(3).toString('hex').toUpperCase()}-USD`;
  const coin = await insertCoin(t.database.db, symbol, '1');
  const [epic] = await t.database.db
    .insert(epics)
    .values({
      accountId,
      coinId: coin.id,
      productId: symbol,
      status: 'closed',
      // Billing never reads an epic's inputs or plan: empty documents, as no real epic has them.
      inputs: sql`'{}'::jsonb`,
      plan: sql`'{}'::jsonb`,
      budget: '1000',
      dcaLevels: 1,
      profitsDollarAmount: profit,
      closedAt: new Date(),
    })
    .returning();
  if (!epic) throw new Error('epic insert failed');
  for (const [index, fill] of fills.entries()) {
    await t.database.db.insert(epicFills).values({
      tradeId: `${epic.id}-${index}`,
      epicId: epic.id,
      clientOrderId: `${epic.id}-${index}`,
      exchangeOrderId: `${epic.id}-${index}`,
      side: index % 2 ? 'sell' : 'buy',
      price: fill.value,
      size: '1',
      fee: '0',
      liquidity: 'maker',
      filledAt: fill.at,
    });
  }
  return epic.id;
};

/** Presses a button on the sandbox's hosted page, as a trader's browser would. */
export const pressSandboxButton = async (
  t: { app: BillingTestApp['app'] },
  hostedUrl: string,
  action: 'pay' | 'underpay' | 'overpay' | 'expire',
) => {
  // The page's buttons post to the charge's address plus the action, with the link's token.
  const { pathname, search } = new URL(hostedUrl);
  const response = await t.app.inject({
    method: 'POST',
    url: `${pathname}/${action}${search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  if (response.statusCode !== 303) throw new Error(`sandbox ${action} answered ${response.statusCode}`);
  return new URL(String(response.headers.location), 'http://localhost').searchParams.get('delivered');
};
