import { escapeHtml } from '../html.ts';
import { type Page, renderPage } from './layout.ts';

export type MessagePageProps = {
  title: string;
  message: string;
  homeUrl: string;
  /** The main way on from here. */
  action?: { label: string; href: string };
  /** Extra detail in a role="alert" box (error pages). */
  detail?: string;
};

/** A card with a heading, a sentence and at most one button: errors, "link expired", "signed out". */
export const renderMessagePage = ({ title, message, homeUrl, action, detail }: MessagePageProps): Page =>
  renderPage({
    title,
    homeUrl,
    body: `
<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(message)}</p>
${detail ? `<div class="alert" role="alert">${escapeHtml(detail)}</div>` : ''}
${action ? `<a class="button" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a>` : ''}`,
  });
