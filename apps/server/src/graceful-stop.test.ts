import { connect, type Socket } from 'node:net';
import { REALTIME_PROTOCOL, REALTIME_TOKEN_PROTOCOL_PREFIX, ZEpic } from '@cdca/contracts';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { epicOrders, epics } from './modules/epics/epics.schema.ts';
import {
  buildEpicsTestApp,
  callAs,
  EPIC_TEST_INPUTS,
  traderWithKey,
} from './modules/epics/testing/epics.fixture.ts';
import { paperOrders } from './modules/paper/paper.schema.ts';
import type { Trader } from './testing/traders.ts';

/** Reads until `ready` holds; the test's own timeout is the only bound. */
const poll = async <T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> => {
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A TCP connection to the server, and a promise of the moment the server ends it. */
const openConnection = (port: number) =>
  new Promise<{ socket: Socket; ended: Promise<void> }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      resolve({ socket, ended: new Promise((done) => socket.once('close', () => done())) }),
    );
    socket.once('error', reject);
  });

/** The raw bytes of an HTTP/1.1 response read off the socket until the server ends it. */
const responseOn = (socket: Socket) => {
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return () => text;
};

const realtimeClient = (port: number, trader: Trader) =>
  new Promise<{ closed: Promise<number> }>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/cdca-ws`, [
      REALTIME_PROTOCOL,
      `${REALTIME_TOKEN_PROTOCOL_PREFIX}${trader.accessToken}`,
    ]);
    const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)));
    ws.once('open', () => resolve({ closed }));
    ws.once('error', reject);
  });

/**
 * A graceful stop (docs/decisions/shutdown.md) with what a browser leaves open: a live epic the engine works, a
 * realtime socket, a keep-alive connection that has been used, one that never sent a request (a preconnect), and a
 * request under way. Node's `server.close()` alone waited for the silent connection for good.
 */
it('a graceful stop with live epics and open connections ends, answering the request under way', async () => {
  const t = await buildEpicsTestApp({ env: { ENGINE: 'on' } });
  let closed = false;
  try {
    const trader = await traderWithKey(t, 'graceful-stop@example.test');
    const created = await callAs(t, trader, 'POST', '/epics', {
      coinId: t.coinId('BTC-USD'),
      inputs: EPIC_TEST_INPUTS,
    });
    expect(created.statusCode, created.body).toBe(201);
    const epicId = ZEpic.parse(created.json()).id;
    const ordersOfEpic = () => t.db.select().from(epicOrders).where(eq(epicOrders.epicId, epicId));
    // Live: the engine holds the epic and has its buy orders on the venue.
    await poll(ordersOfEpic, (rows) => rows.some((row) => row.status === 'open'));

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('expected a TCP address');
    const { port } = address;

    const realtime = await realtimeClient(port, trader);
    const silent = await openConnection(port);
    const used = await openConnection(port);
    const usedResponse = responseOn(used.socket);
    used.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await poll(
      async () => usedResponse(),
      (text) => text.includes('"status"'),
    );
    // Under way: the headers are in, the body is not, so the route has not answered yet.
    const body = JSON.stringify({ coinId: t.coinId('BTC-USD'), inputs: EPIC_TEST_INPUTS });
    const underWay = await openConnection(port);
    const underWayResponse = responseOn(underWay.socket);
    const requestSeen = new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
    underWay.socket.write(
      `POST /api/v1/epics/preview HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${trader.headers.authorization}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await requestSeen;

    // The rest of the body comes once the drain has begun (it ends the silent connection first): the request is
    // still under way then, and must be answered before its connection ends.
    void silent.ended.then(() => underWay.socket.write(body.slice(10)));
    await t.app.close();
    closed = true;

    // The server ended every connection itself (none of them closes on its own), the socket saying "going away".
    expect(await realtime.closed).toBe(1001);
    await Promise.all([silent.ended, used.ended, underWay.ended]);
    expect(underWayResponse()).toMatch(/^HTTP\/1\.1 200 /);
    expect(underWayResponse()).toMatch(/\r\nconnection: close\r\n/i);

    // Left consistent: the lease is given back, the epic still runs, and what the engine holds open is on the venue.
    const [epic] = await t.db.select().from(epics).where(eq(epics.id, epicId));
    expect(epic?.status).toBe('active');
    expect(epic?.leaseOwner).toBeNull();
    const orders = await ordersOfEpic();
    expect(orders.filter((order) => order.status === 'intent')).toEqual([]);
    const open = orders.filter((order) => order.status === 'open').map((order) => order.clientOrderId);
    const onVenue = await t.db
      .select({ clientOrderId: paperOrders.clientOrderId })
      .from(paperOrders)
      .where(inArray(paperOrders.clientOrderId, open));
    expect(onVenue.map((order) => order.clientOrderId).sort()).toEqual([...open].sort());
  } finally {
    if (!closed) await t.app.close();
    await t.bus.close();
    await t.paper.close();
    await t.database.close();
  }
});
