import type { OrderRequest } from '@cdca/engine';
import { ExchangeError } from '@cdca/engine';
import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from '../exchange.ts';
import type { FakeBehaviours } from '../testing/coinbase-fake/fake-context.ts';
import { type FakeCoinbase, startFakeCoinbase } from '../testing/coinbase-fake/start-fake-coinbase.ts';
import { createStubVenue, type StubVenue } from '../testing/stub-venue.ts';
import { createCoinbaseExchange } from './coinbase-exchange.ts';

const ORDERS = '/api/v3/brokerage/orders';

const limitBuy = (clientOrderId: string): OrderRequest => ({
  type: 'limit',
  clientOrderId,
  productId: 'BTC-USD',
  side: 'buy',
  baseSize: '0.001',
  limitPrice: '50000.00',
  postOnly: true,
});

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExchangeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

let open: { fake: FakeCoinbase; exchanges: Exchange[] }[] = [];
afterEach(async () => {
  for (const { fake, exchanges } of open) {
    for (const exchange of exchanges) await exchange.close();
    await fake.close();
  }
  open = [];
});

/** A fake Coinbase answering its undocumented cases one way, and an adapter (a process) talking to it. */
const setUp = async (behaviours: Partial<FakeBehaviours>) => {
  const venue: StubVenue = createStubVenue();
  const fake = await startFakeCoinbase({ venue, behaviours });
  const exchanges: Exchange[] = [];
  const process = () => {
    const exchange = createCoinbaseExchange({ baseUrl: fake.baseUrl, wsUrl: fake.wsUrl, timeoutMs: 2_000 });
    exchanges.push(exchange);
    return exchange;
  };
  open.push({ fake, exchanges });
  const key = venue.mintKey();
  return { venue, fake, key, process };
};

const VARIANTS: Partial<FakeBehaviours>[] = (
  ['original-order', 'failure-duplicate', 'failure-unnamed'] as const
).flatMap((duplicateClientOrderId) =>
  (['immediate', 'not-found-once'] as const).map((readAfterCreate) => ({
    duplicateClientOrderId,
    readAfterCreate,
  })),
);

describe.each(VARIANTS)('placing orders when Coinbase answers %o', (behaviours) => {
  it('returns the one order for a repeated client order id, and reads a fresh order that lags', async () => {
    const { venue, key, process } = await setUp(behaviours);
    const account = process().account(key);
    const first = await account.placeOrder(limitBuy('again-1'));
    expect(first).toMatchObject({ clientOrderId: 'again-1', status: 'open' });
    expect((await account.placeOrder(limitBuy('again-1'))).id).toBe(first.id);
    expect(venue.ordersOf(key.keyName)).toHaveLength(1);
  });

  it('resolves a lost create answer by looking the order up, never by placing it again', async () => {
    const { venue, fake, key, process } = await setUp(behaviours);
    fake.failNext({ drop: true, afterCommit: true, path: ORDERS });
    const order = await process().account(key).placeOrder(limitBuy('lost-1'));
    expect(order.clientOrderId).toBe('lost-1');
    fake.failNext({ status: 503, afterCommit: true, path: ORDERS });
    const second = await process().account(key).placeOrder(limitBuy('lost-2'));
    expect(second.clientOrderId).toBe('lost-2');
    expect(venue.ordersOf(key.keyName).map((o) => o.clientOrderId)).toEqual(['lost-1', 'lost-2']);
  });
});

describe('a create whose answer is lost, then the process dies', () => {
  it('leaves one order on the venue when the retry gets a duplicate-id failure that does not say so', async () => {
    const { venue, fake, key, process } = await setUp({ duplicateClientOrderId: 'failure-unnamed' });
    // The venue takes the order, the answer never arrives, and the lookup fails too: the caller cannot know.
    fake.failNext({ drop: true, afterCommit: true, path: ORDERS });
    fake.failNext({ status: 503, times: 1, path: `${ORDERS}/historical` });
    const lost = await failure(process().account(key).placeOrder(limitBuy('kill-1')));
    expect(lost.kind).toBe('unavailable');
    expect(venue.ordersOf(key.keyName)).toHaveLength(1);
    // A new process retries with the same client order id: Coinbase refuses it without naming the duplicate.
    const retried = await process().account(key).placeOrder(limitBuy('kill-1'));
    expect(venue.ordersOf(key.keyName)).toEqual([
      expect.objectContaining({ id: retried.id, clientOrderId: 'kill-1' }),
    ]);
  });

  it('still fails a refusal when no order exists under the client order id', async () => {
    const { venue, key, process } = await setUp({ duplicateClientOrderId: 'failure-unnamed' });
    venue.rejectNext(new ExchangeError('insufficient-funds', 'Insufficient balance in source account'));
    const refused = await failure(process().account(key).placeOrder(limitBuy('poor-1')));
    expect(refused.kind).toBe('insufficient-funds');
    expect(venue.ordersOf(key.keyName)).toHaveLength(0);
  });
});
