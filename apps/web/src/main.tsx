import { startPublicSite } from './app/public/app.tsx';
import { bootTarget, signedInHere } from './app/public/boot.ts';
import './index.css';

const showLoadFailure = (container: HTMLElement) => {
  container.innerHTML =
    '<main style="display:grid;place-items:center;min-height:100vh;padding:24px;text-align:center">' +
    '<div><h1 style="font-size:22px">CDCA could not load</h1>' +
    '<p style="color:#8b93a7">A newer version may have been released. <a href="" style="color:#22c55e">Reload the page</a>.</p></div></main>';
};

/**
 * Visitors get the small public site; the account app (sign-in, live data, the signed-in screens) is a separate
 * chunk, loaded only for someone signed in or a page that needs it (app/public/boot.ts).
 */
const container = document.getElementById('root');
if (container) {
  const target = bootTarget(window.location, signedInHere());
  if (target.app === 'public') {
    void startPublicSite(container, target.path);
  } else {
    // Zod must be configured before the account app's modules build their schemas (lib/zod-without-eval.ts).
    import('./lib/zod-without-eval.ts')
      .then(() => import('./app/account/app.tsx'))
      .then(
        ({ startAccountApp }) => startAccountApp(container),
        () => showLoadFailure(container),
      );
  }
}
