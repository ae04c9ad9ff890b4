import { randomBytes } from 'node:crypto';
import type { TEpicInputs } from '@cdca/contracts';
import type { Exchange, ExchangeCredentials } from '@cdca/exchange';
import { pino } from 'pino';
import {
  buildEpicsTestApp as createEpicsTestApp,
  type EpicsTestApp,
} from '../../modules/epics/testing/epics.fixture.ts';
import { appForEachTest } from '../../testing/app-lifecycle.ts';
import { newTrader, type Trader } from '../../testing/traders.ts';
import { createEngine } from '../create-engine.ts';
import type { EngineDeps, KeysAccess } from '../engine-deps.ts';
import { threeLevelsBelow } from './engine-assertions.ts';

/**
 * A fresh epics test app for every test of the calling file (or describe block), closed after it. Its market holds
 * the prices the test sets (`drive`), so what the engine buys never depends on how fast the machine is.
 */
export const epicsTestAppPerTest = () => appForEachTest(() => createEpicsTestApp({ marketWalks: false }));

/**
 * Keys as the engine reads them. The epics test app seals stored keys under a master key it does not expose, so
 * tests keep the minted credentials here (the same ones stored through POST /exchange-keys).
 */
export const createTestKeys = () => {
  const byAccount = new Map<string, ExchangeCredentials>();
  const keys: KeysAccess = { credentialsFor: async (accountId) => byAccount.get(accountId) };
  return { keys, byAccount };
};

/** An active trader with a paper trade key connected through the API, funded with `usd`. */
export const keyedTrader = async (
  t: EpicsTestApp,
  store: ReturnType<typeof createTestKeys>,
  usd = '10000',
): Promise<Trader & { key: ExchangeCredentials }> => {
  const trader = await newTrader(t, `engine-${randomBytes(4).toString('hex')}@example.test`, 'active');
  const key = await t.paper.mintKey({ canView: true, canTrade: true, canTransfer: false });
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/exchange-keys',
    headers: trader.headers,
    payload: { keyName: key.keyName, privateKey: key.privateKey },
  });
  if (submitted.statusCode !== 200) throw new Error(`key not connected: ${submitted.body}`);
  const balance =
    (await t.paper.account(key).getBalances()).find((b) => b.currency === 'USD')?.available ?? '0';
  if (balance !== usd) await t.paper.fund(key.keyName, 'USD', (Number(usd) - Number(balance)).toFixed(2));
  store.byAccount.set(trader.account.id, key);
  return { ...trader, key };
};

export const engineFor = (t: EpicsTestApp, keys: KeysAccess, overrides: Partial<EngineDeps> = {}) =>
  createEngine({
    db: t.database.db,
    bus: t.bus,
    exchange: t.paper as Exchange,
    keys,
    workerId: `test-${randomBytes(3).toString('hex')}`,
    leaseMs: 60_000,
    reconcileEveryMs: 0,
    requestsPerSecond: 1000,
    log: pino({ level: 'silent' }),
    ...overrides,
  });

export const createEpic = async (
  t: EpicsTestApp,
  headers: Record<string, string>,
  symbol: string,
  inputs: TEpicInputs,
) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/epics',
    headers,
    payload: { coinId: t.coinId(symbol), inputs },
  });
  if (response.statusCode >= 300) throw new Error(`epic not created: ${response.body}`);
  return response.json() as { id: string };
};

/** A trader funded with `usd`, its keys in a fresh store, and one epic on SOL-USD created at a market of 100.00. */
export const epicOnSolAt100 = async (
  t: EpicsTestApp,
  inputs: TEpicInputs = threeLevelsBelow(),
  usd = '10000',
) => {
  const store = createTestKeys();
  const trader = await keyedTrader(t, store, usd);
  await t.paper.setPrice('SOL-USD', '100.00');
  const { id } = await createEpic(t, trader.headers, 'SOL-USD', inputs);
  return { store, trader, id };
};
