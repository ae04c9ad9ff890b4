import { createPaperVenue } from '../paper/paper-venue.ts';
import type { FakeBehaviours } from '../testing/coinbase-fake/fake-context.ts';
import { fakeVenueFromPaper } from '../testing/coinbase-fake/paper-fake-venue.ts';
import { startFakeCoinbase } from '../testing/coinbase-fake/start-fake-coinbase.ts';
import { describeExchangeContract } from '../testing/contract/exchange-contract.ts';
import { createCoinbaseExchange } from './coinbase-exchange.ts';

// Every way the fake answers what Coinbase does not document (fake-context.ts): the contract must hold for each.
const VARIANTS: FakeBehaviours[] = (
  ['original-order', 'failure-duplicate', 'failure-unnamed'] as const
).flatMap((duplicateClientOrderId) =>
  (['immediate', 'not-found-once'] as const).map((readAfterCreate) => ({
    duplicateClientOrderId,
    readAfterCreate,
  })),
);

// The same contract the paper adapter passes, now through the real protocol: the Coinbase adapter speaks
// HTTP + WebSocket to the fake server, which verifies each JWT and drives the paper engine behind it.
for (const behaviours of VARIANTS) {
  describeExchangeContract(
    `coinbase (fake server: ${behaviours.duplicateClientOrderId}, ${behaviours.readAfterCreate})`,
    async () => {
      // No clock timer: prices move only when the suite sets them.
      const venue = createPaperVenue({
        seed: 7,
        clock: { now: () => new Date() },
        liquidityPerTickUsd: '1000',
      });
      const fake = await startFakeCoinbase({ venue: fakeVenueFromPaper(venue), behaviours });
      const exchange = createCoinbaseExchange({
        baseUrl: fake.baseUrl,
        wsUrl: fake.wsUrl,
        wsUserUrl: fake.wsUserUrl,
      });
      return {
        exchange,
        mintKey: async (permissions) => {
          const { keyName, privateKey } = await venue.mintKey(permissions);
          return { keyName, privateKey };
        },
        fund: async (credentials, currency, amount) => {
          const key = await venue.findKey(credentials.keyName);
          if (!key) throw new Error('unknown key');
          await venue.fund(key.portfolioId, currency, amount);
        },
        setPrice: venue.setPrice,
        setProductStatus: venue.setProductStatus,
        close: async () => {
          await exchange.close();
          await fake.close();
          await venue.close();
        },
      };
    },
  );
}
