import { mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/support/server.ts';

/**
 * Lighthouse (mobile emulation, simulated slow 4G and 4× CPU slowdown — its defaults) on a page of a freshly
 * started server serving the built web app. Prints the four category scores and LCP, TBT, CLS (the median run by
 * performance score when RUNS > 1), lists every audit that did not pass, and writes the HTML report to
 * test-results/lighthouse/.
 * Usage: [WEB_DIST_DIR=…] [RUNS=3] npx node bench/lighthouse.ts [/path]   (default: /)
 */
const path = process.argv[2] ?? '/';
const runs = Number(process.env.RUNS ?? '1');
const dist = process.env.WEB_DIST_DIR ?? new URL('../apps/web/dist', import.meta.url).pathname;
const reportDir = new URL('../test-results/lighthouse', import.meta.url).pathname;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

const server = await startServer(4109, { WEB_DIST_DIR: dist });
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const score = (result: Result, category: (typeof CATEGORIES)[number]) =>
  Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
const metric = (result: Result, audit: string) => result.lhr.audits[audit]?.displayValue ?? '–';

try {
  const results: Result[] = [];
  for (let run = 0; run < runs; run += 1) {
    const result = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    results.push(result);
    console.log(
      `run ${run + 1}: performance ${score(result, 'performance')}, LCP ${metric(result, 'largest-contentful-paint')}`,
    );
  }
  const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no run finished');

  console.log(`\nLighthouse ${median.lhr.lighthouseVersion}, ${path}, mobile emulation (median of ${runs})`);
  for (const category of CATEGORIES) console.log(`  ${category.padEnd(15)} ${score(median, category)}`);
  for (const [label, audit] of [
    ['FCP', 'first-contentful-paint'],
    ['LCP', 'largest-contentful-paint'],
    ['TBT', 'total-blocking-time'],
    ['CLS', 'cumulative-layout-shift'],
    ['Speed Index', 'speed-index'],
  ] as const) {
    console.log(`  ${label.padEnd(15)} ${metric(median, audit)}`);
  }

  const failing = Object.values(median.lhr.audits).filter(
    (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
  );
  if (failing.length > 0) {
    console.log('\nAudits to look at:');
    for (const audit of failing) console.log(`  - ${audit.id}: ${audit.title} ${audit.displayValue ?? ''}`);
  }

  mkdirSync(reportDir, { recursive: true });
  const file = `${reportDir}/lighthouse-${path === '/' ? 'landing' : path.replace(/\W+/g, '-')}`;
  const report = median.report;
  writeFileSync(`${file}.html`, Array.isArray(report) ? report.join('\n') : report);
  writeFileSync(`${file}.json`, JSON.stringify(median.lhr, null, 1));
  console.log(`\nReport: ${file}.html (and .json)`);
} finally {
  chrome.kill();
  await server.stop();
}
