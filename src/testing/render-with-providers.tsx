import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toasts } from '../components/Toasts';
import type { Gateways } from '../store/gateways';
import { registerSignedInListeners } from '../app/signed-in-listeners';
import { makeStore } from '../app/store';
import type { RootState } from '../store/store';
import { createFakeGateways } from './fake-gateways';

export interface RenderOptions {
  preloadedState?: Partial<RootState>;
  /** Fakes by default (see fake-gateways.ts); pass your own to inspect or steer them. */
  gateways?: Gateways;
  /** Renders `ui` for every path of a memory router that starts at `route`. */
  route?: string;
  /** Under StrictMode, as the app runs (effects run twice in development). */
  strict?: boolean;
  /** With the app's toast container (the default). */
  toasts?: boolean;
}

/**
 * `ui` with the app's real store (every listener registered, as after the first sign-in) over
 * the given gateways, and a toast container. Returns the store and a userEvent session.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    gateways = createFakeGateways(),
    route,
    strict = false,
    toasts = true,
  }: RenderOptions = {},
) {
  const store = makeStore({ preloadedState, gateways });
  registerSignedInListeners(store.startListening);
  const Providers = ({ children }: { children: ReactNode }) => {
    const tree = (
      <Provider store={store}>
        {children}
        {toasts && <Toasts />}
      </Provider>
    );
    return strict ? <StrictMode>{tree}</StrictMode> : tree;
  };
  const content = route ? (
    <RouterProvider
      router={createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] })}
    />
  ) : (
    ui
  );
  // As a wrapper, so that `rerender` keeps the store.
  const view = render(content, { wrapper: Providers });
  return { store, user: userEvent.setup(), ...view };
}

export { makeTestStore } from './test-store';
