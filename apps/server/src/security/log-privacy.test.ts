import { ZBillingTickResult, ZMintedPaperKey, ZPaymentList } from '@cdca/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeError } from '../lib/logger.ts';
import { recordClosedEpic } from '../modules/billing/testing/billing.fixture.ts';
import { EPIC_TEST_INPUTS } from '../modules/epics/testing/epics.fixture.ts';
import { makeOwner, newTrader } from '../testing/traders.ts';
import { buildLoggedTestApp, type LoggedTestApp, THROTTLES_OFF } from './testing/security.fixture.ts';

/**
 * Logs hold no personal data, SQL parameters or capability links at any level (docs/decisions/log-privacy.md):
 * a whole journey through the API at trace level, then a real failed query logged the way the app logs errors.
 */

let t: LoggedTestApp;
beforeAll(async () => {
  t = await buildLoggedTestApp(THROTTLES_OFF);
}, 300_000);
afterAll(() => t?.close());

const TRADER_EMAIL = 'privacy-journey@example.test';
const OWNER_EMAIL = 'privacy-owner@example.test';
const TICKET = {
  email: 'ticket-writer@example.test',
  name: 'Marguerite Quillfeather',
  topic: 'billing',
  subject: 'Zebra crossing invoice',
  message: 'The quokka on my invoice looks wrong, please have a look at it.',
};
const NAMES = { firstName: 'Grace', lastName: 'Hopperwick' };
const COMMENT = 'Leaving because of the walrus';

const linesContaining = (secret: string) => t.logLines.filter((line) => line.includes(secret)).slice(0, 3);

describe('the logs of a full journey, at trace level', () => {
  it('hold no e-mail, name, ticket text, key, token, charge link or comment', async () => {
    const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers = {}, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const owner = await newTrader(t, OWNER_EMAIL, 'active');
    await makeOwner(t, owner);
    const trader = await newTrader(t, TRADER_EMAIL, 'active');
    expect((await inject('PATCH', `/api/v1/accounts/${trader.sub}`, trader.headers, NAMES)).statusCode).toBe(
      200,
    );

    const minted = await inject('POST', '/api/v1/paper/keys', trader.headers, {
      canView: true,
      canTrade: true,
      canTransfer: false,
    });
    const key = ZMintedPaperKey.parse(minted.json());
    expect((await inject('POST', '/api/v1/exchange-keys', trader.headers, key)).statusCode).toBe(200);

    const coins = await inject('GET', '/api/v1/coins?limit=1', trader.headers);
    const coinId: string = coins.json().coins[0].id;
    const epic = await inject('POST', '/api/v1/epics', trader.headers, { coinId, inputs: EPIC_TEST_INPUTS });
    expect(epic.statusCode).toBe(201);

    expect((await inject('POST', '/api/v1/support-tickets', {}, TICKET)).statusCode).toBe(201);

    await recordClosedEpic(t, trader.account.id, '150');
    const tick = await inject('POST', '/api/v1/billing-controls/advance', owner.headers, { hours: 0 });
    ZBillingTickResult.parse(tick.json());
    const listed = await inject('GET', `/api/v1/payments?accountId=${trader.account.id}`, trader.headers);
    const [payment] = ZPaymentList.parse(listed.json()).payments;
    if (!payment?.chargeHostedUrl) throw new Error('expected a charge');
    const hosted = new URL(payment.chargeHostedUrl);
    const hostedPath = `${hosted.pathname}${hosted.search}`;
    expect((await inject('GET', hostedPath)).statusCode).toBe(200);
    const paid = await inject('POST', `${hosted.pathname}/pay${hosted.search}`, {
      'sec-fetch-site': 'same-origin',
    });
    expect(paid.statusCode).toBe(303);
    expect((await inject('GET', String(paid.headers.location))).statusCode).toBe(200);

    const cancelled = await inject('POST', '/api/v1/billing/cancellation', trader.headers, {
      accountId: trader.account.id,
      reason: 'too-expensive',
      comment: COMMENT,
    });
    expect(cancelled.statusCode).toBe(200);

    const chargeId = hosted.pathname.split('/').at(-1) ?? '';
    const linkToken = [...hosted.searchParams.values()].join('');
    const secrets = [
      TRADER_EMAIL,
      OWNER_EMAIL,
      TICKET.email,
      TICKET.name,
      TICKET.subject,
      'quokka',
      NAMES.lastName,
      COMMENT,
      key.privateKey.split('\n')[1] ?? key.privateKey,
      trader.accessToken,
      chargeId,
      ...(linkToken ? [linkToken] : []),
    ];
    expect(t.logLines.length).toBeGreaterThan(20);
    for (const secret of secrets) expect(linesContaining(secret), secret).toEqual([]);
  });
});

describe('a failed query in the logs', () => {
  /** A real error from the database the test runs on, carrying the value that was sent. */
  const failedQuery = async (value: string) => {
    try {
      await t.database.db.execute(sql`select ${value}::uuid`);
    } catch (error) {
      return error;
    }
    throw new Error('expected the query to fail');
  };

  it('keeps its type, SQLSTATE and stack frames, never the SQL, its parameters or the value in the message', async () => {
    const error = await failedQuery('someone.private@example.test');
    t.app.log.error({ err: error }, 'unhandled error');
    const line = t.logLines.at(-1) ?? '';
    expect(line).toContain('database query failed');
    expect(line).not.toContain('someone.private');
    expect(line).not.toContain('::uuid');
    expect(line).not.toContain('params');
    const logged = serializeError(error);
    expect(logged.message).toBe('database query failed');
    expect(logged.stack).toMatch(/\n\s+at /);
    expect(logged.cause?.code).toBe('22P02');
  });

  it('scrubs an error someone turned into a string first', async () => {
    const error = await failedQuery('someone.else@example.test');
    t.app.log.warn({ err: String(error) }, 'billing: could not issue a charge yet');
    const line = t.logLines.at(-1) ?? '';
    expect(line).toContain('database query failed');
    expect(line).not.toContain('someone.else');
  });
});
