import { createHash } from 'node:crypto';
import { escapeHtml } from '../../identity/html.ts';
import { CARD_HEIGHT, CARD_WIDTH } from './share-card.ts';
import type { ShareView } from './share-view.ts';

/**
 * The public page of a share at /s/{token}: server-rendered, no script, one hashed style sheet (its own CSP, like the
 * identity and sandbox pages). Everything it prints comes from a ShareView, so the privacy choices apply here exactly
 * as on the card (docs/decisions/verified-sharing.md); every value is escaped.
 */
const STYLES = `
:root{color-scheme:dark;--bg:#0b0e14;--surface:#131722;--surface-2:#1a1f2e;--border:#262c3d;--text:#e6e8ee;--muted:#8b93a7;--accent:#22c55e;--gain:#4ade80;--loss:#f87171}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font:15px/1.55 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:880px;margin:0 auto;padding:28px 16px 48px}
.wordmark{display:inline-flex;align-items:center;gap:10px;color:var(--text);text-decoration:none;font-weight:800;font-size:1.25rem;letter-spacing:.08em}
header{display:flex;align-items:center;justify-content:space-between;gap:12px;margin:0 0 24px}
.cta{color:var(--accent);font-weight:650;text-decoration:none;font-size:.9375rem}
.cta:hover{text-decoration:underline}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 4px}
.span{color:var(--muted);margin:0 0 20px;font-size:.9375rem}
.card{display:block;width:100%;height:auto;aspect-ratio:${CARD_WIDTH}/${CARD_HEIGHT};border-radius:16px;border:1px solid var(--border);background:var(--surface);box-shadow:0 16px 40px rgba(0,0,0,.35)}
.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px;margin:20px 0 0;padding:0}
.figures div{border:1px solid var(--border);background:var(--surface);border-radius:12px;padding:12px 14px}
.figures dt{color:var(--muted);font-size:.8125rem;font-weight:600}
.figures dd{margin:2px 0 0;font-size:1.25rem;font-weight:750;font-variant-numeric:tabular-nums}
.gain{color:var(--gain)}.loss{color:var(--loss)}
.verified{display:flex;gap:10px;align-items:flex-start;margin:20px 0 0;padding:12px 14px;border:1px solid rgba(34,197,94,.45);background:rgba(34,197,94,.08);border-radius:12px;font-size:.9375rem}
.verified svg{flex:none;margin-top:2px}
h2{font-size:1.0625rem;margin:28px 0 10px}
.table{overflow-x:auto;border:1px solid var(--border);border-radius:12px;background:var(--surface)}
table{width:100%;border-collapse:collapse;font-size:.875rem;font-variant-numeric:tabular-nums}
th,td{padding:9px 12px;text-align:right;white-space:nowrap;border-bottom:1px solid var(--border)}
th:first-child,td:first-child,th:nth-child(2),td:nth-child(2){text-align:left}
th{color:var(--muted);font-weight:600;font-size:.8125rem;background:var(--surface-2)}
tr:last-child td{border-bottom:0}
.buy{color:var(--gain)}.sell{color:#fbbf24}
footer{margin:32px 0 0;color:var(--muted);font-size:.8125rem;text-align:center}
.join{display:flex;flex-wrap:wrap;gap:8px 14px;align-items:center;justify-content:space-between;margin:20px 0 0;padding:14px 16px;border:1px solid var(--border);background:var(--surface);border-radius:12px}
.join p{margin:0}
.code{font-weight:750;letter-spacing:.04em}
.join a{display:inline-block;padding:8px 16px;border-radius:999px;background:var(--accent);color:#04130a;font-weight:700;text-decoration:none}
.join a:hover{filter:brightness(1.08)}
.missing{text-align:center;padding:64px 0}
.missing p{color:var(--muted)}
@media (max-width:479px){th,td{padding:8px 10px}th{white-space:normal}table{font-size:.8125rem}}
@media (min-width:720px){main{padding-top:40px}h1{font-size:1.75rem}}
`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Only our hashed styles and our own images: an injected tag could neither run nor load anything. */
export const SHARE_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${sha256(STYLES)}`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const CHECK = `<svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false"><circle cx="9" cy="9" r="9" fill="#22c55e"/><path d="M5 9.2l2.6 2.6L13 6.4" fill="none" stroke="#04130a" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
const LOGO = `<svg width="26" height="26" viewBox="0 0 28 28" aria-hidden="true" focusable="false"><rect width="28" height="28" rx="8" fill="#22c55e"/><path d="M7 19l5-5 4 3 5-7" fill="none" stroke="#0b0e14" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/** The landing page, through the sharer's code when the share carries one: a sign-up from there is attributed to it. */
const homeUrl = (publicUrl: string, referralCode: string | null = null) =>
  referralCode ? `${publicUrl}/?rc=${encodeURIComponent(referralCode)}` : `${publicUrl}/`;

const shell = (
  head: string,
  body: string,
  publicUrl: string,
  referralCode: string | null = null,
) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${head}
<style>${STYLES}</style>
</head>
<body>
<main>
<header><a class="wordmark" href="${escapeHtml(homeUrl(publicUrl, referralCode))}" aria-label="CDCA home">${LOGO}<span>CDCA</span></a><a class="cta" href="${escapeHtml(homeUrl(publicUrl, referralCode))}">What is CDCA?</a></header>
${body}
</main>
</body>
</html>`;

const fillsSection = (fills: NonNullable<ShareView['fills']>) => {
  const head = fills.columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('');
  const rows = fills.rows
    .map((row) => {
      const cells = row.map((cell, index) =>
        index === 1
          ? `<td class="${cell === 'Buy' ? 'buy' : 'sell'}">${escapeHtml(cell)}</td>`
          : `<td>${escapeHtml(cell)}</td>`,
      );
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<h2>The fills behind it</h2>
<div class="table"><table><thead><tr>${head}</tr></thead><tbody>
${rows}
</tbody></table></div>`;
};

const joinSection = (code: string, publicUrl: string) =>
  `<div class="join"><p>Shared with a referral code: <span class="code">${escapeHtml(code)}</span>. Sign up through it for a lower price, for life.</p><a href="${escapeHtml(homeUrl(publicUrl, code))}">Start with this code</a></div>`;

export type SharePageLinks = { pageUrl: string; cardUrl: string; publicUrl: string };

export const renderSharePage = (view: ShareView, links: SharePageLinks): string => {
  const title = `${view.title} · ${view.headline} · CDCA`;
  const alt = `${view.title}: ${view.headline} ${view.subline}`;
  const meta = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'CDCA'],
    ['property', 'og:title', title],
    ['property', 'og:description', view.description],
    ['property', 'og:url', links.pageUrl],
    ['property', 'og:image', links.cardUrl],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(CARD_WIDTH)],
    ['property', 'og:image:height', String(CARD_HEIGHT)],
    ['property', 'og:image:alt', alt],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', view.description],
    ['name', 'twitter:image', links.cardUrl],
    ['name', 'description', view.description],
    // A shared link is for the people it is sent to, not for search results.
    ['name', 'robots', 'noindex'],
  ]
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value ?? '')}">`)
    .join('\n');
  const head = `<title>${escapeHtml(title)}</title>\n${meta}`;
  const figures = [
    { label: view.eyebrow, value: view.headline, tone: view.tone },
    ...view.facts.map((fact) => ({ ...fact, tone: 'flat' as const })),
  ]
    .map(
      (fact) =>
        `<div><dt>${escapeHtml(fact.label)}</dt><dd${fact.tone === 'flat' ? '' : ` class="${fact.tone}"`}>${escapeHtml(fact.value)}</dd></div>`,
    )
    .join('');
  const body = `<h1>${escapeHtml(view.title)}</h1>
<p class="span">${escapeHtml(view.span)}</p>
<img class="card" src="${escapeHtml(links.cardUrl)}" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" alt="${escapeHtml(alt)}">
<dl class="figures">${figures}</dl>
<p class="verified">${CHECK}<span>Verified: these figures were computed by CDCA from the fills the exchange recorded for this trader${view.fills ? ', listed below' : ''}, not typed in by anyone.</span></p>
${view.referralCode ? joinSection(view.referralCode, links.publicUrl) : ''}
${view.fills ? fillsSection(view.fills) : ''}
<footer>Shared from CDCA, automated dollar-cost averaging. Past results say nothing about future ones.</footer>`;
  return shell(head, body, links.publicUrl, view.referralCode);
};

export const renderShareNotFound = (publicUrl: string): string =>
  shell(
    `<title>Link not found · CDCA</title>\n<meta name="robots" content="noindex">`,
    `<div class="missing"><h1>This link does not exist</h1><p>It may have been revoked by the trader who shared it.</p></div>`,
    publicUrl,
  );
