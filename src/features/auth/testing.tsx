import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { startAppListening } from '../../app/listener-middleware';
import { makeStore, type RootState } from '../../app/store';
import { paths } from '../../config/paths';
import { PagesLayout } from '../layout/PagesLayout';
import { addAuthListeners } from './auth-listeners';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';
import type { ActiveUser } from './session-slice';

let listenersRegistered = false;

export const sampleUser: ActiveUser = {
  uid: 'uid-sara',
  email: 'sara@example.com',
  displayName: 'Sara_Lee',
  photoURL: '/default-avatar.svg',
  emailVerified: true,
};

/**
 * Renders the account screens and the signed-in shell in a memory router with a real store,
 * the app's listeners and a toast container, under StrictMode like the app.
 */
export function renderApp(
  path: string,
  preloadedState?: Partial<RootState>,
  extraPages: Record<string, ReactElement> = {},
) {
  if (!listenersRegistered) {
    // Only this feature's listeners: other features would open real database subscriptions.
    addAuthListeners(startAppListening);
    listenersRegistered = true;
  }
  const store = makeStore(preloadedState);
  const router = createMemoryRouter(
    [
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.login, element: <LoginPage /> },
      {
        path: paths.pages,
        element: <PagesLayout />,
        children: [
          { path: 'home', element: <p>Home page</p> },
          { path: 'messages', element: <p>Messages page</p> },
          ...Object.entries(extraPages).map(([p, element]) => ({ path: p, element })),
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
        <ToastContainer position="top-center" autoClose={5000} theme="dark" />
      </Provider>
    </StrictMode>,
  );
  return { ...view, store, router };
}

export function signedIn(user: ActiveUser = sampleUser): Partial<RootState> {
  return { session: { status: 'signedIn', activeUser: user, loggingOut: false } };
}

export function signedOut(): Partial<RootState> {
  return { session: { status: 'signedOut', activeUser: null, loggingOut: false } };
}
