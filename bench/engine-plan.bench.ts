/**
 * Plans per second for 25-level epics across every scaling × load × direction (27 shapes), on a SOL-USD-like
 * product with Coinbase's increments. Run: npx node bench/engine-plan.bench.ts
 */
import { EPIC_DIRECTIONS, EPIC_LOADS, EPIC_SCALINGS, type TEpicInputs } from '@cdca/contracts';
import type { Product } from '@cdca/engine';
import { planEpic } from '@cdca/engine';

const product: Product = {
  id: 'SOL-USD',
  baseCurrency: 'SOL',
  quoteCurrency: 'USD',
  baseName: 'Solana',
  baseIncrement: '0.00000001',
  quoteIncrement: '0.01',
  priceIncrement: '0.01',
  baseMinSize: '0.00000001',
  baseMaxSize: '10000000',
  quoteMinSize: '1',
  // Raised from Coinbase's $10M so a 25-level exponential ladder (half the budget on one level) can be valid.
  quoteMaxSize: '1000000000',
  status: 'online',
  tradingDisabled: false,
  cancelOnly: false,
  limitOnly: false,
  postOnly: false,
  price: '186.40',
  priceChange24h: '0',
  volume24h: '0',
};

const shapes: TEpicInputs[] = EPIC_SCALINGS.flatMap((scaling) =>
  EPIC_LOADS.flatMap((load) =>
    EPIC_DIRECTIONS.map((direction) => ({
      // Exponential ladders put 2^-24 of the budget on their lightest level; this budget keeps it over $1.
      budget: '50000000.00',
      dcaLevels: 25,
      scaling,
      load,
      direction,
      buySpread: '2',
      sellSpread: '3',
      stopSpread: '10',
    })),
  ),
);

for (const inputs of shapes) {
  const result = planEpic(inputs, product, '186.40');
  if (!result.ok)
    throw new Error(`${inputs.scaling}/${inputs.load}/${inputs.direction}: ${result.problems[0]?.message}`);
}

const run = (rounds: number) => {
  const started = performance.now();
  for (let round = 0; round < rounds; round++)
    for (const inputs of shapes) planEpic(inputs, product, '186.40');
  return performance.now() - started;
};

run(20); // warm-up: JIT and decimal.js caches
const rounds = 200;
const elapsed = run(rounds);
const plans = rounds * shapes.length;
console.log(`${plans} plans of 25 levels (${shapes.length} shapes) in ${elapsed.toFixed(0)} ms`);
console.log(`plans/s: ${Math.round((plans / elapsed) * 1000).toLocaleString('en-US')}`);
console.log(`per plan: ${((elapsed / plans) * 1000).toFixed(0)} µs`);
