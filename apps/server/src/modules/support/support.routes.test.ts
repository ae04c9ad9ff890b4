import { ZApiError, ZSupportTicket } from '@cdca/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { newTrader } from '../../testing/traders.ts';
import { createSupportRepository } from './support.repository.ts';
import { supportTickets } from './support.schema.ts';
import { createSupportService } from './support.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const validTicket = {
  email: 'visitor@example.test',
  name: 'Vera Visitor',
  topic: 'billing',
  subject: 'Paying with USDC',
  message: 'Can I pay the Standard plan with USDC on another network than Ethereum?',
};

let nextIp = 1;
/** Each test writes from its own address, so the per-network limit of one test never bleeds into another. */
const freshIp = () => `203.0.113.${nextIp++}`;

const send = (payload: unknown, options: { ip: string; headers?: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/support-tickets',
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip,
    headers: options.headers,
  });

const storedTicket = (id: string) => createSupportRepository(t.database.db).findById(id);

describe('POST /api/v1/support-tickets', () => {
  it('stores a ticket from a visitor who is not signed in', async () => {
    const response = await send(validTicket, { ip: freshIp() });
    expect(response.statusCode).toBe(201);
    const ticket = ZSupportTicket.parse(response.json());
    expect(ticket).toMatchObject({
      topic: 'billing',
      subject: 'Paying with USDC',
      status: 'open',
      accountAttached: false,
    });
    const row = await storedTicket(ticket.id);
    expect(row).toMatchObject({
      email: 'visitor@example.test',
      name: 'Vera Visitor',
      message: validTicket.message,
      accountId: null,
      status: 'open',
    });
    // The address itself is never stored, only its hash.
    expect(row?.senderHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('203.0.113.');
  });

  it("attaches a signed-in trader's account", async () => {
    const trader = await newTrader(t, 'support-trader@example.test', 'active');
    const response = await send(
      { ...validTicket, email: 'support-trader@example.test' },
      { ip: freshIp(), headers: trader.headers },
    );
    expect(response.statusCode).toBe(201);
    const ticket = ZSupportTicket.parse(response.json());
    expect(ticket.accountAttached).toBe(true);
    expect((await storedTicket(ticket.id))?.accountId).toBe(trader.account.id);
  });

  it('refuses a forged token instead of silently filing the ticket anonymously', async () => {
    const response = await send(validTicket, { ip: freshIp(), headers: bearer('not-a-token') });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('trims what it stores and accepts a ticket without a name', async () => {
    const { name: _name, ...withoutName } = validTicket;
    const response = await send(
      { ...withoutName, email: '  spaced@example.test ', subject: '  Trimmed subject  ' },
      { ip: freshIp() },
    );
    expect(response.statusCode).toBe(201);
    const row = await storedTicket(ZSupportTicket.parse(response.json()).id);
    expect(row).toMatchObject({ email: 'spaced@example.test', subject: 'Trimmed subject', name: null });
  });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email' }, 'body.email', /valid e-mail address/],
    ['a message too short to act on', { message: 'help' }, 'body.message', /at least 20 characters/],
    ['a blank message', { message: '                          ' }, 'body.message', /at least 20 characters/],
    ['an unknown topic', { topic: 'refunds' }, 'body.topic', /Pick what your question is about/],
    ['a missing subject', { subject: undefined }, 'body.subject', /subject/i],
    // The error handler names a root-level issue 'body.' (its path joins an empty instancePath).
    ['a field the form does not have', { admin: true }, 'body.', /admin/],
  ])('refuses %s with a clear message', async (_case, change, path, message) => {
    const response = await send({ ...validTicket, ...change }, { ip: freshIp() });
    expect(response.statusCode).toBe(400);
    const error = ZApiError.parse(response.json());
    expect(error.code).toBe('validation-failed');
    expect(error.message).toMatch(message);
    expect(error.details?.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path, message: expect.stringMatching(message) })]),
    );
  });

  it('allows five tickets an hour per network, then answers 429 with when to retry', async () => {
    const ip = freshIp();
    for (let index = 0; index < 5; index += 1) {
      expect((await send(validTicket, { ip })).statusCode).toBe(201);
    }
    const refused = await send(validTicket, { ip });
    expect(refused.statusCode).toBe(429);
    expect(ZApiError.parse(refused.json())).toMatchObject({
      code: 'rate-limited',
      message: expect.stringMatching(/Too many support requests.*Try again in (60 minutes|59 minutes)/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Another network is not affected.
    expect((await send(validTicket, { ip: freshIp() })).statusCode).toBe(201);
  });

  it('holds the limit when requests arrive at the same moment', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(validTicket, { ip })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });
});

describe('support rate limit window', () => {
  it('lets a network write again once its oldest ticket is an hour old', async () => {
    let now = new Date('2026-01-05T10:00:00Z');
    const support = createSupportService({
      db: t.database.db,
      accounts: { findByUserId: async () => undefined },
      rateLimit: { max: 2, windowMs: 60 * 60 * 1000 },
      now: () => now,
    });
    const body = { ...validTicket, topic: 'other' as const };
    const sender = { ip: '198.51.100.7', auth: undefined };
    expect((await support.create(body, sender)).created).toBe(true);
    now = new Date('2026-01-05T10:30:00Z');
    expect((await support.create(body, sender)).created).toBe(true);
    now = new Date('2026-01-05T10:45:00Z');
    expect(await support.create(body, sender)).toEqual({ created: false, retryAfterSeconds: 15 * 60 });
    now = new Date('2026-01-05T11:00:01Z');
    expect((await support.create(body, sender)).created).toBe(true);
    const rows = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.createdAt, new Date('2026-01-05T11:00:01Z')));
    expect(rows).toHaveLength(1);
  });
});
