import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { Bounce, ToastContainer } from 'react-toastify';
import { observeAuth } from '../features/auth/auth-listeners';
import { LiveRegion } from '../features/layout/LiveRegion';
import { browserDeferredAuthApi } from '../lib/firebase/deferred-auth';
import { productionGateways } from './production-gateways';
import { AppRouter } from './router';
import { signedInLoader } from './signed-in';
import { makeStore } from './store';

export function bootstrap(rootElement: HTMLElement): void {
  // Firebase Auth loads when there is a session to restore or the visitor acts (deferred-auth.ts).
  const authApi = browserDeferredAuthApi(() =>
    import('../lib/firebase/auth').then((m) => m.authApi),
  );
  const { gateways, loadDatabase } = productionGateways(authApi);
  const store = makeStore({ gateways });
  const loadSignedIn = signedInLoader(store.startListening, loadDatabase);
  observeAuth(store, gateways.auth, { beforeSignIn: loadSignedIn });

  createRoot(rootElement).render(
    <StrictMode>
      <Provider store={store}>
        <AppRouter />
        {/* Toasts are read out by the polite live region, not as alerts that interrupt. */}
        <ToastContainer
          position="top-center"
          autoClose={5000}
          theme="dark"
          transition={Bounce}
          role="none"
        />
        <LiveRegion />
      </Provider>
    </StrictMode>,
  );
}
