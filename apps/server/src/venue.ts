import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Exchange } from '@cdca/exchange';
import { createCoinbaseExchange } from '@cdca/exchange/coinbase';
import type { PaperVenueOptions } from '@cdca/exchange/paper';
import { createPaperExchange, type PaperExchange } from '@cdca/exchange/paper';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createDrizzlePaperStore } from './modules/paper/paper-store.drizzle.ts';
import type { PaperMarketControls } from './modules/paper-controls/paper-market-controls.ts';

/** The exchange the server trades through, and the paper market's levers when it is the paper one. */
export type ExchangeBundle = { exchange: Exchange; paper: PaperMarketControls | undefined };

/** The paper venue's levers in the shape the server's modules use. */
export const paperBundle = (paper: PaperExchange): ExchangeBundle => ({
  exchange: paper,
  paper: {
    mintKey: (request) => paper.mintKey(request),
    setPrice: (productId, price) => paper.setPrice(productId, price),
    scriptPath: (productId, script) => paper.scriptPath(productId, script.prices, script.stepMs),
    setStatus: (productId, status) => paper.setProductStatus(productId, status),
  },
});

/**
 * Builds the exchange EXCHANGE names: paper (the embedded default; its market, portfolios, keys and orders are
 * kept in our database, so they survive restarts) or Coinbase Advanced Trade.
 */
export const createExchange = async ({
  config,
  db,
  log,
}: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
}): Promise<ExchangeBundle> => {
  if (config.exchange.kind === 'coinbase') {
    const { apiUrl, wsUrl, wsUserUrl } = config.exchange.coinbase;
    log.info({ apiUrl }, 'trading on Coinbase Advanced Trade');
    return { exchange: createCoinbaseExchange({ baseUrl: apiUrl, wsUrl, wsUserUrl }), paper: undefined };
  }
  const paper = createPaperExchange(sharedPaperOptions(config, db));
  await paper.venue.ready();
  log.info(
    { seed: config.exchange.paper.seed ?? 'default', driving: paper.venue.driving() },
    'trading on the paper exchange',
  );
  return paperBundle(paper);
};

/**
 * The paper venue of a server process: its state in our database, shared with every other process on it. Only
 * the holder of the driver lease moves the market; the others place, cancel and read through the shared state
 * (docs/decisions/one-paper-market.md).
 */
export const sharedPaperOptions = (config: Config, db: Db): PaperVenueOptions => {
  const { seed, startingUsd, leaseMs } = config.exchange.paper;
  return {
    ...(seed === undefined ? {} : { seed }),
    startingBalanceUsd: startingUsd,
    store: createDrizzlePaperStore(db),
    shared: { holderId: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`, leaseMs },
  };
};
