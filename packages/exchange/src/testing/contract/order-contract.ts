import type { LimitOrderRequest } from '@cdca/engine';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { balanceOf, expectDecimal, expectExchangeError, newClientOrderId } from './contract-helpers.ts';
import type { ContractContext } from './exchange-contract.ts';

const BTC = 'BTC-USD';

const restingBuy = (overrides: Partial<LimitOrderRequest> = {}): LimitOrderRequest => ({
  type: 'limit',
  clientOrderId: newClientOrderId(),
  productId: BTC,
  side: 'buy',
  baseSize: '0.001',
  limitPrice: '50000.00',
  postOnly: true,
  ...overrides,
});

/** Order placement, validation, holds, cancels and fees (BTC-USD sits at 60,000 throughout). */
export const describeOrderContract = ({ harness: h, trader }: ContractContext) => {
  describe('orders', () => {
    it('holds quote for a resting buy and releases it on cancel', async () => {
      const account = h().exchange.account(await trader('10000'));
      const before = await balanceOf(account, 'USD');
      const order = await account.placeOrder(restingBuy());
      expect(order).toMatchObject({
        status: 'open',
        productId: BTC,
        side: 'buy',
        type: 'limit',
        postOnly: true,
      });
      const held = await balanceOf(account, 'USD');
      expect(new Decimal(held.hold).gte('50')).toBe(true);
      expectDecimal(new Decimal(held.available).add(held.hold), before.available);
      const [result] = await account.cancelOrders([order.id]);
      expect(result).toMatchObject({ orderId: order.id, success: true });
      const cancelled = await account.getOrder(order.id);
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.doneAt).not.toBeNull();
      const after = await balanceOf(account, 'USD');
      expectDecimal(after.available, before.available);
      expectDecimal(after.hold, '0');
      const [again] = await account.cancelOrders([order.id]);
      expect(again?.success).toBe(false);
    });

    it('is idempotent on clientOrderId and finds orders by it', async () => {
      const account = h().exchange.account(await trader('10000'));
      const request = restingBuy();
      const first = await account.placeOrder(request);
      const holdOnce = (await balanceOf(account, 'USD')).hold;
      const second = await account.placeOrder(request);
      expect(second.id).toBe(first.id);
      expectDecimal((await balanceOf(account, 'USD')).hold, holdOnce);
      expect((await account.getOrderByClientOrderId(request.clientOrderId))?.id).toBe(first.id);
      expect(await account.getOrderByClientOrderId(newClientOrderId())).toBeUndefined();
      await expectExchangeError(account.getOrder('00000000-0000-4000-8000-000000000000'), 'not-found');
      await account.cancelOrders([first.id]);
    });

    it('rejects a post-only order that would cross', async () => {
      const account = h().exchange.account(await trader('10000'));
      const ticker = await h().exchange.market.getTicker(BTC);
      const limitPrice = new Decimal(ticker.ask).add(100).toFixed(2);
      await expectExchangeError(account.placeOrder(restingBuy({ limitPrice })), 'post-only-would-cross');
    });

    it('rejects sizes below the minimum and off the increments', async () => {
      const account = h().exchange.account(await trader('10000'));
      await expectExchangeError(account.placeOrder(restingBuy({ baseSize: '0.00000001' })), 'below-minimum');
      await expectExchangeError(account.placeOrder(restingBuy({ baseSize: '0.000000015' })), 'invalid-order');
      await expectExchangeError(account.placeOrder(restingBuy({ limitPrice: '50000.005' })), 'invalid-order');
      await expectExchangeError(account.placeOrder(restingBuy({ baseSize: '-1' })), 'invalid-order');
    });

    it('rejects orders the portfolio cannot pay for', async () => {
      const account = h().exchange.account(await trader('100'));
      const usd = await balanceOf(account, 'USD');
      const tooMuch = new Decimal(usd.available).div(50000).add(1).toDecimalPlaces(8).toString();
      await expectExchangeError(account.placeOrder(restingBuy({ baseSize: tooMuch })), 'insufficient-funds');
      const sell = restingBuy({ side: 'sell', limitPrice: '70000.00', baseSize: '1' });
      await expectExchangeError(account.placeOrder(sell), 'insufficient-funds');
    });

    it('rejects an order for a product that does not exist', async () => {
      const account = h().exchange.account(await trader('100'));
      await expectExchangeError(
        account.placeOrder(restingBuy({ productId: 'NOPE-USD' })),
        'product-unavailable',
      );
    });

    it('buys at market by quote size and sells at market, fees charged in quote', async () => {
      const account = h().exchange.account(await trader('10000'));
      const usd0 = await balanceOf(account, 'USD');
      const btc0 = await balanceOf(account, 'BTC');
      const buy = await account.placeOrder({
        type: 'market',
        clientOrderId: newClientOrderId(),
        productId: BTC,
        side: 'buy',
        quoteSize: '100',
      });
      expect(buy.status).toBe('filled');
      const spent = new Decimal(buy.filledValue).add(buy.totalFees);
      expect(spent.lte(100) && spent.gt(99)).toBe(true);
      expect(new Decimal(buy.totalFees).gt(0)).toBe(true);
      const usd1 = await balanceOf(account, 'USD');
      const btc1 = await balanceOf(account, 'BTC');
      expectDecimal(new Decimal(usd0.available).sub(usd1.available), spent);
      expectDecimal(new Decimal(btc1.available).sub(btc0.available), buy.filledSize);

      const sell = await account.placeOrder({
        type: 'market',
        clientOrderId: newClientOrderId(),
        productId: BTC,
        side: 'sell',
        baseSize: '0.001',
      });
      expect(sell.status).toBe('filled');
      expectDecimal(sell.filledSize, '0.001');
      expect(new Decimal(sell.totalFees).gt(0)).toBe(true);
      const usd2 = await balanceOf(account, 'USD');
      expectDecimal(
        new Decimal(usd2.available).sub(usd1.available),
        new Decimal(sell.filledValue).sub(sell.totalFees),
      );
      expectDecimal(new Decimal(btc1.available).sub((await balanceOf(account, 'BTC')).available), '0.001');
    });

    it('fills a marketable limit at once as taker', async () => {
      const account = h().exchange.account(await trader('10000'));
      const ticker = await h().exchange.market.getTicker(BTC);
      const limitPrice = new Decimal(ticker.ask).add(50).toFixed(2);
      const order = await account.placeOrder(restingBuy({ limitPrice, postOnly: false }));
      expect(order.status).toBe('filled');
      expect(new Decimal(order.averageFilledPrice).lte(limitPrice)).toBe(true);
      const fills = await account.listFills({ since: order.createdAt, productId: BTC });
      expect(fills.filter((f) => f.orderId === order.id).every((f) => f.liquidity === 'taker')).toBe(true);
    });

    it('refuses new orders on delisted, disabled and cancel-only products', async () => {
      const account = h().exchange.account(await trader('10000'));
      const ltc = await h().exchange.market.getProduct('LTC-USD');
      const limitPrice = new Decimal(ltc.price).mul('0.5').toDecimalPlaces(2).toFixed(2);
      const resting = await account.placeOrder(
        restingBuy({ productId: 'LTC-USD', baseSize: '1', limitPrice }),
      );
      try {
        // Cancel-only last: cancels still work there (a delisting may cancel resting orders itself).
        for (const status of ['trading-disabled', 'cancel-only'] as const) {
          await h().setProductStatus('LTC-USD', status);
          const request = restingBuy({ productId: 'LTC-USD', baseSize: '1', limitPrice });
          await expectExchangeError(account.placeOrder(request), 'product-unavailable');
        }
        const product = await h().exchange.market.getProduct('LTC-USD');
        expect(product.cancelOnly).toBe(true);
        const [cancel] = await account.cancelOrders([resting.id]);
        expect(cancel?.success).toBe(true);
        await h().setProductStatus('LTC-USD', 'delisted');
        expect((await h().exchange.market.getProduct('LTC-USD')).status).toBe('delisted');
        const request = restingBuy({ productId: 'LTC-USD', baseSize: '1', limitPrice });
        await expectExchangeError(account.placeOrder(request), 'product-unavailable');
        await h().setProductStatus('LTC-USD', 'trading-disabled');
        expect((await h().exchange.market.getProduct('LTC-USD')).tradingDisabled).toBe(true);
      } finally {
        await h().setProductStatus('LTC-USD', 'online');
      }
    });
  });
};
