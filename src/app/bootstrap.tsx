import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { observeAuth } from '../features/auth/auth-listeners';
import { browserDeferredAuthApi } from '../lib/firebase/auth/shapes';
import { normalPath, PRERENDERED_ATTR } from '../prerender/markers';
import { AppTree } from './AppTree';
import { productionGateways } from './production-gateways';
import { signedOutScreens } from './signed-out-screens';
import { afterNextPaint, signedInLoader } from './signed-in';
import { dataLoadFailed, selectSessionStatus } from '../store/session';
import { makeStore } from './store';

export async function bootstrap(rootElement: HTMLElement): Promise<void> {
  // Firebase Auth loads when there is a session to restore or the visitor acts (deferred-auth.ts).
  const authApi = browserDeferredAuthApi(() =>
    // eslint-disable-next-line import-x/no-restricted-paths -- a lazy import names the one module it loads
    import('../lib/firebase/auth/gateway').then((m) => m.authApi),
  );
  const { gateways, loadDatabase } = productionGateways(authApi);
  const store = makeStore({ gateways });
  // A sign-in from a signed-out screen loads the database at once; a cold signed-in start
  // after its first paint.
  const loadSignedIn = signedInLoader(
    store.startListening,
    loadDatabase,
    afterNextPaint,
    () => selectSessionStatus(store.getState()) === 'signedOut',
    (error) => {
      console.error(error);
      store.dispatch(dataLoadFailed());
    },
  );
  observeAuth(store, gateways.auth, { beforeSignIn: loadSignedIn });

  const app = <AppTree store={store} Router={BrowserRouter} />;
  // The production build serves / and /login as HTML rendered at build time
  // (scripts/build/prerender.ts): the app takes that markup over instead of drawing it again.
  const prerendered = document.documentElement.getAttribute(PRERENDERED_ATTR);
  const path = normalPath(window.location.pathname);
  const screen = prerendered === path ? signedOutScreens[path] : undefined;
  if (screen) {
    await screen(); // its chunk first, so the whole page hydrates in one pass
    hydrateRoot(rootElement, app);
  } else {
    rootElement.replaceChildren(); // another route's HTML (a host serving index.html for all)
    createRoot(rootElement).render(app);
  }
}
