import { createRoot, type Root } from 'react-dom/client';
import { type BootTarget, quickBootTarget, signedInHere } from './app/public/boot.ts';
import './index.css';

const showLoadFailure = (container: HTMLElement) => {
  container.innerHTML =
    '<main style="display:grid;place-items:center;min-height:100vh;padding:24px;text-align:center">' +
    '<div><h1 style="font-size:22px">CDCA could not load</h1>' +
    '<p style="color:#8b93a7">A newer version may have been released. <a href="" style="color:#22c55e">Reload the page</a>.</p></div></main>';
};

const startAccount = (root: Root) =>
  // Zod must be configured before the account app's modules build their schemas (lib/zod-without-eval.ts).
  import('./lib/zod-without-eval.ts')
    .then(() => import('./app/account/app.tsx'))
    .then(({ startAccountApp }) => startAccountApp(root));

/** Where this page load goes; the route manifest is fetched only when the entry cannot tell alone (boot.ts). */
const targetOf = (signedIn: boolean): Promise<BootTarget> => {
  const quick = quickBootTarget(window.location, signedIn);
  if (quick) return Promise.resolve(quick);
  return import('./app/public/boot-target.ts').then(({ bootTarget }) =>
    bootTarget(window.location, signedIn),
  );
};

const start = (root: Root, container: HTMLElement, target: BootTarget): Promise<unknown> => {
  if (target.app === 'public') {
    return import('./app/public/app.tsx').then(({ startPublicSite }) =>
      startPublicSite(root, container, target.path),
    );
  }
  if (target.app === 'sign-in') {
    return import('./app/sign-in/app.tsx').then(({ startSignIn }) =>
      startSignIn(root, target.from) ? undefined : startAccount(root),
    );
  }
  return startAccount(root);
};

/**
 * The entry holds React and the choice of app; each app is its own chunk, fetched with its dependencies in one
 * round of parallel requests (docs/decisions/code-splitting.md): the small public site for a visitor who is not
 * signed in, the sign-in page on the way to the identity provider, and the account app (sign-in answer, live data,
 * the signed-in screens) for everyone else.
 */
const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  targetOf(signedInHere())
    .then((target) => start(root, container, target))
    .catch(() => showLoadFailure(container));
}
