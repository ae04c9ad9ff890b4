/**
 * Paper matching engine: how fast resting limit orders are matched as the book grows.
 * Run: npx node bench/paper-matching.bench.ts   (figures in bench/README.md)
 */
import { manualClock } from '@cdca/engine/testing';
import { createPaperVenue } from '@cdca/exchange/paper';

const PRODUCTS = [
  'BTC-USD',
  'ETH-USD',
  'SOL-USD',
  'LTC-USD',
  'AVAX-USD',
  'LINK-USD',
  'AAVE-USD',
  'BCH-USD',
  'ETC-USD',
  'APT-USD',
];
const START: Record<string, number> = {};
const LEVELS = 200;

const run = async (resting: number) => {
  // Unlimited per-tick liquidity: every crossed order fills in the tick that crosses it.
  const venue = createPaperVenue({
    seed: 1,
    clock: manualClock(new Date('2025-06-01T00:00:00Z')),
    liquidityPerTickUsd: '1000000000000',
  });
  const key = await venue.mintKey({ canView: true, canTrade: true, canTransfer: false });
  await venue.fund(key.portfolioId, 'USD', '100000000000');
  for (const id of PRODUCTS) START[id] = Number((await venue.getTicker(id)).price);

  const placeStart = performance.now();
  for (let i = 0; i < resting; i++) {
    const productId = PRODUCTS[i % PRODUCTS.length] ?? 'BTC-USD';
    const price = (START[productId] ?? 1) * (0.98 - ((i >> 4) % LEVELS) * 0.0004);
    await venue.placeOrder(key.portfolioId, {
      type: 'limit',
      clientOrderId: `bench-${i}`,
      productId,
      side: 'buy',
      baseSize: '1',
      limitPrice: price.toFixed(2),
      postOnly: true,
    });
  }
  const placeMs = performance.now() - placeStart;

  // A tick that crosses nothing still has to look at the top of the book.
  const idleStart = performance.now();
  for (const id of PRODUCTS) await venue.setPrice(id, (START[id] ?? 1).toFixed(2));
  const idleMs = (performance.now() - idleStart) / PRODUCTS.length;

  // Ten price drops per product, each crossing a tenth of its levels.
  const matchStart = performance.now();
  for (let step = 1; step <= 10; step++) {
    for (const id of PRODUCTS) {
      const bottom = 0.98 - LEVELS * 0.0004;
      await venue.setPrice(
        id,
        ((START[id] ?? 1) * (0.98 - (0.98 - bottom) * (step / 10) - 0.001)).toFixed(2),
      );
    }
  }
  const matchMs = performance.now() - matchStart;
  const open = await venue.listOrders(key.portfolioId, { status: 'open' });
  const matched = resting - open.length;
  await venue.close();
  return {
    resting,
    placedPerSecond: (resting / placeMs) * 1000,
    idleMs,
    matched,
    matchedPerSecond: (matched / matchMs) * 1000,
  };
};

const rows = [];
for (const resting of [1_000, 10_000, 100_000]) rows.push(await run(resting));
console.log('| resting orders | placed/s | tick crossing none (ms) | matched | matched/s |');
console.log('|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.resting.toLocaleString('en-US')} | ${Math.round(r.placedPerSecond).toLocaleString('en-US')} | ${r.idleMs.toFixed(2)} | ${r.matched.toLocaleString('en-US')} | ${Math.round(r.matchedPerSecond).toLocaleString('en-US')} |`,
  );
}
