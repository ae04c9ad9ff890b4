import type { Page } from '@playwright/test';

export const SHOTS = 'test-results/screenshots';

/**
 * Screenshots are for people to look at. `SCREENSHOTS=off` skips them where nobody will: CI sets it (.ci/run), and
 * saves the ~290 PNGs a run writes (docs/decisions/test-suite.md). No journey asserts on a screenshot.
 */
export const SCREENSHOTS_WANTED = process.env.SCREENSHOTS !== 'off';

/** A screenshot of the page (the whole page with `fullPage`), when screenshots are wanted. */
export const shot = async (page: Page, path: string, { fullPage = false } = {}) => {
  if (SCREENSHOTS_WANTED) await page.screenshot({ path, fullPage });
};

export type ShootOptions = {
  /** How long the layout may settle after a resize. */
  settleMs?: number;
  fullPage?: boolean;
  /** The viewport the journey goes on with. */
  after?: { width: number; height: number };
  /** Also the narrowest and widest screens docs/product.md §2 supports (320 and 2560 px). */
  edges?: boolean;
  /** Runs at each width just before the shot (e.g. letting toasts go). */
  beforeShot?: () => Promise<void>;
};

/** Full-page screenshots at 375 and 1440 px wide, saved as `<name>-<width>.png`. */
export const shootAtWidths = async (page: Page, name: string, options: ShootOptions = {}) => {
  const { settleMs = 400, fullPage = true, after = { width: 1280, height: 800 }, edges = false } = options;
  if (!SCREENSHOTS_WANTED) {
    await page.setViewportSize(after);
    return;
  }
  const sizes: (readonly [number, number])[] = [
    [375, 812],
    [1440, 900],
  ];
  if (edges) sizes.push([320, 700], [2560, 1300]);
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(settleMs);
    await options.beforeShot?.();
    await shot(page, `${SHOTS}/${name}-${width}.png`, { fullPage });
  }
  await page.setViewportSize(after);
};
