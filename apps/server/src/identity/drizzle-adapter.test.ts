import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Database } from '../db/client.ts';
import { oidcPayloads } from '../db/schema.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { DrizzleAdapter, purgeExpiredOidcPayloads } from './drizzle-adapter.ts';

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe('DrizzleAdapter', () => {
  test('upserts and finds a payload by id, uid and user code', async () => {
    const sessions = new DrizzleAdapter(database.db, 'Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a2' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a2' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a2' });

    const codes = new DrizzleAdapter(database.db, 'DeviceCode');
    await codes.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await codes.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
  });

  test('keeps models apart even with the same id', async () => {
    await new DrizzleAdapter(database.db, 'Session').upsert('same', { accountId: 'session' }, 60);
    await new DrizzleAdapter(database.db, 'Grant').upsert('same', { accountId: 'grant' }, 60);
    expect(await new DrizzleAdapter(database.db, 'Grant').find('same')).toEqual({ accountId: 'grant' });
  });

  test('ignores expired rows and purges them', async () => {
    const adapter = new DrizzleAdapter(database.db, 'Interaction');
    await adapter.upsert('old', { uid: 'old' }, -1);
    await adapter.upsert('forever', { uid: 'forever' });
    expect(await adapter.find('old')).toBeUndefined();
    expect(await adapter.findByUid('old')).toBeUndefined();
    expect(await adapter.find('forever')).toEqual({ uid: 'forever' });
    expect(await purgeExpiredOidcPayloads(database.db)).toBe(1);
    const left = await database.db.select({ id: oidcPayloads.id }).from(oidcPayloads);
    expect(left).toEqual([{ id: 'forever' }]);
  });

  test('marks a payload consumed without losing it', async () => {
    const adapter = new DrizzleAdapter(database.db, 'RefreshToken');
    await adapter.upsert('r1', { grantId: 'g1' }, 60);
    await adapter.consume('r1');
    const found = await adapter.find('r1');
    expect(found?.grantId).toBe('g1');
    expect(found?.consumed).toEqual(expect.any(Number));
  });

  test('destroys one payload and revokes a whole grant within its model', async () => {
    const refresh = new DrizzleAdapter(database.db, 'RefreshToken');
    const codes = new DrizzleAdapter(database.db, 'AuthorizationCode');
    await refresh.upsert('r1', { grantId: 'g1' }, 60);
    await refresh.upsert('r2', { grantId: 'g1' }, 60);
    await refresh.upsert('r3', { grantId: 'g2' }, 60);
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await refresh.revokeByGrantId('g1');
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await refresh.find('r2')).toBeUndefined();
    expect(await refresh.find('r3')).toBeDefined();
    expect(await codes.find('c1')).toBeDefined();
    await refresh.destroy('r3');
    expect(await refresh.find('r3')).toBeUndefined();
  });
});

describe('bearer token ids at rest', () => {
  test('a refresh token is stored under its hash, without its value, and found by its value', async () => {
    const tokens = new DrizzleAdapter(database.db, 'RefreshToken');
    const value = 'refresh-token-value-the-client-holds';
    await tokens.upsert(value, { jti: value, accountId: 'a1', grantId: 'g1' }, 60);

    const rows = await database.db.select().from(oidcPayloads);
    expect(JSON.stringify(rows)).not.toContain(value);
    expect(await tokens.find(value)).toEqual({ jti: value, accountId: 'a1', grantId: 'g1' });
    expect(await tokens.find(rows[0]?.id ?? '')).toBeUndefined();

    await tokens.consume(value);
    expect(await tokens.find(value)).toMatchObject({ consumed: expect.any(Number) });
    await tokens.destroy(value);
    expect(await tokens.find(value)).toBeUndefined();
  });

  test('still finds a refresh token stored in clear by an earlier version', async () => {
    await database.db
      .insert(oidcPayloads)
      .values({ model: 'RefreshToken', id: 'legacy', payload: { jti: 'legacy', accountId: 'a1' } });
    expect(await new DrizzleAdapter(database.db, 'RefreshToken').find('legacy')).toMatchObject({
      accountId: 'a1',
    });
  });
});
