import { randomBytes } from 'node:crypto';
import type { TAccountStatus } from '@cdca/contracts';
import { ZCoinList, ZMintedPaperKey } from '@cdca/contracts';
import { appForAllTests } from '../../../testing/app-lifecycle.ts';
import { buildTestApp, type TestApp, type TestAppOptions } from '../../../testing/test-app.ts';
import { newTrader, type Trader } from '../../../testing/traders.ts';

export type EpicsTestApp = TestApp & { coinId: (symbol: string) => string };

/** The real app on the real paper exchange (state in the same database), with the coin ids of its catalogue. */
export const buildEpicsTestApp = async (options: TestAppOptions = {}): Promise<EpicsTestApp> => {
  const t = await buildTestApp({ venue: 'persistent', ...options });
  const reader = await newTrader(t, `coins-reader-${randomBytes(4).toString('hex')}@example.test`, 'active');
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/coins?limit=200',
    headers: reader.headers,
  });
  const coins = new Map(ZCoinList.parse(response.json()).coins.map((coin) => [coin.symbol, coin.id]));
  return {
    ...t,
    coinId: (symbol) => {
      const id = coins.get(symbol);
      if (!id) throw new Error(`no coin ${symbol}`);
      return id;
    },
  };
};

/**
 * One epics test app shared by every test of the calling file, closed after the last one. Its market holds still
 * between the prices a test sets (docs/decisions/one-test-world.md): a test that reads the ask and then asks the
 * server to plan at it must not see the market walk in between on a busy machine (seen with a second copy of the
 * suite beside this one).
 */
export const epicsTestAppForAllTests = () => appForAllTests(() => buildEpicsTestApp({ marketWalks: false }));

/** A signed-up trader at `status`, with a paper trade key connected the way the keys step connects it. */
export const traderWithKey = async (
  t: Pick<TestApp, 'app' | 'database'>,
  email: string,
  status: TAccountStatus = 'active',
): Promise<Trader> => {
  const trader = await newTrader(t, email, status);
  const minted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/paper/keys',
    headers: trader.headers,
    payload: { canView: true, canTrade: true, canTransfer: false },
  });
  const key = ZMintedPaperKey.parse(minted.json());
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/exchange-keys',
    headers: trader.headers,
    payload: key,
  });
  if (submitted.statusCode !== 200) throw new Error(`key not connected: ${submitted.body}`);
  return trader;
};

/** A small valid ladder: 3 quadratic back-loaded levels below the price, $1,000. */
export const EPIC_TEST_INPUTS = {
  budget: '1000',
  dcaLevels: 3,
  scaling: 'quadratic',
  load: 'back',
  direction: 'below',
  buySpread: '5',
  sellSpread: '5',
  stopSpread: null,
};

/** An API call as this trader. */
export const callAs = (
  t: Pick<TestApp, 'as'>,
  trader: Trader,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) => t.as(trader).request(method, `/api/v1${url}`, payload);
