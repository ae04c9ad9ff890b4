import { createPublicKey, type KeyObject } from 'node:crypto';
import type { PaperVenue } from '../../paper/paper-venue.ts';
import type { FakeKey, FakeVenue } from './fake-venue.ts';

/** The paper engine behind the fake Coinbase server: keys it minted, portfolios they trade, its market. */
export const fakeVenueFromPaper = (venue: PaperVenue): FakeVenue => {
  const publicKeys = new Map<string, KeyObject>();
  const portfolioOf = async (keyName: string) => {
    const key = await venue.findKey(keyName);
    // The fake only routes here after verifying the JWT against this very key.
    if (!key) throw new Error(`no paper key ${keyName}`);
    return key.portfolioId;
  };

  const findKey = async (keyName: string): Promise<FakeKey | undefined> => {
    const key = await venue.findKey(keyName);
    if (!key || key.revokedAt) return undefined;
    let publicKey = publicKeys.get(key.publicKey);
    if (!publicKey) {
      publicKey = createPublicKey(key.publicKey);
      publicKeys.set(key.publicKey, publicKey);
    }
    return { publicKey, permissions: venue.permissionsOf(key) };
  };

  return {
    market: {
      listProducts: venue.listProducts,
      getProduct: venue.getProduct,
      getTicker: venue.getTicker,
      getCandles: venue.getCandles,
      subscribeTicks: venue.subscribeTicks,
    },
    findKey,
    accountOf: (keyName) => ({
      getBalances: async () => venue.getBalances(await portfolioOf(keyName)),
      placeOrder: async (request) => venue.placeOrder(await portfolioOf(keyName), request),
      cancelOrders: async (ids) => venue.cancelOrders(await portfolioOf(keyName), ids),
      getOrder: async (id) => venue.getOrder(await portfolioOf(keyName), id),
      getOrderByClientOrderId: async (id) => venue.getOrderByClientOrderId(await portfolioOf(keyName), id),
      listFills: async (query) => venue.listFills(await portfolioOf(keyName), query),
      listOrders: async () =>
        (await venue.listOrders(await portfolioOf(keyName))).sort(
          (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
        ),
      subscribeUserEvents: (onEvent) => {
        let stop: (() => void) | undefined;
        let stopped = false;
        portfolioOf(keyName)
          .then((portfolioId) => {
            if (!stopped) stop = venue.subscribeUserEvents(portfolioId, onEvent);
          })
          .catch(() => undefined);
        return () => {
          stopped = true;
          stop?.();
        };
      },
    }),
  };
};
