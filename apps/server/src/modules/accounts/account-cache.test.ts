import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { makeOwner, newTrader, type Trader } from '../../testing/traders.ts';
import { createAccountCache } from './account-cache.ts';
import { accountNoticesHeard, isAwaitingNotice, lastNoticeHeardFor } from './account-changes.ts';
import { createAccountsRepository } from './accounts.repository.ts';

/**
 * The access check keeps callers' rows in memory (account-cache.ts, docs/decisions/account-access.md). Whatever
 * changes a row, a deleted or deactivated account must be refused on its next request: each case first makes the
 * row held (two reads), then changes it, then asks once.
 */
const t = appForAllTests(() => buildTestApp());

const readOwnAccount = (app: TestApp['app'], trader: Trader) =>
  app.inject({ method: 'GET', url: `/api/v1/accounts/${trader.sub}`, headers: trader.headers });

/**
 * Reads the trader's own account twice, so its row is held. First its sign-up's notices must be in: until then the
 * row is only read from the database (on PostgreSQL they reach the LISTEN connection just after the commit).
 */
const holdRow = async (app: TestApp['app'], trader: Trader) => {
  await vi.waitFor(() => expect(isAwaitingNotice(trader.sub)).toBe(false));
  for (let read = 0; read < 2; read += 1) expect((await readOwnAccount(app, trader)).statusCode).toBe(200);
};

/** A route a deactivated account may not use: refused before its (here empty) body is even looked at. */
const connectKeys = (app: TestApp['app'], trader: Trader) =>
  app.inject({ method: 'POST', url: '/api/v1/exchange-keys', headers: trader.headers, payload: {} });

const setStatusAsOwner = async (app: TestApp['app'], owner: Trader, trader: Trader, status: string) => {
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/v1/accounts/admin/${trader.sub}`,
    headers: owner.headers,
    payload: { status },
  });
  expect(response.statusCode).toBe(200);
};

const ownerOf = async (email: string) => {
  const owner = await newTrader(t, email, 'active');
  await makeOwner(t, owner);
  return owner;
};

/** Holds a trader's row in `reader`, has an owner delete the account through the first app, then asks `reader` once. */
const expectRefusedRightAfterDeletion = async (reader: TestApp['app'], name: string) => {
  const owner = await ownerOf(`${name}-owner@example.test`);
  const trader = await newTrader(t, `${name}@example.test`, 'active');
  await holdRow(reader, trader);

  await setStatusAsOwner(t.app, owner, trader, 'deleted');

  const next = await readOwnAccount(reader, trader);
  expect(next.statusCode).toBe(401);
  expect(next.json().code).toBe('account-deleted');
};

describe('the access check after an account changes', () => {
  it('refuses an account an owner deleted on its very next request', async () => {
    await expectRefusedRightAfterDeletion(t.app, 'cache-deleted');
  });

  it('refuses a deactivated account what it may no longer do on its very next request', async () => {
    const owner = await ownerOf('cache-deactivating-owner@example.test');
    const trader = await newTrader(t, 'cache-deactivated@example.test', 'active');
    await holdRow(t.app, trader);
    // Active, the empty body is what is wrong.
    expect((await connectKeys(t.app, trader)).statusCode).toBe(400);

    await setStatusAsOwner(t.app, owner, trader, 'deactivated');

    const next = await connectKeys(t.app, trader);
    expect(next.statusCode).toBe(403);
    expect(next.json().code).toBe('account-deactivated');
  });

  it('answers the changed row, not the held one, right after a change', async () => {
    const trader = await newTrader(t, 'cache-renamed@example.test', 'active');
    await holdRow(t.app, trader);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${trader.sub}`,
      headers: trader.headers,
      payload: { firstName: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);

    expect((await readOwnAccount(t.app, trader)).json().firstName).toBe('Renamed');
  });

  it('sees a change written straight into the table once its notice is heard, whoever wrote it', async () => {
    const trader = await newTrader(t, 'cache-by-hand@example.test', 'active');
    await holdRow(t.app, trader);
    const heardBefore = accountNoticesHeard();

    await t.db.execute(sql`update accounts set status = 'deleted' where user_id = ${trader.sub}`);
    // PGlite hands the notice over with the commit; PostgreSQL sends it to the LISTEN connection just after.
    await vi.waitFor(() => expect(lastNoticeHeardFor(trader.sub)).toBeGreaterThan(heardBefore));

    expect((await readOwnAccount(t.app, trader)).statusCode).toBe(401);
  });

  it('in a second app on the same database, refuses an account the first one deleted, on its next request', async () => {
    const second = await buildTestApp({ database: t.database });
    try {
      await expectRefusedRightAfterDeletion(second.app, 'cache-two-apps');
    } finally {
      await second.close();
    }
  });
});

describe('the cache of callers rows', () => {
  it('reads a row once while nothing changes it, and again after a change', async () => {
    const trader = await newTrader(t, 'cache-reads@example.test', 'active');
    const repository = createAccountsRepository(t.db);
    const cache = await createAccountCache({ database: t.database, log: t.app.log });
    let reads = 0;
    const load = () => {
      reads += 1;
      return repository.findByUserId(trader.sub);
    };
    try {
      // Its sign-up wrote the row; until that write's notice is heard the row is only read from the database.
      await vi.waitFor(() => expect(isAwaitingNotice(trader.sub)).toBe(false));
      await cache.find(trader.sub, load);
      await cache.find(trader.sub, load);
      expect(reads).toBe(1);

      await repository.update(trader.sub, { firstName: 'Changed' });
      const after = await cache.find(trader.sub, load);
      expect(after?.firstName).toBe('Changed');
      expect(reads).toBe(2);
    } finally {
      await cache.close();
    }
  });
});
