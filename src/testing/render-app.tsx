import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RootState } from '../store/store';
import { paths } from '../config/paths';
import { LoginPage, RegisterPage } from '../features/auth';
import { PagesLayout } from '../app/shell';
import { createFakeAuth } from './fake-auth';
import { createFakeGateways } from './fake-gateways';
import { renderWithProviders } from './render-with-providers';

/** The Auth gateway of the account screens' tests; `vi.resetAllMocks()` after each test. */
export const fakeAuthApi = createFakeAuth();

/**
 * The account screens and the signed-in shell in a memory router, with the real store over fake
 * gateways (Auth: `fakeAuthApi`), under StrictMode like the app.
 */
export function renderApp(
  path: string,
  preloadedState?: Partial<RootState>,
  extraPages: Record<string, ReactElement> = {},
) {
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
  const gateways = createFakeGateways({ auth: fakeAuthApi });
  const view = renderWithProviders(<RouterProvider router={router} />, {
    preloadedState,
    gateways,
    strict: true,
  });
  return { ...view, router, gateways };
}
