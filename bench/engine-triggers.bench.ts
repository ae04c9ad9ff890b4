/**
 * A price tick against the engine's trigger book (packages/engine/src/triggers) holding 100,000 epics' triggers
 * over 300 products, versus scanning every epic's triggers on each tick. Run: npx node bench/engine-triggers.bench.ts
 */
import { createTriggerBook, money, type Trigger } from '@cdca/engine';

const EPICS = 100_000;
const PRODUCTS = 300;
/** Per epic: two above-levels (buy triggers) and a stop. */
const TICKS = 20_000;
const SCAN_TICKS = 200;

let seed = 7;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
// Bench-only floats for generating prices; every price enters the book as a 2-decimal string.
const mid = Array.from({ length: PRODUCTS }, () => 10 + rand() * 990);
const productId = (p: number) => `P${p}-USD`;
const around = (p: number, lo: number, hi: number) =>
  ((mid[p] ?? 100) * (lo + rand() * (hi - lo))).toFixed(2);

const triggersOf = (e: number): Trigger[] => {
  const p = e % PRODUCTS;
  const base = { epicId: `epic-${e}`, productId: productId(p) };
  return [
    { ...base, id: `b1-${e}`, kind: 'buy', price: around(p, 1.001, 1.05) },
    { ...base, id: `b2-${e}`, kind: 'buy', price: around(p, 1.05, 1.1) },
    { ...base, id: `s-${e}`, kind: 'stop', price: around(p, 0.9, 0.999) },
  ];
};

const book = createTriggerBook();
const all: Trigger[] = [];
for (let e = 0; e < EPICS; e++) {
  for (const t of triggersOf(e)) {
    book.add(t);
    all.push(t);
  }
}

const quote = (p: number) => {
  // A random walk of ±0.2 % a tick, so a tick crosses a handful of triggers at most.
  mid[p] = (mid[p] ?? 100) * (1 + (rand() - 0.5) * 0.004);
  const m = mid[p] ?? 100;
  return { bid: (m * 0.9995).toFixed(2), ask: (m * 1.0005).toFixed(2) };
};

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

const bookTimes: number[] = [];
let fired = 0;
for (let i = 0; i < TICKS; i++) {
  const p = Math.floor(rand() * PRODUCTS);
  const { bid, ask } = quote(p);
  const t0 = performance.now();
  const hits = book.onTick(productId(p), bid, ask);
  bookTimes.push(performance.now() - t0);
  fired += hits.length;
  // Steady state: a fired trigger's epic arms a fresh one, so the book keeps its size.
  for (const hit of hits)
    book.add({ ...hit, price: hit.kind === 'buy' ? around(p, 1.01, 1.1) : around(p, 0.9, 0.99) });
}

const scanTimes: number[] = [];
for (let i = 0; i < SCAN_TICKS; i++) {
  const p = Math.floor(rand() * PRODUCTS);
  const { bid, ask } = quote(p);
  const t0 = performance.now();
  const b = money(bid);
  const a = money(ask);
  let crossed = 0;
  for (const t of all) {
    if (t.productId !== productId(p)) continue;
    if (t.kind === 'buy' ? money(t.price).lte(a) : money(t.price).gte(b)) crossed++;
  }
  scanTimes.push(performance.now() - t0);
  if (crossed < 0) console.log('unreachable');
}

bookTimes.sort((x, y) => x - y);
scanTimes.sort((x, y) => x - y);
const fmt = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
const p50 = percentile(bookTimes, 0.5);
const p99 = percentile(bookTimes, 0.99);
const s50 = percentile(scanTimes, 0.5);
console.log(
  `triggers: ${book.size()} (${EPICS} epics × 3, ${PRODUCTS} products); ticks: ${TICKS}; fired: ${fired}`,
);
console.log(`book tick p50 ${fmt(p50)}  p99 ${fmt(p99)}`);
console.log(`scan tick p50 ${fmt(s50)}  p99 ${fmt(percentile(scanTimes, 0.99))}`);
console.log(`ratio scan/book at p50: ${Math.round(s50 / Math.max(p50, 1e-6))}×`);
