import {
  ZAdminSupportThread,
  ZAdminSupportTicketList,
  ZApiError,
  ZEpic,
  ZNotificationList,
  ZSupportThread,
  ZSupportTicket,
  ZSupportTicketList,
  ZSupportTicketSummary,
} from '@cdca/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpTestServer } from '../../lib/mail/smtp-test-server.ts';
import { makeOwner, newTrader, type Trader } from '../../testing/traders.ts';
import {
  buildEpicsTestApp,
  callAs,
  EPIC_TEST_INPUTS,
  type EpicsTestApp,
  traderWithKey,
} from '../epics/testing/epics.fixture.ts';
import { supportTickets } from './support.schema.ts';

let t: EpicsTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let owner: Trader;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await buildEpicsTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'CDCA Support <support@cdca.test>' } });
  owner = await newTrader(t, 'support-owner@example.test', 'active');
  await makeOwner(t, owner);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (trader: Trader, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  callAs(t, trader, method, url, payload);

const opening = {
  topic: 'epics',
  subject: 'My SOL epic is stuck',
  message: 'The first level filled but the second never placed. What is going on?',
} as const;

const openTicket = async (trader: Trader, body: object = opening) => {
  const response = await call(trader, 'POST', '/support/tickets', body);
  expect(response.statusCode, response.body).toBe(201);
  return ZSupportTicketSummary.parse(response.json());
};

const newEpic = async (trader: Trader) => {
  const created = await call(trader, 'POST', '/epics', {
    coinId: t.coinId('SOL-USD'),
    inputs: EPIC_TEST_INPUTS,
  });
  expect(created.statusCode, created.body).toBe(201);
  return ZEpic.parse(created.json());
};

const published = (accountId: string, ticketId: string) =>
  t.published.filter(
    (envelope) =>
      envelope.accountId === accountId &&
      envelope.message.routingKey === 'support-ticket.updated' &&
      envelope.message.event.id === ticketId,
  );

describe('a trader opens a ticket about an epic and the owner answers it', () => {
  it('goes from open to answered to closed, live and by e-mail', async () => {
    const trader = await traderWithKey(t, 'support-epic@example.test');
    const epic = await newEpic(trader);
    const ticket = await openTicket(trader, { ...opening, epicId: epic.id });
    expect(ticket).toMatchObject({ status: 'open', epicId: epic.id, messageCount: 1, lastAuthor: 'trader' });

    const mine = ZSupportTicketList.parse((await call(trader, 'GET', '/support/tickets')).json());
    expect(mine.tickets.map((row) => row.id)).toEqual([ticket.id]);

    // The owner's queue shows it among the open tickets, with the trader's account and the epic beside the thread.
    const queue = await call(owner, 'GET', '/support/admin/tickets?status=open&topic=epics');
    expect(queue.statusCode, queue.body).toBe(200);
    const listed = ZAdminSupportTicketList.parse(queue.json()).tickets.find((row) => row.id === ticket.id);
    expect(listed).toMatchObject({ email: 'support-epic@example.test', firstResponseSeconds: null });
    const thread = ZAdminSupportThread.parse(
      (await call(owner, 'GET', `/support/admin/tickets/${ticket.id}`)).json(),
    );
    expect(thread.account).toMatchObject({ email: 'support-epic@example.test', status: 'active' });
    expect(thread.epic).toMatchObject({ id: epic.id, productId: 'SOL-USD', budget: '1000' });
    expect(thread.messages.map((message) => message.author)).toEqual(['trader']);

    const reply = await call(owner, 'POST', `/support/admin/tickets/${ticket.id}/messages`, {
      message: 'The second level waits for the price to drop 5% below the first fill.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(ZSupportTicketSummary.parse(reply.json())).toMatchObject({
      status: 'answered',
      lastAuthor: 'owner',
      messageCount: 2,
    });
    expect(published(trader.account.id, ticket.id).at(-1)?.message.event).toMatchObject({
      status: 'answered',
    });

    const notices = ZNotificationList.parse((await call(trader, 'GET', '/notifications')).json());
    expect(notices.notifications[0]).toMatchObject({ type: 'support_reply', supportTicketId: ticket.id });
    await expect
      .poll(() => smtp.received.find((mail) => mail.to.includes('support-epic@example.test')), {
        timeout: 10_000,
      })
      .toMatchObject({ from: 'support@cdca.test' });
    const mail = smtp.received.find((received) => received.to.includes('support-epic@example.test'));
    expect(mail?.raw).toContain('Subject: Re: My SOL epic is stuck');

    const read = ZSupportThread.parse((await call(trader, 'GET', `/support/tickets/${ticket.id}`)).json());
    expect(read.messages.map((message) => [message.author, message.body])).toEqual([
      ['trader', opening.message],
      ['owner', 'The second level waits for the price to drop 5% below the first fill.'],
    ]);
    expect(read.epic?.id).toBe(epic.id);

    const answeredQueue = ZAdminSupportTicketList.parse(
      (await call(owner, 'GET', '/support/admin/tickets?status=answered')).json(),
    );
    expect(
      answeredQueue.tickets.find((row) => row.id === ticket.id)?.firstResponseSeconds,
    ).toBeGreaterThanOrEqual(0);
    expect(answeredQueue.medianFirstResponseSeconds).not.toBeNull();

    const followUp = await call(trader, 'POST', `/support/tickets/${ticket.id}/messages`, {
      message: 'Thanks!',
    });
    expect(ZSupportTicketSummary.parse(followUp.json())).toMatchObject({ status: 'open', messageCount: 3 });

    const closed = await call(trader, 'PATCH', `/support/tickets/${ticket.id}`, { status: 'closed' });
    expect(ZSupportTicketSummary.parse(closed.json()).status).toBe('closed');
    const refused = await call(trader, 'POST', `/support/tickets/${ticket.id}/messages`, {
      message: 'One more',
    });
    expect(refused.statusCode).toBe(409);
    expect(ZApiError.parse(refused.json()).message).toMatch(/closed.*Reopen/);
    const reopened = await call(trader, 'PATCH', `/support/tickets/${ticket.id}`, { status: 'open' });
    expect(ZSupportTicketSummary.parse(reopened.json()).status).toBe('open');
  });
});

describe('ownership', () => {
  it("keeps another trader's tickets, epics and payments out of reach", async () => {
    const alice = await traderWithKey(t, 'support-alice@example.test');
    const bob = await newTrader(t, 'support-bob@example.test', 'active');
    const aliceEpic = await newEpic(alice);
    const ticket = await openTicket(alice);

    for (const [method, url, body] of [
      ['GET', `/support/tickets/${ticket.id}`, undefined],
      ['POST', `/support/tickets/${ticket.id}/messages`, { message: 'Hijack' }],
      ['PATCH', `/support/tickets/${ticket.id}`, { status: 'closed' }],
    ] as const) {
      const response = await call(bob, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(ZApiError.parse(response.json()).code).toBe('not-found');
    }
    expect(ZSupportTicketList.parse((await call(bob, 'GET', '/support/tickets')).json()).tickets).toEqual([]);

    const linked = await call(bob, 'POST', '/support/tickets', { ...opening, epicId: aliceEpic.id });
    expect(linked.statusCode).toBe(400);
    expect(ZApiError.parse(linked.json())).toMatchObject({ code: 'bad-request', message: /your own epics/ });
    const unknownPayment = await call(bob, 'POST', '/support/tickets', {
      ...opening,
      paymentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(ZApiError.parse(unknownPayment.json())).toMatchObject({
      code: 'bad-request',
      message: /own payments/,
    });

    // The owner's side is for owners only.
    for (const [method, url, body] of [
      ['GET', '/support/admin/tickets', undefined],
      ['GET', `/support/admin/tickets/${ticket.id}`, undefined],
      ['POST', `/support/admin/tickets/${ticket.id}/messages`, { message: 'I am the owner now' }],
      ['PATCH', `/support/admin/tickets/${ticket.id}`, { status: 'closed' }],
    ] as const) {
      const response = await call(alice, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('bad input', () => {
  it.each([
    ['a short subject', 'POST', '/support/tickets', { ...opening, subject: 'Hi' }, /at least 3 characters/],
    ['a short message', 'POST', '/support/tickets', { ...opening, message: 'help' }, /at least 20/],
    [
      'an epic and a payment at once',
      'POST',
      '/support/tickets',
      {
        ...opening,
        epicId: '00000000-0000-4000-8000-000000000001',
        paymentId: '00000000-0000-4000-8000-000000000002',
      },
      /not both/,
    ],
    ['a ticket id that is not one', 'GET', '/support/tickets/123', undefined, /Not a ticket id/],
    [
      'an empty reply',
      'POST',
      '/support/tickets/00000000-0000-4000-8000-000000000000/messages',
      { message: ' ' },
      /Write your reply/,
    ],
    [
      'an unknown status',
      'PATCH',
      '/support/tickets/00000000-0000-4000-8000-000000000000',
      { status: 'answered' },
      /reopened/,
    ],
    ['an unknown queue filter', 'GET', '/support/admin/tickets?status=pending', undefined, /status/],
  ] as const)('refuses %s with 400 and a message', async (_case, method, url, body, message) => {
    const caller = url.includes('/admin/')
      ? owner
      : await newTrader(t, `bad-${Math.random()}@example.test`, 'active');
    const response = await call(caller, method, url, body);
    expect(response.statusCode, response.body).toBe(400);
    const error = ZApiError.parse(response.json());
    expect(error.code).toBe('validation-failed');
    expect(`${error.message} ${JSON.stringify(error.details)}`).toMatch(message);
  });
});

describe('public tickets', () => {
  it('join the account with the same e-mail when it lists its tickets, and their answers go by e-mail', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support-tickets',
      remoteAddress: '203.0.113.90',
      payload: {
        email: 'Later-Trader@example.test',
        topic: 'billing',
        subject: 'Paying with USDC',
        message: 'Can I pay the Standard plan with USDC on another network than Ethereum?',
      },
    });
    const ticket = ZSupportTicket.parse(sent.json());
    const answer = await call(owner, 'POST', `/support/admin/tickets/${ticket.id}/messages`, {
      message: 'Yes: USDC on Base works too.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    await expect
      .poll(() => smtp.received.some((mail) => mail.to.includes('Later-Trader@example.test')), {
        timeout: 10_000,
      })
      .toBe(true);

    const trader = await newTrader(t, 'later-trader@example.test', 'active');
    const mine = ZSupportTicketList.parse((await call(trader, 'GET', '/support/tickets')).json());
    expect(mine.tickets).toEqual([
      expect.objectContaining({ id: ticket.id, status: 'answered', messageCount: 2 }),
    ]);
    const queue = ZAdminSupportTicketList.parse((await call(owner, 'GET', '/support/admin/tickets')).json());
    expect(queue.tickets.find((row) => row.id === ticket.id)?.accountId).toBe(trader.account.id);
  });
});

describe('first-response time', () => {
  it('is the time to the first owner reply; the queue shows the median over its filter', async () => {
    const trader = await newTrader(t, 'support-partner@example.test', 'active');
    const partners = { ...opening, topic: 'partners', subject: 'Partner payouts' };
    const [fast, slow, waiting] = [
      await openTicket(trader, partners),
      await openTicket(trader, partners),
      await openTicket(trader, partners),
    ];
    for (const ticket of [fast, slow]) {
      const answer = await call(owner, 'POST', `/support/admin/tickets/${ticket?.id}/messages`, {
        message: 'On it.',
      });
      expect(answer.statusCode).toBe(201);
    }
    // Fixed times instead of the wall clock: 1 and 3 minutes to the first answer.
    const at = (iso: string) => new Date(iso);
    const times = [
      [fast, at('2026-03-02T09:00:00Z'), at('2026-03-02T09:01:00Z')],
      [slow, at('2026-03-02T10:00:00Z'), at('2026-03-02T10:03:00Z')],
    ] as const;
    for (const [ticket, createdAt, firstResponseAt] of times) {
      await t.database.db
        .update(supportTickets)
        .set({ createdAt, firstResponseAt })
        .where(eq(supportTickets.id, ticket?.id ?? ''));
    }
    const queue = ZAdminSupportTicketList.parse(
      (await call(owner, 'GET', '/support/admin/tickets?topic=partners')).json(),
    );
    const seconds = new Map(queue.tickets.map((row) => [row.id, row.firstResponseSeconds]));
    expect([
      seconds.get(fast?.id ?? ''),
      seconds.get(slow?.id ?? ''),
      seconds.get(waiting?.id ?? ''),
    ]).toEqual([60, 180, null]);
    expect(queue.medianFirstResponseSeconds).toBe(120);
    const open = ZAdminSupportTicketList.parse(
      (await call(owner, 'GET', '/support/admin/tickets?topic=partners&status=open')).json(),
    );
    expect(open).toEqual({
      tickets: [expect.objectContaining({ id: waiting?.id })],
      medianFirstResponseSeconds: null,
    });
  });
});
