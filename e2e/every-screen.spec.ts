import { expect, type Page, test } from '@playwright/test';
import { decodeJwt } from 'jose';
import { ROUTES } from '../apps/web/src/config/routes.ts';
import { journeyServer } from './support/journey-server.ts';
import { chooseIntermediateLevel, mintPaperKey, walkFromCoinbaseToDashboard } from './support/onboarding.ts';
import { coinIdOf, createEpic, type EpicInputs } from './support/paper-market.ts';
import { expectPath, signUpFromLanding, uniqueEmail } from './support/people.ts';
import { SHOTS, shot } from './support/screenshots.ts';
import { accessTokenOf, apiAs } from './support/session.ts';

/**
 * Every screen at every width the product supports (docs/product.md §2): no page may scroll sideways, no text may
 * be cut off by a box too small for it, and no text may be drawn over other text. Screenshots land in test-results/screenshots/every-screen/ for a look.
 */
const WIDTHS = [320, 375, 768, 1440, 2560] as const;
const HEIGHT = { 320: 640, 375: 812, 768: 1024, 1440: 900, 2560: 1300 } as const;
const OWNER = uniqueEmail('every-screen');

const server = journeyServer({ OWNER_EMAILS: OWNER });

/**
 * What is wrong with the layout at this width, in words: sideways page scroll, and text cut by a box that hides its
 * overflow (a horizontal scroller is fine — it is the responsive pattern; an ellipsis is a deliberate cut). A string:
 * e2e code has no DOM types.
 */
const LAYOUT_PROBLEMS = `(() => {
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1)
    problems.push('the page scrolls sideways: ' + root.scrollWidth + ' px of content in ' + root.clientWidth + ' px');
  const name = (el) =>
    el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className ? '.' + el.className.split(' ')[0] : '');
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
    // An ellipsis is a deliberate cut; a clipped 1 px box is text for screen readers only.
    if (style.textOverflow === 'ellipsis' || el.clientWidth <= 1 || style.clip !== 'auto') continue;
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    const box = el.getBoundingClientRect();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest('[aria-hidden="true"], .visually-hidden, canvas, svg')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.width > 0 && (text.right > box.right + 1 || text.left < box.left - 1)) {
        problems.push('text cut by ' + name(el) + ': "' + node.textContent.trim().slice(0, 40) + '"');
        break;
      }
    }
  }
  // Text drawn over other text: two lines of different elements whose boxes cross.
  const clips = new Map();
  const clipsOf = (el) => {
    if (clips.has(el)) return clips.get(el);
    const style = getComputedStyle(el);
    const own = style.overflowX !== 'visible' || style.overflowY !== 'visible' ? [el.getBoundingClientRect()] : [];
    const all = el.parentElement ? own.concat(clipsOf(el.parentElement)) : own;
    clips.set(el, all);
    return all;
  };
  const visiblePart = (el, rect) => {
    let box = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
    for (const clip of clipsOf(el)) {
      box = {
        left: Math.max(box.left, clip.left),
        right: Math.min(box.right, clip.right),
        top: Math.max(box.top, clip.top),
        bottom: Math.min(box.bottom, clip.bottom),
      };
      if (box.right - box.left <= 1 || box.bottom - box.top <= 1) return null;
    }
    return { ...box, height: box.bottom - box.top };
  };
  const lines = [];
  const all = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = all.nextNode(); node; node = all.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent.trim() || !parent) continue;
    if (parent.closest('[aria-hidden="true"], .visually-hidden, .Toastify, [role="tooltip"], script, style')) continue;
    const style = getComputedStyle(parent);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const line of range.getClientRects()) {
      // What a reader sees of the line: the part inside every box that clips or scrolls it, and of that the
      // middle of the line (tight line-heights let the ascent of one line touch the descent of the one above).
      const seen = visiblePart(parent, line);
      if (!seen) continue;
      const inset = seen.height * 0.2;
      const rect = { left: seen.left, right: seen.right, top: seen.top + inset, bottom: seen.bottom - inset };
      if (rect.right - rect.left > 1) lines.push({ rect, parent, text: node.textContent.trim() });
    }
  }
  const crossing = (a, b) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
  overlap: for (let i = 0; i < lines.length; i++)
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i];
      const b = lines[j];
      if (a.parent === b.parent || !crossing(a.rect, b.rect)) continue;
      problems.push('text over text: "' + a.text.slice(0, 30) + '" and "' + b.text.slice(0, 30) + '"');
      break overlap;
    }
  return problems;
})()`;

/** Lets loading states, fonts and images settle: no skeleton left, and the network quiet. */
const settle = async (page: Page) => {
  await expect(page.locator('[role="status"][aria-live="polite"]:has(.visually-hidden)')).toHaveCount(0, {
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate('document.fonts.ready');
};

/** At each width: a full-page screenshot, then the layout check; every problem of every width is reported. */
const checkEveryWidth = async (page: Page, name: string): Promise<string[]> => {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT[width] });
    await settle(page);
    // Toasts are a moment's news, not part of the screen being judged.
    for (const close of await page.getByRole('button', { name: 'close' }).all())
      await close.click({ timeout: 1_000 }).catch(() => undefined);
    await shot(page, `${SHOTS}/every-screen/${name}-${width}.png`, { fullPage: true });
    const found = (await page.evaluate(LAYOUT_PROBLEMS)) as string[];
    problems.push(...found.map((problem) => `${name} at ${width} px: ${problem}`));
  }
  return problems;
};

const visit = async (page: Page, path: string, name: string) => {
  await page.goto(`${server.url}${path}`);
  await expectPath(page, path);
  return checkEveryWidth(page, name);
};

const shotName = (path: string) => path.replace(/^\//, '').replace(/[/:]+/g, '-') || 'landing';

test('every public and onboarding screen fits every width', async ({ page }) => {
  test.setTimeout(600_000);
  const problems: string[] = [];
  const publicPages = ROUTES.filter((route) => route.kind === 'page' && route.bundle === 'public');
  for (const route of publicPages) problems.push(...(await visit(page, route.path, shotName(route.path))));

  // The onboarding steps, each as a new trader reaches it.
  await signUpFromLanding(page, server.url, uniqueEmail('every-screen-onboarding'));
  await expectPath(page, '/payment');
  problems.push(...(await checkEveryWidth(page, 'payment')));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectPath(page, '/breakdown');
  problems.push(...(await checkEveryWidth(page, 'breakdown')));
  await chooseIntermediateLevel(page);
  problems.push(...(await checkEveryWidth(page, 'keys')));
  await mintPaperKey(page, false);
  await page.getByRole('button', { name: 'Verify and connect' }).click();
  await expectPath(page, '/coinbase');
  problems.push(...(await checkEveryWidth(page, 'coinbase')));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectPath(page, '/discord');
  problems.push(...(await checkEveryWidth(page, 'discord')));
  await page.getByRole('button', { name: "I've joined" }).click();
  await expectPath(page, '/tos');
  problems.push(...(await checkEveryWidth(page, 'tos')));
  expect(problems).toEqual([]);
});

const EPIC: EpicInputs = {
  budget: '500',
  dcaLevels: 4,
  scaling: 'quadratic',
  load: 'back',
  direction: 'below',
  buySpread: '3',
  sellSpread: '2',
  stopSpread: '10',
};

test('every signed-in screen fits every width', async ({ page }) => {
  test.setTimeout(900_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpFromLanding(page, server.url, OWNER);
  await expectPath(page, '/payment');
  await page.getByRole('button', { name: 'Continue' }).click();
  await chooseIntermediateLevel(page);
  await mintPaperKey(page, false);
  await page.getByRole('button', { name: 'Verify and connect' }).click();
  await walkFromCoinbaseToDashboard(page);

  // Something on every screen: a running epic, a ticket about it.
  const epic = await createEpic<{ id: string }>(
    page,
    server.url,
    await coinIdOf(page, server.url, 'SOL-USD'),
    EPIC,
  );
  const ticket = (await apiAs(page, server.url, '/api/v1/support/tickets', {
    method: 'POST',
    body: {
      topic: 'epics',
      subject: 'Where is my second level?',
      message: 'It has not bought yet.',
      epicId: epic.id,
    },
  })) as { id: string };
  const ticketId = ticket.id;
  const { sub: userId = '' } = decodeJwt(await accessTokenOf(page));
  const params: Record<string, string> = { epicId: epic.id, ticketId, slug: 'level-prices', userId };

  const problems: string[] = [];
  const signedIn = ROUTES.filter(
    (route) =>
      route.kind === 'page' &&
      (route.access === 'account' || route.access === 'owner') &&
      route.id !== 'settingsLogout',
  );
  for (const route of signedIn) {
    const path = route.path.replace(/:(\w+)/g, (_, key: string) => params[key] ?? key);
    problems.push(...(await visit(page, path, shotName(route.path))));
  }
  expect(problems).toEqual([]);
});
