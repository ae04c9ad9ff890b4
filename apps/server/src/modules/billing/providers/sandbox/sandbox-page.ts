import { createHash } from 'node:crypto';
import { formatUsd, money, ROUND_DOWN } from '@cdca/engine';
import QRCode from 'qrcode';
import { escapeHtml } from '../../../../identity/html.ts';
import { PAGE_STYLES } from '../../../../identity/pages/page-styles.ts';
import { SANDBOX_LINK_PARAM } from './sandbox-link.ts';
import type { SandboxChargeRow } from './sandbox-store.ts';

const STYLES = `${PAGE_STYLES}
main{max-width:440px}
.sandbox{display:inline-block;font-size:.75rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:#fbbf24;border:1px solid rgba(251,191,36,.45);background:rgba(251,191,36,.08);border-radius:999px;padding:3px 10px;margin:0 0 16px}
.amount{font-size:2.25rem;font-weight:800;line-height:1.1;margin:0;font-variant-numeric:tabular-nums}
.amount small{font-size:1rem;color:var(--muted);font-weight:600;margin-left:6px}
.what{color:var(--muted);margin:4px 0 20px;font-size:.9375rem}
.status{display:inline-flex;align-items:center;gap:8px;font-weight:650;font-size:.875rem;border-radius:999px;padding:4px 12px;margin:0 0 20px;border:1px solid var(--border);background:var(--raised)}
.status::before{content:"";width:8px;height:8px;border-radius:50%;background:currentColor}
.status.new{color:#93c5fd}.status.processing{color:#fbbf24}.status.settled{color:var(--accent)}.status.expired,.status.invalid{color:var(--danger)}.status.partial{color:#fbbf24}
.qr{display:flex;justify-content:center;background:#fff;border-radius:12px;padding:12px;margin:0 auto 16px;width:212px;max-width:100%}
.qr svg{width:188px;height:188px;display:block}
.facts{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 20px;font-size:.9375rem}
.facts dt{color:var(--muted)}.facts dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.notice{border:1px solid var(--border);background:var(--raised);border-radius:10px;padding:12px 14px;margin:0 0 16px;font-size:.9375rem}
.notice.ok{border-color:rgba(34,197,94,.45);background:rgba(34,197,94,.08)}
.actions form{margin:0}
.row{display:grid;grid-template-columns:1fr 1fr;gap:8px}
.row .button{margin-top:8px}
.button.danger{background:transparent;color:var(--danger);border:1px solid rgba(248,113,113,.45)}
.button.danger:hover{background:rgba(248,113,113,.1)}
.back{display:block;text-align:center;margin:20px 0 0;font-weight:600}
@media (max-width:359px){.row{grid-template-columns:1fr}.amount{font-size:1.875rem}}
`;

/** Live "expires in" countdown; the server-rendered time stays correct without it. */
/**
 * Live "expires in" countdown from the seconds left when the server rendered the page (the billing clock may run
 * ahead of the browser's outside production), so it never depends on the visitor's clock being right.
 */
const COUNTDOWN = `(()=>{const e=document.getElementById('expires');if(!e)return;const end=Date.now()+Number(e.dataset.left)*1000;const p=n=>String(n).padStart(2,'0');const f=()=>{const s=Math.max(0,Math.round((end-Date.now())/1000));e.textContent=s?(s>=3600?Math.floor(s/3600)+'h '+p(Math.floor(s%3600/60))+'m':p(Math.floor(s/60))+':'+p(s%60)):'now';if(!s)clearInterval(i)};const i=setInterval(f,1000);f()})();`;

const utc = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/** '59:12' or '2h 05m', as the countdown prints it, for the first paint. */
const formatLeft = (seconds: number) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (seconds <= 0) return 'now';
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)}h ${pad(Math.floor((seconds % 3600) / 60))}m`;
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
};

const timingFacts = (row: SandboxChargeRow, now: Date) => {
  if (row.status === 'new') {
    const left = Math.max(0, Math.round((row.expiresAt.getTime() - now.getTime()) / 1000));
    return `<dt>Expires in</dt><dd><span id="expires" data-left="${left}">${formatLeft(left)}</span></dd>
<dt>Expires at</dt><dd>${utc(row.expiresAt)}</dd>`;
  }
  if (row.status === 'expired') return `<dt>Expired at</dt><dd>${utc(row.expiresAt)}</dd>`;
  return `<dt>Updated</dt><dd>${utc(row.updatedAt)}</dd>`;
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export const SANDBOX_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${sha256(STYLES)}`,
  `script-src ${sha256(COUNTDOWN)}`,
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export type SandboxAction =
  | 'pay'
  | 'underpay'
  | 'overpay'
  | 'expire'
  | 'pay-unconfirmed'
  | 'confirm'
  | 'never-confirm';

/** How much each button sends: the rest, half the rest (to the cent, at least a cent), or $5.00 more. */
export const amountFor = (row: SandboxChargeRow, action: 'pay' | 'underpay' | 'overpay') => {
  const rest = money(row.amount).minus(row.paidAmount);
  const remaining = rest.lt('0.01') ? money(row.amount) : rest;
  if (action === 'underpay') {
    const half = remaining.div(2).toDecimalPlaces(2, ROUND_DOWN);
    return (half.lt('0.01') ? money('0.01') : half).toFixed(2);
  }
  if (action === 'overpay') return remaining.plus(5).toFixed(2);
  return remaining.toFixed(2);
};

const STATUS_TEXT: Record<SandboxChargeRow['status'], string> = {
  new: 'Awaiting payment',
  processing: 'Confirming',
  settled: 'Paid',
  expired: 'Expired',
  invalid: 'Invalid',
};

const statusLine = (row: SandboxChargeRow) => {
  const partial = row.status === 'new' && money(row.paidAmount).gt(0);
  const extra =
    row.exception === 'paid-late'
      ? ' (late)'
      : row.exception === 'overpaid'
        ? ' (over-paid)'
        : partial
          ? ' (partly)'
          : '';
  const tone = partial ? 'partial' : row.status;
  return `<p class="status ${tone}" role="status" data-status="${row.status}">${STATUS_TEXT[row.status]}${extra}</p>`;
};

const DONE_TEXT: Record<string, string> = {
  pay: 'Payment sent.',
  underpay: 'A partial payment was sent.',
  overpay: 'An over-payment was sent.',
  expire: 'The charge was left to expire.',
  late: 'A late payment was sent.',
  'pay-unconfirmed': 'A payment was sent; it is not confirmed yet.',
  confirm: 'The payment confirmed.',
  'never-confirm': 'The payment never confirmed: the charge is invalid.',
};

const flashFor = (done: SandboxPageProps['done']) => {
  const text = done ? DONE_TEXT[done.action] : undefined;
  if (!done || !text) return '';
  if (done.delivered === 'none')
    return '<p class="notice" role="status">Nothing was sent: this charge is closed.</p>';
  const ok = done.delivered === '200';
  return `<p class="notice${ok ? ' ok' : ''}" role="status">${text} CDCA was notified by a signed webhook (HTTP ${escapeHtml(done.delivered)}).</p>`;
};

/** Each button posts to its action with the page's link token, so only the link's holder can press it. */
const actionButton = (id: string, link: string, action: SandboxAction, label: string, style = '') =>
  `<form method="post" action="/sandbox-pay/${escapeHtml(encodeURIComponent(id))}/${action}?${SANDBOX_LINK_PARAM}=${escapeHtml(encodeURIComponent(link))}"><button class="button ${style}" type="submit" data-action="${action}">${escapeHtml(label)}</button></form>`;

const actionsFor = (row: SandboxChargeRow, link: string, enabled: boolean) => {
  if (!enabled) return '<p class="notice">Sandbox payments are switched off on this server.</p>';
  const button = (action: SandboxAction, label: string, style = '') =>
    actionButton(row.id, link, action, label, style);
  if (row.status === 'new') {
    // A 0-conf payment only on a charge with nothing paid yet: the sandbox books it as one unconfirmed payment.
    const unconfirmed = money(row.paidAmount).isZero()
      ? `\n${button('pay-unconfirmed', 'Pay, not confirmed yet', 'secondary')}`
      : '';
    return `<div class="actions">
${button('pay', `Pay ${formatUsd(money(amountFor(row, 'pay')))}`)}
<div class="row">${button('underpay', 'Under-pay', 'secondary')}${button('overpay', 'Over-pay', 'secondary')}</div>${unconfirmed}
${button('expire', 'Let expire', 'danger')}
</div>`;
  }
  // Processing: the network decides, as BTCPay's watcher would (docs/providers.md).
  if (row.status === 'processing') {
    return `<div class="actions"><div class="row">${button('confirm', 'Confirm')}${button('never-confirm', 'Never confirms', 'danger')}</div></div>`;
  }
  // Once paid late in full there is nothing left to pay; a second press would pay the whole amount again.
  if (row.status === 'expired' && row.exception !== 'paid-late') {
    return `<div class="actions">${button('pay', `Pay late anyway (${formatUsd(money(amountFor(row, 'pay')))})`, 'secondary')}</div>`;
  }
  return '';
};

export type SandboxPageProps = {
  row: SandboxChargeRow;
  hostedUrl: string;
  /** The link token the page was opened with; its buttons carry it. */
  link: string;
  now: Date;
  /** What was just done and how the webhook delivery went. */
  done?: { action: string; delivered: string } | undefined;
  actionsEnabled: boolean;
};

/** The hosted charge page: amount, QR code of this page, expiry, and the buttons a wallet would press. */
export const renderSandboxPage = async ({
  row,
  hostedUrl,
  link,
  now,
  done,
  actionsEnabled,
}: SandboxPageProps) => {
  const qr = await QRCode.toString(hostedUrl, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
  const paid = money(row.paidAmount);
  const open = row.status === 'new';
  const flash = flashFor(done);
  const body = `
<span class="sandbox">Sandbox · no real money</span>
<p class="amount">${formatUsd(money(row.amount))}<small>USD</small></p>
<p class="what">${escapeHtml(row.description)}</p>
${statusLine(row)}
${flash}
${open ? `<div class="qr" role="img" aria-label="QR code of this payment page">${qr}</div>` : ''}
<dl class="facts">
<dt>Paid so far</dt><dd data-paid>${formatUsd(paid)}</dd>
${timingFacts(row, now)}
</dl>
${actionsFor(row, link, actionsEnabled)}
<a class="${open ? 'back' : 'button'}" href="${escapeHtml(row.redirectUrl)}">Return to CDCA</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#0b0e14">
<title>Pay ${escapeHtml(formatUsd(money(row.amount)))} · CDCA sandbox checkout</title>
<style>${STYLES}</style>
</head>
<body>
<main>
<a class="wordmark" href="${escapeHtml(row.redirectUrl)}" aria-label="Back to CDCA"><svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false"><rect width="28" height="28" rx="8" fill="#22c55e"/><path d="M7 19l5-5 4 3 5-7" fill="none" stroke="#0b0e14" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg><span>CDCA</span></a>
<div class="card">
${body}
</div>
<p class="footer">Sandbox checkout: it behaves like a crypto payment provider, without any crypto.</p>
</main>
<script>${COUNTDOWN}</script>
</body>
</html>`;
};

/** A page that only says something (no such charge, a link that is not valid): the same look, no script. */
export const renderSandboxMessage = (title: string, message: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#0b0e14">
<title>${escapeHtml(title)} · CDCA sandbox checkout</title>
<style>${STYLES}</style>
</head>
<body>
<main>
<div class="card">
<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(message)}</p>
</div>
</main>
</body>
</html>`;
