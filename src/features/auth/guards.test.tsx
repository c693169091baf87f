import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStrings } from './auth-strings';
import { shellStrings } from '../../app/shell/shell-strings';
import { spec } from '../../strings/spec';
import {
  fakeAuthApi as api,
  renderApp,
  sampleUser,
  sessionUser,
  signedIn,
  signedOut,
} from '../../testing';
import { userSignedIn } from '../../store/session';
import { returnPath } from './return-path';

afterEach(() => vi.resetAllMocks());

/** The password sign-in as Firebase does it: the observer reports the user before it resolves. */
function signInReportsSession(store: () => { dispatch: (action: unknown) => unknown }) {
  api.signInWithPassword.mockImplementation(() => {
    act(() => void store().dispatch(userSignedIn(sampleUser)));
    return Promise.resolve({ status: 'signedIn', user: sessionUser });
  });
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(authStrings.auth.emailLabel), 'sara@example.com');
  await user.type(screen.getByLabelText(authStrings.auth.passwordLabel), 'Secret123{Enter}');
}

describe('account screens for a signed-in user', () => {
  it.each(['/', '/login'])('%s leads straight to home', async (path) => {
    const { router } = renderApp(path, signedIn());
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home'));
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('waits for the restored session, then leaves /login', async () => {
    const { router, store } = renderApp('/login');
    expect(router.state.location.pathname).toBe('/login');
    act(() => void store.dispatch(userSignedIn(sampleUser)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home'));
  });

  it('keeps the 1 s delay and the toast when the sign-in happens on /login', async () => {
    const view = renderApp('/login', signedOut());
    signInReportsSession(() => view.store);
    await logIn(userEvent.setup());
    expect(await screen.findByText(spec.toast.loginSuccess)).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/pages/home'), {
      timeout: 5000,
    });
  });
});

describe('a signed-out visit to a signed-in page', () => {
  it('returns to that page after login, without the home-only toast', async () => {
    const view = renderApp('/pages/messages?x=1', signedOut());
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText(spec.toast.loginFailed)).not.toBeInTheDocument();
    signInReportsSession(() => view.store);
    await logIn(userEvent.setup());
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/pages/messages'), {
      timeout: 5000,
    });
    expect(view.router.state.location.search).toBe('?x=1');
    expect(await screen.findByText('Messages page')).toBeInTheDocument();
  });

  it("still says 'Login failed' for home and returns there", async () => {
    const { router } = renderApp('/pages/home', signedOut());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findAllByText(spec.toast.loginFailed)).toHaveLength(1);
    expect(returnPath(router.state.location.state)).toBe('/pages/home');
  });
});

describe('returnPath', () => {
  it('follows only /pages addresses', () => {
    expect(returnPath({ from: '/pages/settings' })).toBe('/pages/settings');
    expect(returnPath({ from: '/pages' })).toBe('/pages');
    expect(returnPath({ from: 'https://evil.example/pages/x' })).toBe('/pages/home');
    expect(returnPath({ from: '/pagesx' })).toBe('/pages/home');
    expect(returnPath({ from: '/login' })).toBe('/pages/home');
    expect(returnPath({ from: 42 })).toBe('/pages/home');
    expect(returnPath(null)).toBe('/pages/home');
  });
});

describe('the login toast', () => {
  it('is dismissed when the session it announced ends', async () => {
    api.signOut.mockResolvedValue();
    const view = renderApp('/login', signedOut());
    signInReportsSession(() => view.store);
    const user = userEvent.setup();
    await logIn(user);
    expect(await screen.findByText(spec.toast.loginSuccess)).toBeInTheDocument();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/pages/home'), {
      timeout: 5000,
    });
    await user.click(await screen.findByRole('button', { name: shellStrings.layout.logout }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    // jsdom runs no CSS animations: the toast starts its exit, which the browser would finish.
    const toastElement = screen.getByText(spec.toast.loginSuccess).closest('.Toastify__toast');
    await waitFor(() => expect(toastElement?.className).toMatch(/exit/));
    if (toastElement) fireEvent.animationEnd(toastElement);
    await waitFor(() =>
      expect(screen.queryByText(spec.toast.loginSuccess)).not.toBeInTheDocument(),
    );
  });
});
