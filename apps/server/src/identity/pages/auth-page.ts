import { escapeHtml } from '../html.ts';
import { PASSWORD_MIN_LENGTH } from '../password-policy.ts';
import { type Page, renderPage } from './layout.ts';

export type AuthMode = 'sign-in' | 'sign-up';

export type AuthPageProps = {
  mode: AuthMode;
  uid: string;
  homeUrl: string;
  email?: string;
  /** Shown in a role="alert" box above the form. */
  error?: string;
  /** Bullet points under the error (password rules that failed). */
  problems?: string[];
};

const TEXT = {
  'sign-in': { title: 'Sign in', lead: 'Welcome back. Sign in to manage your epics.', submit: 'Sign in' },
  'sign-up': {
    title: 'Create account',
    lead: 'Start automating your DCA in minutes.',
    submit: 'Create account',
  },
} as const;

export const interactionPath = (uid: string) => `/interaction/${encodeURIComponent(uid)}`;
export const formAction = (uid: string, mode: AuthMode) => `${interactionPath(uid)}/${mode}`;
const tabHref = (uid: string, mode: AuthMode) =>
  `${interactionPath(uid)}?mode=${mode === 'sign-up' ? 'signup' : 'signin'}`;

const tab = (uid: string, mode: AuthMode, current: AuthMode) =>
  `<a href="${escapeHtml(tabHref(uid, mode))}"${mode === current ? ' aria-current="page"' : ''}>${TEXT[mode].title}</a>`;

const alert = (error: string, problems: string[]) =>
  `<div class="alert" role="alert" id="form-error">${escapeHtml(error)}${
    problems.length ? `<ul>${problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join('')}</ul>` : ''
  }</div>`;

/** One card, two tabs: "Sign in" and "Create account", each posting to its own handler. */
export const renderAuthPage = ({
  mode,
  uid,
  homeUrl,
  email = '',
  error,
  problems = [],
}: AuthPageProps): Page => {
  const text = TEXT[mode];
  const signingUp = mode === 'sign-up';
  const describedBy = (own?: string) => {
    const ids = [error ? 'form-error' : undefined, own].filter(Boolean).join(' ');
    return ids ? ` aria-describedby="${ids}"` : '';
  };
  const invalid = error ? ' aria-invalid="true"' : '';
  const body = `
<nav class="tabs" aria-label="Sign in or create an account">${tab(uid, 'sign-in', mode)}${tab(uid, 'sign-up', mode)}</nav>
<h1>${text.title}</h1>
<p class="lead">${text.lead}</p>
${error ? alert(error, problems) : ''}
<form id="${mode}-form" method="post" action="${escapeHtml(formAction(uid, mode))}" novalidate>
<div class="field">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="email" autocapitalize="none" spellcheck="false" required value="${escapeHtml(email)}"${describedBy()}${error && !problems.length ? invalid : ''}${email ? '' : ' autofocus'}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="${signingUp ? 'new-password' : 'current-password'}" required${describedBy(signingUp ? 'password-hint' : undefined)}${error ? invalid : ''}${email ? ' autofocus' : ''}>
${signingUp ? `<p class="hint" id="password-hint">At least ${PASSWORD_MIN_LENGTH} characters, mixing at least two of letters, digits and symbols.</p>` : ''}
</div>
<button class="button" type="submit">${text.submit}</button>
</form>
<p class="switch">${
    signingUp
      ? `Already have an account? <a href="${escapeHtml(tabHref(uid, 'sign-in'))}">Sign in</a>`
      : `New to CDCA? <a href="${escapeHtml(tabHref(uid, 'sign-up'))}">Create an account</a>`
  }</p>`;
  return renderPage({ title: text.title, body, homeUrl });
};
