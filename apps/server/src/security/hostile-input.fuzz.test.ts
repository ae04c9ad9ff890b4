import { createHash, randomBytes } from 'node:crypto';
import { ZBillingTickResult, ZPaymentList } from '@cdca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_CLIENT_ID } from '../config.ts';
import { SANDBOX_LINK_PARAM } from '../modules/billing/providers/sandbox/sandbox-link.ts';
import { recordClosedEpic } from '../modules/billing/testing/billing.fixture.ts';
import { routesOf } from '../plugins/hostile-input.ts';
import { browser, startAuthorization } from '../testing/sign-in.ts';
import { makeOwner, newTrader, type Trader } from '../testing/traders.ts';
import { problemWith, type Shot } from './testing/fuzz-requests.ts';
import { baselineShot, type Surface, shotsFor, surfaceOf } from './testing/fuzz-surfaces.ts';
import { FUZZ_MARKER } from './testing/hostile-values.ts';
import {
  buildLoggedTestApp,
  type LoggedTestApp,
  rowCounts,
  THROTTLES_OFF,
} from './testing/security.fixture.ts';

/**
 * Every route of the real app, anonymous and signed in, each field spoiled in turn (docs/decisions/hostile-input.md):
 * no 5xx, errors as `{code, message}`, no stack trace or SQL in an answer, nothing written by a refused request,
 * and nothing of it in the logs.
 */

let t: LoggedTestApp;

const TRADER_EMAIL = 'fuzz-trader@example.test';
const OWNER_EMAIL = 'fuzz-owner@example.test';

/**
 * Tables written whatever requests arrive: attempts, refused ones too, on purpose (rate limits, sign-in throttling),
 * and the leases the server's own background work takes when its turn comes (the coin-price writer's, for one,
 * docs/decisions/coin-price-writer.md), which may land between two counts.
 */
const ATTEMPT_COUNTERS = new Set(['rate_limits', 'job_leases']);

type Caller = { name: string; headers: Record<string, string>; known: Record<string, unknown> };

let callers: Caller[];
let trader: Trader;
let chargeId: string;
/** The sandbox page's link token: a capability, like the charge id. */
let chargeLink: string;
let interaction: { uid: string; cookie: string };
let sent = 0;
const failures: string[] = [];

const fire = async (shots: Shot[]) => {
  let refused = true;
  for (const shot of shots) {
    const response = await t.app.inject(shot.request);
    sent += 1;
    if (response.statusCode < 400) refused = false;
    const problem = problemWith(shot, response);
    if (problem) failures.push(`${shot.label}: ${problem}`);
  }
  return refused;
};

let lastCounts: Record<string, number> = {};

/** Counts rows now; when `refused`, says which tables changed since the last count. */
const countRows = async (label: string, refused: boolean) => {
  const counts = await rowCounts(t);
  const changed = Object.keys(counts).filter(
    (table) => !ATTEMPT_COUNTERS.has(table) && counts[table] !== lastCounts[table],
  );
  if (refused && changed.length > 0)
    failures.push(`${label}: refused requests wrote rows to ${changed.join(', ')}`);
  lastCounts = counts;
};

/** Sends the shots; when every one was refused, no table may have gained or lost a row. */
const fireAndCheckNothingWritten = async (label: string, shots: Shot[]) => {
  const refused = await fire(shots);
  await countRows(label, refused);
};

const appRoutes = () =>
  routesOf(t.app).filter(
    (route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !route.schema?.hide,
  );

/** An authorization request the provider accepts, as the SPA sends it. */
const authorizeQuery = () => ({
  client_id: EMBEDDED_CLIENT_ID,
  response_type: 'code',
  redirect_uri: 'http://localhost:3000/login',
  scope: 'openid email offline_access',
  state: randomBytes(8).toString('hex'),
  nonce: randomBytes(8).toString('hex'),
  code_challenge: createHash('sha256').update('verifier').digest('base64url'),
  code_challenge_method: 'S256',
  login_hint: 'someone@example.test',
});

const identityProviderSurfaces = (): Surface[] => {
  const base = { params: {}, headers: {}, oauthErrors: true } as const;
  return [
    {
      ...base,
      label: 'GET /oidc/auth',
      method: 'GET',
      path: '/oidc/auth',
      query: authorizeQuery(),
      body: undefined,
      bodyKind: 'none',
    },
    {
      ...base,
      label: 'POST /oidc/token (code)',
      method: 'POST',
      path: '/oidc/token',
      query: {},
      body: {
        grant_type: 'authorization_code',
        code: 'some-code',
        redirect_uri: 'http://localhost:3000/login',
        code_verifier: 'v'.repeat(43),
        client_id: EMBEDDED_CLIENT_ID,
      },
      bodyKind: 'form',
    },
    {
      ...base,
      label: 'POST /oidc/token (refresh)',
      method: 'POST',
      path: '/oidc/token',
      query: {},
      body: { grant_type: 'refresh_token', refresh_token: 'some-token', client_id: EMBEDDED_CLIENT_ID },
      bodyKind: 'form',
    },
    {
      ...base,
      label: 'POST /oidc/token/revocation',
      method: 'POST',
      path: '/oidc/token/revocation',
      query: {},
      body: { token: 'some-token', client_id: EMBEDDED_CLIENT_ID },
      bodyKind: 'form',
    },
    {
      ...base,
      label: 'GET /oidc/session/end',
      method: 'GET',
      path: '/oidc/session/end',
      query: {
        client_id: EMBEDDED_CLIENT_ID,
        post_logout_redirect_uri: 'http://localhost:3000/',
        state: 'x',
      },
      body: undefined,
      bodyKind: 'none',
    },
    {
      ...base,
      label: 'GET /oidc/jwks',
      method: 'GET',
      path: '/oidc/jwks',
      query: {},
      body: undefined,
      bodyKind: 'none',
    },
    {
      ...base,
      label: 'GET /oidc/me',
      method: 'GET',
      path: '/oidc/me',
      query: {},
      body: undefined,
      bodyKind: 'none',
    },
  ];
};

// Building the app (a fresh database, the provider's keys) is slow on a busy machine: one app for the file.
beforeAll(async () => {
  t = await buildLoggedTestApp(THROTTLES_OFF);
  const owner = await newTrader(t, OWNER_EMAIL, 'active');
  await makeOwner(t, owner);
  trader = await newTrader(t, TRADER_EMAIL, 'active');
  // A real charge, so the sandbox page and the payment routes are driven with ids that exist.
  await recordClosedEpic(t, trader.account.id, '150');
  const tick = await t.app.inject({
    method: 'POST',
    url: '/api/v1/billing-controls/advance',
    headers: owner.headers,
    payload: { hours: 0 },
  });
  ZBillingTickResult.parse(tick.json());
  const listed = await t.app.inject({
    method: 'GET',
    url: `/api/v1/payments?accountId=${trader.account.id}`,
    headers: trader.headers,
  });
  const [payment] = ZPaymentList.parse(listed.json()).payments;
  if (!payment?.chargeHostedUrl) throw new Error('expected a payment with a charge');
  const hosted = new URL(payment.chargeHostedUrl);
  chargeId = hosted.pathname.split('/').at(-1) ?? '';
  chargeLink = hosted.searchParams.get(SANDBOX_LINK_PARAM) ?? '';
  const coins = await t.app.inject({ method: 'GET', url: '/api/v1/coins?limit=1', headers: trader.headers });
  const coinId: string = coins.json().coins[0].id;

  // The sandbox makes its webhook secret on first use: make it now, so the row counts below compare what requests
  // write, not a first use (an unsigned delivery is refused; the secret stays).
  await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/sandbox', payload: {} });

  const tab = browser(t.app);
  const flow = await startAuthorization(tab, t.app);
  const uid = /\/interaction\/([^/?"]+)/.exec(flow.response.body)?.[1] ?? '';
  interaction = { uid, cookie: tab.cookies.headerFor(`/interaction/${uid}`) ?? '' };

  const known = (caller: Trader | undefined) => ({
    accountId: caller?.account.id ?? trader.account.id,
    userId: caller?.sub ?? trader.sub,
    coinId,
    chargeId,
    [SANDBOX_LINK_PARAM]: chargeLink,
    uid,
    action: 'pay',
    provider: 'sandbox',
    productId: 'BTC-USD',
    email: 'someone@example.test',
  });
  callers = [
    { name: 'anonymous', headers: {}, known: known(undefined) },
    { name: 'trader', headers: trader.headers, known: known(trader) },
    { name: 'owner', headers: owner.headers, known: known(owner) },
  ];
  // Route-specific ids: `:id` means a coin, a payment, an account's settings, or something that does not exist.
  for (const caller of callers) caller.known.paymentId = payment.id;
}, 300_000);
afterAll(() => t?.close());

/** `:id` of each route family: the real thing where the caller can have one. */
const knownFor = (caller: Caller, url: string) => {
  if (url.startsWith('/api/v1/coins/')) return { ...caller.known, id: caller.known.coinId };
  if (url.startsWith('/api/v1/settings/')) return { ...caller.known, id: caller.known.accountId };
  if (url.startsWith('/api/v1/payments/')) return { ...caller.known, id: caller.known.paymentId };
  return caller.known;
};

const headersFor = (caller: Caller, url: string) =>
  url.startsWith('/interaction/') ? { ...caller.headers, cookie: interaction.cookie } : caller.headers;

describe('hostile input on every route', () => {
  it('refuses NUL, lone surrogates, over-long text, prototype keys and deep nesting everywhere, writing nothing', async () => {
    await countRows('start', false);
    for (const caller of callers) {
      const shots = appRoutes().flatMap((route) =>
        shotsFor(surfaceOf(route, knownFor(caller, route.url), headersFor(caller, route.url)), {
          odd: false,
          // Bodies near 1 MiB once per route, by the caller every route reads bodies for.
          big: caller.name === 'trader',
        }),
      );
      await fireAndCheckNothingWritten(`${caller.name}: every route`, shots);
    }
    const identityShots = identityProviderSurfaces().flatMap((surface) => shotsFor(surface, { odd: false }));
    await fireAndCheckNothingWritten('the identity provider', identityShots);
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers odd values (wrong types, extreme numbers, injection strings) without a 5xx', async () => {
    // The trader drives every route; the owner only the routes a trader is refused (the owner's own).
    for (const route of appRoutes()) {
      const traderCaller = callers[1];
      const ownerCaller = callers[2];
      if (!traderCaller || !ownerCaller) throw new Error('callers missing');
      const surface = surfaceOf(
        route,
        knownFor(traderCaller, route.url),
        headersFor(traderCaller, route.url),
      );
      const shots = shotsFor(surface, { odd: true }).filter((shot) => !shot.mustRefuse);
      await fireAndCheckNothingWritten(`trader ${surface.label}`, shots);
      // Not a hostile request: the unspoiled one tells whether the route is the owner's.
      const asTrader = await t.app.inject(baselineShot(surface).request);
      if (asTrader.statusCode < 400) await countRows('baseline', false);
      if (asTrader.statusCode !== 403) continue;
      const asOwner = surfaceOf(route, knownFor(ownerCaller, route.url), headersFor(ownerCaller, route.url));
      await fireAndCheckNothingWritten(
        `owner ${asOwner.label}`,
        shotsFor(asOwner, { odd: true }).filter((shot) => !shot.mustRefuse),
      );
    }
    for (const surface of identityProviderSurfaces()) {
      await fire(shotsFor(surface, { odd: true }).filter((shot) => !shot.mustRefuse));
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it(`sent at least 5,000 hostile requests, none answered 5xx`, () => {
    console.info(`hostile-input fuzz: ${sent} hostile requests, ${failures.length} problems`);
    expect(sent).toBeGreaterThanOrEqual(5000);
  });

  it('wrote none of it to the logs, at trace level', () => {
    expect(t.logLines.length).toBeGreaterThan(sent);
    for (const secret of [
      FUZZ_MARKER,
      TRADER_EMAIL,
      OWNER_EMAIL,
      chargeId,
      chargeLink,
      'Failed query',
      'params:',
    ]) {
      expect(t.logLines.filter((line) => line.includes(secret)).slice(0, 3)).toEqual([]);
    }
    const errors = t.logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
  });
});
