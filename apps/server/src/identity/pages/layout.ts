import { createHash } from 'node:crypto';
import { escapeHtml } from '../html.ts';
import { PAGE_STYLES } from './page-styles.ts';

export type Page = { html: string; contentSecurityPolicy: string };

type LayoutOptions = {
  title: string;
  /** Already-escaped markup for inside the card. */
  body: string;
  homeUrl: string;
  /** Inline script, allowed by its hash (the logout page's auto-submit). */
  script?: string;
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const WORDMARK_ICON = `<svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false"><rect width="28" height="28" rx="8" fill="#22c55e"/><path d="M7 19l5-5 4 3 5-7" fill="none" stroke="#0b0e14" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/** The shell every identity page shares: wordmark, one card, and a tight CSP (no external anything). */
export const renderPage = ({ title, body, homeUrl, script }: LayoutOptions): Page => {
  const contentSecurityPolicy = [
    "default-src 'none'",
    `style-src ${sha256(PAGE_STYLES)}`,
    `script-src ${script ? sha256(script) : "'none'"}`,
    "img-src 'self' data:",
    // Credentials are only ever posted to ourselves, whatever markup might get into a page.
    "form-action 'self'",
    "base-uri 'none'",
    // Sign-in pages must never be framed (clickjacking); silent renew uses prompt=none and never renders them.
    "frame-ancestors 'none'",
  ].join('; ');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#0b0e14">
<title>${escapeHtml(title)} · CDCA</title>
<style>${PAGE_STYLES}</style>
</head>
<body>
<main>
<a class="wordmark" href="${escapeHtml(homeUrl)}" aria-label="CDCA home">${WORDMARK_ICON}<span>CDCA</span></a>
<div class="card">
${body}
</div>
<p class="footer">Automated dollar-cost averaging for crypto traders.</p>
</main>
${script ? `<script>${script}</script>` : ''}
</body>
</html>`;
  return { html, contentSecurityPolicy };
};
