import type { Fill, Order } from '@cdca/engine';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeCredentials, PriceTick, UserEvent } from '../../exchange.ts';
import type { ExchangeContractHarness } from './contract-harness.ts';
import {
  balanceOf,
  eventually,
  expectDecimal,
  expectExchangeError,
  newClientOrderId,
  sum,
} from './contract-helpers.ts';
import { describeOrderContract } from './order-contract.ts';

export type ContractContext = {
  harness: () => ExchangeContractHarness;
  /** A trading key (view + trade, no transfer) whose portfolio holds `usd` more USD. */
  trader: (usd?: string) => Promise<ExchangeCredentials>;
};

const BTC = 'BTC-USD';

/**
 * The behaviour every Exchange adapter must share. Run it from a `*.contract.test.ts` beside the adapter:
 * `describeExchangeContract('paper', async () => harness)`. Error kinds the suite pins down:
 * unknown product on placeOrder → product-unavailable; unknown product on getProduct/getTicker → not-found;
 * unknown order id on getOrder → not-found; bad or revoked key → unauthorized; missing permission → forbidden.
 */
export const describeExchangeContract = (
  name: string,
  createHarness: () => Promise<ExchangeContractHarness>,
) => {
  describe(`${name}: Exchange contract`, () => {
    let harness: ExchangeContractHarness | undefined;
    const h = () => {
      if (!harness) throw new Error('harness not created');
      return harness;
    };
    const trader = async (usd = '100000') => {
      const credentials = await h().mintKey({ canView: true, canTrade: true, canTransfer: false });
      await h().fund(credentials, 'USD', usd);
      return credentials;
    };
    const context: ContractContext = { harness: h, trader };

    beforeAll(async () => {
      harness = await createHarness();
      await harness.setPrice(BTC, '60000.00');
    });
    afterAll(async () => {
      await harness?.close();
    });

    describe('market data', () => {
      it('lists products with increments and minimums', async () => {
        const products = await h().exchange.market.listProducts();
        expect(products.length).toBeGreaterThan(0);
        for (const product of products) {
          for (const field of ['baseIncrement', 'quoteIncrement', 'priceIncrement', 'baseMinSize'] as const) {
            expect(new Decimal(product[field]).gt(0), `${product.id} ${field}`).toBe(true);
          }
          expect(new Decimal(product.quoteMinSize).gte(0)).toBe(true);
          expect(product.id).toBe(`${product.baseCurrency}-${product.quoteCurrency}`);
        }
        const btc = await h().exchange.market.getProduct(BTC);
        expect(btc).toMatchObject({ baseCurrency: 'BTC', quoteCurrency: 'USD', status: 'online' });
        expect(btc.baseName).toBe('Bitcoin');
        expectDecimal(btc.priceIncrement, '0.01');
      });

      it('answers not-found for a product that does not exist', async () => {
        await expectExchangeError(h().exchange.market.getProduct('NOPE-USD'), 'not-found');
        await expectExchangeError(h().exchange.market.getTicker('NOPE-USD'), 'not-found');
      });

      it('quotes a ticker with bid ≤ price ≤ ask', async () => {
        const ticker = await h().exchange.market.getTicker(BTC);
        expect(new Decimal(ticker.bid).lte(ticker.price)).toBe(true);
        expect(new Decimal(ticker.price).lte(ticker.ask)).toBe(true);
        expect(new Decimal(ticker.bid).lt(ticker.ask)).toBe(true);
      });

      it('returns candles oldest first with consistent highs and lows', async () => {
        const end = new Date();
        for (const [granularity, hours] of [
          ['ONE_HOUR', 23],
          ['FIVE_MINUTE', 2],
        ] as const) {
          const start = new Date(end.getTime() - hours * 3_600_000);
          const candles = await h().exchange.market.getCandles(BTC, { start, end, granularity });
          expect(candles.length).toBeGreaterThan(0);
          for (const [i, c] of candles.entries()) {
            const previous = candles[i - 1];
            if (previous) expect(c.start.getTime()).toBeGreaterThan(previous.start.getTime());
            expect(new Decimal(c.low).lte(Decimal.min(c.open, c.close))).toBe(true);
            expect(new Decimal(c.high).gte(Decimal.max(c.open, c.close))).toBe(true);
            expect(new Decimal(c.volume).gte(0)).toBe(true);
          }
        }
      });

      it('streams price ticks for subscribed products', async () => {
        const ticks: PriceTick[] = [];
        const unsubscribe = h().exchange.market.subscribeTicks([BTC], (tick) => ticks.push(tick));
        try {
          await new Promise((resolve) => setTimeout(resolve, 50));
          await h().setPrice(BTC, '60100.00');
          const tick = await eventually(
            async () => ticks.find((t) => new Decimal(t.price).eq('60100')),
            'a tick at 60100',
          );
          expect(tick.productId).toBe(BTC);
          expect(new Decimal(tick.bid).lte(tick.price) && new Decimal(tick.price).lte(tick.ask)).toBe(true);
        } finally {
          unsubscribe();
          await h().setPrice(BTC, '60000.00');
        }
      });
    });

    describe('keys and balances', () => {
      it('reports the permissions a key was minted with', async () => {
        for (const perms of [
          { canView: true, canTrade: true, canTransfer: false },
          { canView: true, canTrade: false, canTransfer: false },
          { canView: true, canTrade: true, canTransfer: true },
        ]) {
          const credentials = await h().mintKey(perms);
          const reported = await h().exchange.account(credentials).getKeyPermissions();
          expect(reported).toMatchObject(perms);
          expect(reported.portfolioId).not.toBe('');
        }
      });

      it('refuses an unknown key and a key signed with the wrong private key', async () => {
        const real = await h().mintKey({ canView: true, canTrade: true, canTransfer: false });
        const other = await h().mintKey({ canView: true, canTrade: true, canTransfer: false });
        const unknown = {
          keyName: real.keyName.replace(/apiKeys\/.*/, 'apiKeys/0000'),
          privateKey: real.privateKey,
        };
        const wrong = { keyName: real.keyName, privateKey: other.privateKey };
        const garbage = { keyName: real.keyName, privateKey: 'not a key' };
        for (const credentials of [unknown, wrong, garbage]) {
          await expectExchangeError(h().exchange.account(credentials).getBalances(), 'unauthorized');
        }
      });

      it('credits funded balances', async () => {
        const credentials = await h().mintKey({ canView: true, canTrade: true, canTransfer: false });
        const account = h().exchange.account(credentials);
        const before = await balanceOf(account, 'USD');
        await h().fund(credentials, 'USD', '1234.56');
        const after = await balanceOf(account, 'USD');
        expectDecimal(new Decimal(after.available).sub(before.available), '1234.56');
        expectDecimal(after.hold, '0');
      });

      it('forbids trading with a view-only key', async () => {
        const credentials = await h().mintKey({ canView: true, canTrade: false, canTransfer: false });
        await h().fund(credentials, 'USD', '1000');
        const request = {
          type: 'limit' as const,
          clientOrderId: newClientOrderId(),
          productId: BTC,
          side: 'buy' as const,
          baseSize: '0.001',
          limitPrice: '50000.00',
          postOnly: true,
        };
        await expectExchangeError(h().exchange.account(credentials).placeOrder(request), 'forbidden');
      });
    });

    describeOrderContract(context);

    describe('fills and events', () => {
      it('fills a resting limit buy once the price crosses it, with events and listFills', async () => {
        const account = h().exchange.account(await trader());
        const events: UserEvent[] = [];
        const unsubscribe = account.subscribeUserEvents((event) => events.push(event));
        try {
          await new Promise((resolve) => setTimeout(resolve, 50));
          const since = new Date(Date.now() - 1_000);
          const order = await account.placeOrder({
            type: 'limit',
            clientOrderId: newClientOrderId(),
            productId: BTC,
            side: 'buy',
            baseSize: '0.001',
            limitPrice: '57000.00',
            postOnly: true,
          });
          expect(order.status).toBe('open');
          expectDecimal(order.filledSize, '0');
          await h().setPrice(BTC, '56000.00');
          const filled = await eventually(async () => {
            const o = await account.getOrder(order.id);
            return o.status === 'filled' ? o : undefined;
          }, 'the order to fill');
          expectDecimal(filled.filledSize, '0.001');
          expect(filled.doneAt).not.toBeNull();
          const fills = await account.listFills({ since, productId: BTC });
          const mine = fills.filter((f) => f.orderId === order.id);
          expect(mine.length).toBeGreaterThan(0);
          for (const fill of mine) {
            expect(fill.liquidity).toBe('maker');
            expect(new Decimal(fill.price).lte('57000')).toBe(true);
            expect(fill.clientOrderId).toBe(order.clientOrderId);
          }
          expectDecimal(sum(mine.map((f) => f.size)), '0.001');
          await eventually(
            async () =>
              events.some((e) => e.type === 'fill' && e.fill.orderId === order.id) ? true : undefined,
            'a fill event',
          );
          await eventually(
            async () =>
              events.some((e) => e.type === 'order' && e.order.id === order.id && e.order.status === 'filled')
                ? true
                : undefined,
            'a filled order event',
          );
        } finally {
          unsubscribe();
          await h().setPrice(BTC, '60000.00');
        }
      });

      it('fills a large order partially over several price updates, the fills summing to the order', async () => {
        const account = h().exchange.account(await trader());
        const order = await account.placeOrder({
          type: 'limit',
          clientOrderId: newClientOrderId(),
          productId: BTC,
          side: 'buy',
          baseSize: '0.1',
          limitPrice: '57000.00',
          postOnly: true,
        });
        let current: Order = order;
        for (let i = 0; i < 40 && current.status !== 'filled'; i++) {
          await h().setPrice(BTC, i % 2 === 0 ? '56000.00' : '55990.00');
          current = await account.getOrder(order.id);
        }
        current = await eventually(async () => {
          const o = await account.getOrder(order.id);
          return o.status === 'filled' ? o : undefined;
        }, 'the large order to fill');
        const fills = await eventually(async () => {
          const all = await account.listFills({ since: order.createdAt, productId: BTC });
          const mine = all.filter((f: Fill) => f.orderId === order.id);
          return sum(mine.map((f) => f.size)).eq('0.1') ? mine : undefined;
        }, 'fills summing to the order');
        expect(fills.length).toBeGreaterThan(1);
        expect(new Set(fills.map((f) => f.tradeId)).size).toBe(fills.length);
        expectDecimal(current.filledSize, '0.1');
        expectDecimal(
          current.filledValue,
          sum(fills.map((f) => new Decimal(f.price).mul(f.size).toString())),
        );
        expectDecimal(current.totalFees, sum(fills.map((f) => f.fee)));
        await h().setPrice(BTC, '60000.00');
      });
    });
  });
};
