import { escapeHtml } from '../html.ts';
import { type Page, renderPage } from './layout.ts';

type LogoutPageProps = {
  /** oidc-provider's form (id "op.logoutForm", carrying the xsrf token); markup it escaped itself. */
  providerForm: string;
  homeUrl: string;
  cancelUrl: string;
  /** True when our own app asked (valid id_token_hint): sign out at once instead of asking. */
  autoSubmit: boolean;
};

// Clicking the button (not form.submit()) so that logout=yes is sent and the whole session ends.
const AUTO_SUBMIT = `document.getElementById('sign-out').click();`;

export const renderLogoutPage = ({ providerForm, homeUrl, cancelUrl, autoSubmit }: LogoutPageProps): Page =>
  renderPage({
    title: 'Sign out',
    homeUrl,
    script: autoSubmit ? AUTO_SUBMIT : undefined,
    body: `
<h1>${autoSubmit ? 'Signing you out…' : 'Sign out of CDCA?'}</h1>
<p class="lead">${autoSubmit ? 'One moment.' : 'You will need to sign in again to see your epics.'}</p>
${providerForm}
<button class="button" id="sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<a class="button secondary" href="${escapeHtml(cancelUrl)}">Stay signed in</a>`,
  });
