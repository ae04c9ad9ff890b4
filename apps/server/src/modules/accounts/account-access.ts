import { ACCOUNT_STATUSES, type TAccountStatus } from '@cdca/contracts';
import { AppError } from '../../lib/app-error.ts';

/**
 * THE table of which account statuses may call which API route (docs/decisions/account-access.md). Every route
 * under /api/v1 is listed — account-access.test.ts fails for one that is not — and `enforceAccountAccess`
 * applies it before any handler runs. Role checks (owner-only routes) and onboarding step order (409
 * onboarding-step-out-of-order from the accounts service's compare-and-set) stay where they are.
 */

/** No sign-in needed, or the route authenticates itself (the WebSocket applies `LIVE` in its upgrade). */
export type PublicRoute = 'public';
export type AccessRule = PublicRoute | readonly TAccountStatus[];

/** Every status but deleted: read your data, see and pay bills, change settings, onboard, wind epics down. */
export const LIVE: readonly TAccountStatus[] = ACCOUNT_STATUSES.filter((status) => status !== 'deleted');
/** What gives the engine new money to trade: refused while unpaid (deactivated), open during onboarding. */
export const COMMITS_FUNDS: readonly TAccountStatus[] = LIVE.filter((status) => status !== 'deactivated');
/** Epics trade real money, so only a fully onboarded, paid-up account starts one. */
export const TRADES: readonly TAccountStatus[] = ['active'];

export const API_PREFIX = '/api/v1';

export const ACCOUNT_ACCESS: Readonly<Record<string, AccessRule>> = {
  'GET /api/v1/health': 'public',
  'GET /api/v1/cdca-ws': 'public',
  // A deleted or locked-out trader must still be able to write to support.
  'POST /api/v1/support-tickets': 'public',
  'POST /api/v1/payments/webhooks/:provider': 'public',
  // The landing page counts a referral visit before anyone signs in (docs/decisions/partner-programme.md).
  'POST /api/v1/partners/clicks': 'public',

  'POST /api/v1/authorize': LIVE,
  'GET /api/v1/accounts': LIVE,
  'GET /api/v1/accounts/:userId': LIVE,
  'PATCH /api/v1/accounts/:userId': LIVE,
  'GET /api/v1/accounts/admin/:userId': LIVE,
  'PATCH /api/v1/accounts/admin/:userId': LIVE,
  'GET /api/v1/accounts/admin/:userId/audit': LIVE,
  'GET /api/v1/admin/charts': LIVE,
  'GET /api/v1/settings/:id': LIVE,
  'PATCH /api/v1/settings/:id': LIVE,
  'GET /api/v1/settings/:id/daily-report': LIVE,
  'PATCH /api/v1/settings/:id/daily-report': LIVE,

  'POST /api/v1/onboarding/payment': LIVE,
  'POST /api/v1/onboarding/breakdown': LIVE,
  'POST /api/v1/onboarding/coinbase-account': LIVE,
  'POST /api/v1/onboarding/discord': LIVE,
  'POST /api/v1/onboarding/tos': LIVE,

  'POST /api/v1/exchange-keys': COMMITS_FUNDS,
  'GET /api/v1/exchange-keys/current': LIVE,
  // Removing a key only takes trading away, so an unpaid account may do it.
  'DELETE /api/v1/exchange-keys/current': LIVE,
  'GET /api/v1/exchange-account': LIVE,
  'POST /api/v1/paper/keys': COMMITS_FUNDS,
  'POST /api/v1/paper/products/:productId/price': LIVE,
  'POST /api/v1/paper/products/:productId/script': LIVE,
  'POST /api/v1/paper/products/:productId/status': LIVE,

  'GET /api/v1/coins': LIVE,
  'GET /api/v1/coins/:id': LIVE,
  'GET /api/v1/coins/:id/candles': LIVE,
  'GET /api/v1/candles/:coin': LIVE,
  'POST /api/v1/backtests': LIVE,
  'GET /api/v1/top-movers': LIVE,
  'GET /api/v1/stats': LIVE,
  // Sharing only shows what already happened, and revoking takes it back: any live account.
  'POST /api/v1/shares': LIVE,
  'POST /api/v1/shares/preview': LIVE,
  'GET /api/v1/shares': LIVE,
  'GET /api/v1/shares/referral-code': LIVE,
  'DELETE /api/v1/shares/:id': LIVE,
  'GET /api/v1/rank': LIVE,
  'GET /api/v1/rank/leaderboard': LIVE,
  'GET /api/v1/rank/leaderboard/preferences': LIVE,
  'PATCH /api/v1/rank/leaderboard/preferences': LIVE,
  'GET /api/v1/watchlist-items': LIVE,
  'POST /api/v1/watchlist-items': LIVE,
  'DELETE /api/v1/watchlist-items/:id': LIVE,
  // The academy teaches before and after onboarding, so any live account keeps its progress.
  'GET /api/v1/academy/progress': LIVE,
  'PUT /api/v1/academy/progress/:slug': LIVE,

  'POST /api/v1/epics/preview': LIVE,
  'GET /api/v1/epics/plan-context': LIVE,
  'POST /api/v1/epics': TRADES,
  'GET /api/v1/epics': LIVE,
  'GET /api/v1/epics/:id': LIVE,
  // Cancel and liquidate wind an epic down; an unpaid account must be able to stop its own trading.
  'PATCH /api/v1/epics/:id': LIVE,
  'GET /api/v1/notifications': LIVE,
  'POST /api/v1/notifications/read': LIVE,
  // Support stays open to every live account: a deactivated trader is exactly who needs to ask.
  'GET /api/v1/support/tickets': LIVE,
  'POST /api/v1/support/tickets': LIVE,
  'GET /api/v1/support/tickets/:id': LIVE,
  'POST /api/v1/support/tickets/:id/messages': LIVE,
  'PATCH /api/v1/support/tickets/:id': LIVE,
  'GET /api/v1/support/admin/tickets': LIVE,
  'GET /api/v1/support/admin/tickets/:id': LIVE,
  'POST /api/v1/support/admin/tickets/:id/messages': LIVE,
  'PATCH /api/v1/support/admin/tickets/:id': LIVE,

  'GET /api/v1/payments': LIVE,
  'POST /api/v1/payments': LIVE,
  'GET /api/v1/payments/:id': LIVE,
  'PATCH /api/v1/payments/:id': LIVE,
  'GET /api/v1/payments/generate-new-charge/:id': LIVE,
  'POST /api/v1/payments/check-payment-status/:id': LIVE,
  'GET /api/v1/billing': LIVE,
  'POST /api/v1/billing/cancellation': LIVE,
  'DELETE /api/v1/billing/cancellation': LIVE,
  'PUT /api/v1/billing/discount-code': LIVE,
  'POST /api/v1/billing-controls/advance': LIVE,

  // The partner programme: partners read and are paid what they earned even while their own bill is late;
  // the partner and owner roles are checked in the service (docs/decisions/partner-programme.md).
  'GET /api/v1/partners/referral-codes': LIVE,
  'POST /api/v1/partners/referral-codes': LIVE,
  'GET /api/v1/partners/referrals': LIVE,
  'GET /api/v1/partners/payouts': LIVE,
  'POST /api/v1/partners/payouts': LIVE,
  'GET /api/v1/partners/admin/payouts': LIVE,
  'PATCH /api/v1/partners/admin/payouts/:id': LIVE,
};

/** `GET /api/v1/epics/:id`; HEAD is GET without a body, so it shares GET's rule. */
export const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** A route missing from the table is a bug the test catches; until then it gets the stricter signed-in rule. */
export const accessRuleFor = (method: string, url: string): AccessRule =>
  ACCOUNT_ACCESS[routeKey(method, url)] ?? COMMITS_FUNDS;

export const accountDeleted = () =>
  new AppError(401, 'account-deleted', 'This account has been deleted, so it is signed out everywhere.');

export const accountDeactivated = () =>
  new AppError(
    403,
    'account-deactivated',
    'Your account is deactivated because a CDCA payment is unpaid or your plan ended. Pay the open bill under ' +
      'Billing to start epics and connect keys again; your data, bills and settings stay open meanwhile.',
    { status: 'deactivated' },
  );

export const accountNotActive = (status: TAccountStatus) =>
  new AppError(403, 'account-not-active', `Finish setting up your account first (it is ${status}).`, {
    status,
  });

/** Throws the refusal that says why this status may not do this; does nothing when it may. */
export const assertAccountAllowed = (rule: AccessRule, status: TAccountStatus): void => {
  if (rule === 'public' || rule.includes(status)) return;
  if (status === 'deleted') throw accountDeleted();
  if (status === 'deactivated') throw accountDeactivated();
  throw accountNotActive(status);
};
