/**
 * The share card (apps/server/src/modules/shares/share-card.ts): one 1200×630 PNG per render, satori's layout to
 * SVG then resvg's raster, for a period card and an epic card in both privacy modes; then the cached path the
 * card route takes for a link it has already drawn. Target: ≤ 200 ms per render (docs/decisions/verified-sharing.md).
 * Run: npx node bench/share-card.bench.ts [rounds=30]
 */
import type { TShareEpicSnapshot, TSharePeriodSnapshot, TSharePrivacy } from '@cdca/contracts';
import { Resvg } from '@resvg/resvg-js';
import { createLruCache } from '../apps/server/src/lib/lru-cache.ts';
import { CARD_WIDTH, renderCard, renderCardSvg } from '../apps/server/src/modules/shares/share-card.ts';
import { shareView } from '../apps/server/src/modules/shares/share-view.ts';

const rounds = Number(process.argv[2] ?? 30);

const epic: TShareEpicSnapshot = {
  kind: 'epic',
  coinSymbol: 'SOL-USD',
  status: 'closed',
  createdAt: '2026-06-01T10:00:00.000Z',
  closedAt: '2026-06-05T12:00:00.000Z',
  levelsBought: 4,
  dcaLevels: 6,
  realisedPnl: '318.42',
  realisedPnlPct: '6.37',
  capitalUsed: '5000',
  fills: [],
};
const period: TSharePeriodSnapshot = {
  kind: 'period',
  period: '30d',
  from: '2026-05-16T12:00:00.000Z',
  to: '2026-06-15T12:00:00.000Z',
  realisedPnl: '1204.10',
  capitalUsed: '20000',
  returnOnCapitalPct: '6.02',
  winRatePct: '80.00',
  wins: 8,
  losses: 2,
  epicsClosed: 9,
  volume: '41000',
  fees: '41',
  best: { coinSymbol: 'SOL-USD', realisedPnl: '318.42', realisedPnlPct: '6.37' },
};
const dollars: TSharePrivacy = { amounts: 'dollars', showCoin: true, includeReferral: false };
const percent: TSharePrivacy = { amounts: 'percent', showCoin: false, includeReferral: false };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const ms = (value: number) => value.toFixed(1);

const time = async (run: () => Promise<unknown> | unknown) => {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
};

// The first render loads the fonts and satori's layout engine once per process.
const coldStarted = performance.now();
await renderCard(shareView(epic, dollars));
console.log(`first render in the process (fonts, layout engine): ${ms(performance.now() - coldStarted)} ms`);
console.log(`${rounds} rounds each\n`);
console.log(
  '| card | layout (satori) p50 | raster (resvg) p50 | render p50 (ms) | render p95 (ms) | PNG size |',
);
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, snapshot, privacy] of [
  ['epic, dollars', epic, dollars],
  ['epic, % only', epic, percent],
  ['30 days, dollars', period, dollars],
  ['30 days, % only', period, percent],
] as const) {
  const view = shareView(snapshot, privacy);
  const { svg } = await renderCardSvg(view);
  const layout = await time(() => renderCardSvg(view));
  const raster = await time(() =>
    new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render().asPng(),
  );
  const whole = await time(() => renderCard(view));
  const { png } = await renderCard(view);
  console.log(
    `| ${name} | ${ms(percentile(layout, 50))} | ${ms(percentile(raster, 50))} | ${ms(percentile(whole, 50))} | ${ms(percentile(whole, 95))} | ${(png.length / 1024).toFixed(0)} KiB |`,
  );
}

const cache = createLruCache<Buffer>(200);
const { png } = await renderCard(shareView(epic, percent));
cache.set('token:1', png);
const hits = await time(() => cache.get('token:1'));
console.log(
  `\ncached card (the route's path after the first view): p50 ${percentile(hits, 50).toFixed(4)} ms`,
);
