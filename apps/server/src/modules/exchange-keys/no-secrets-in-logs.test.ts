import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { newTrader } from '../../testing/traders.ts';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ venue: 'persistent' });
  // Every log line the app writes from here on, at the most verbose level, lands in `lines`.
  Reflect.set(t.app.log, pino.symbols.streamSym, { write: (line: string) => lines.push(line) });
  t.app.log.level = 'trace';
});
afterAll(() => t.close());

describe('key material', () => {
  it('never appears in a log line, an answer or a realtime event', async () => {
    const trader = await newTrader(t, 'secrets@example.test', 'pending-keys');
    const answers: string[] = [];
    const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
      const response = await t.app.inject({
        method,
        url,
        headers: trader.headers,
        ...(payload ? { payload } : {}),
      });
      answers.push(response.body);
      return response;
    };
    const mint = async (permissions: object) => {
      const response = await call('POST', '/api/v1/paper/keys', permissions);
      return response.json<{ keyName: string; privateKey: string }>();
    };

    const refused = await mint({ canView: true, canTrade: true, canTransfer: true });
    const good = await mint({ canView: true, canTrade: true, canTransfer: false });
    // The mint answer is the one place a (paper) key is shown; every other answer is checked below.
    answers.length = 0;

    expect((await call('POST', '/api/v1/exchange-keys', refused)).statusCode).toBe(422);
    expect((await call('POST', '/api/v1/exchange-keys', { ...good, keyName: 'bad name' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', '/api/v1/exchange-keys', { ...good, privateKey: refused.privateKey })).statusCode,
    ).toBe(422);
    t.outage.down = true;
    expect((await call('POST', '/api/v1/exchange-keys', good)).statusCode).toBe(503);
    t.outage.down = false;
    expect((await call('POST', '/api/v1/exchange-keys', good)).statusCode).toBe(200);
    await call('GET', '/api/v1/exchange-keys/current');
    await call('GET', '/api/v1/exchange-account');
    await call('POST', '/api/v1/onboarding/coinbase-account', {});
    await call('DELETE', '/api/v1/exchange-keys/current');

    const secrets = [good, refused].flatMap(({ keyName, privateKey }) => [
      ...keyName.split('/').filter((part) => /^[0-9a-f-]{36}$/.test(part)),
      ...privateKey.split('\n').filter((line) => line.length > 20 && !line.startsWith('-----')),
    ]);
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    expect(lines.length).toBeGreaterThan(10);
    const logs = lines.join('\n');
    const events = JSON.stringify(t.published);
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      expect(events).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
    }
    expect(logs).not.toContain('PRIVATE KEY');
  });
});
