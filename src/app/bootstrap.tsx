import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { Bounce, ToastContainer } from 'react-toastify';
import { observeAuth } from '../features/auth/auth-listeners';
import { authApi } from '../lib/firebase/auth';
import { productionGateways } from './production-gateways';
import { createAppRouter } from './router';
import { signedInLoader } from './signed-in';
import { makeStore } from './store';

export function bootstrap(rootElement: HTMLElement): void {
  const { gateways, loadDatabase } = productionGateways(authApi);
  const store = makeStore({ gateways });
  const loadSignedIn = signedInLoader(store.startListening, loadDatabase);
  observeAuth(store, gateways.auth, { beforeSignIn: loadSignedIn });
  const router = createAppRouter();

  createRoot(rootElement).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
        <ToastContainer position="top-center" autoClose={5000} theme="dark" transition={Bounce} />
      </Provider>
    </StrictMode>,
  );
}
