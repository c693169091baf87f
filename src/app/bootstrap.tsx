import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { Bounce, ToastContainer } from 'react-toastify';
import { observeAuth } from '../features/auth/auth-listeners';
import { authApi } from '../lib/firebase/auth';
import { loadSignedInListeners, registerSessionListeners } from './listeners';
import { createAppRouter } from './router';
import { makeStore } from './store';

export function bootstrap(rootElement: HTMLElement): void {
  registerSessionListeners();
  const store = makeStore();
  observeAuth(store, authApi, { beforeSignIn: () => loadSignedInListeners() });
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
