import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { testConfig } from './testing/test-config.ts';
import { createTestDatabase } from './testing/test-database.ts';
import { createExchange } from './venue.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const log = pino({ level: 'silent' });

describe('createExchange', () => {
  it('builds the paper exchange by default, with its levers and its state in our database', async () => {
    const { exchange, paper } = await createExchange({
      config: testConfig({ PAPER_SEED: '3' }),
      db: database.db,
      log,
    });
    try {
      expect(exchange.name).toBe('paper');
      expect(paper).toBeDefined();
      const products = await exchange.market.listProducts();
      expect(products.length).toBeGreaterThanOrEqual(30);
      const key = await paper?.mintKey({ canView: true, canTrade: true, canTransfer: false });
      expect(key?.keyName).toMatch(/^organizations\//);
    } finally {
      await exchange.close();
    }
  });

  it('builds the Coinbase adapter when EXCHANGE=coinbase, with no paper levers', async () => {
    const { exchange, paper } = await createExchange({
      config: testConfig({ EXCHANGE: 'coinbase', COINBASE_API_URL: 'http://127.0.0.1:9' }),
      db: database.db,
      log,
    });
    try {
      expect(exchange.name).toBe('coinbase');
      expect(paper).toBeUndefined();
    } finally {
      await exchange.close();
    }
  });
});
