import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellStrings } from './shell-strings';
import { spec } from '../../strings/spec';
import {
  fakeAuthApi as authApi,
  firebaseError,
  renderApp,
  sampleUser,
  signedIn,
  signedOut,
} from '../../testing';
import { dataLoadFailed, userSignedOut } from '../../store/session';

const api = authApi;

afterEach(() => vi.resetAllMocks());

describe('PagesLayout guard', () => {
  it('waits while the session is being restored instead of bouncing to /login', () => {
    const { router } = renderApp('/pages/home');
    expect(screen.getByRole('status')).toHaveTextContent(shellStrings.layout.checkingSession);
    expect(router.state.location.pathname).toBe('/pages/home');
  });

  it("sends a visitor without a session from home to /login with one 'Login failed'", async () => {
    const { router } = renderApp('/pages/home', signedOut());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findAllByText(spec.toast.loginFailed)).toHaveLength(1);
  });

  it('redirects other signed-in pages quietly', async () => {
    const { router } = renderApp('/pages/messages', signedOut());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText(spec.toast.loginFailed)).not.toBeInTheDocument();
  });

  it('shows the page once the restored session turns out signed in', () => {
    renderApp('/pages/home', signedIn());
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('says so, with a way to reload, when the data code could not be downloaded', () => {
    const { store } = renderApp('/pages/home', signedIn());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(dataLoadFailed());
    });
    expect(screen.getByRole('alert')).toHaveTextContent(shellStrings.app.dataLoadFailed);
    expect(screen.getByRole('button', { name: shellStrings.app.dataLoadReload })).toBeVisible();
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });
});

describe('Sidebar', () => {
  it('shows the name and picture and highlights the current link', () => {
    renderApp('/pages/messages', signedIn());
    expect(screen.getByText(sampleUser.displayName)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Sara_Lee/ })).toHaveAttribute(
      'src',
      sampleUser.photoURL,
    );
    const nav = screen.getByRole('navigation', { name: shellStrings.layout.mainNav });
    const current = nav.querySelector('[aria-current="page"]');
    expect(current).toHaveAttribute('href', '/pages/messages');
    expect(screen.getByRole('link', { name: shellStrings.layout.home })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('logs out, clears the stored user and goes to /login without an error toast', async () => {
    api.signOut.mockResolvedValue();
    localStorage.setItem('activeUser', JSON.stringify(sampleUser));
    localStorage.setItem('friendLists', '{}');
    const user = userEvent.setup();
    const { router, store } = renderApp('/pages/home', signedIn());
    await user.click(screen.getByRole('button', { name: shellStrings.layout.logout }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.signOut).toHaveBeenCalledTimes(1);
    expect(store.getState().session.status).toBe('signedOut');
    expect(localStorage.getItem('activeUser')).toBeNull();
    expect(localStorage.getItem('friendLists')).toBeNull();
    expect(screen.queryByText(spec.toast.loginFailed)).not.toBeInTheDocument();
  });

  it('stays quiet when the auth observer reports the logout before the button does', async () => {
    api.signOut.mockImplementation(() => {
      // Firebase notifies its observers before signOut() resolves.
      act(() => void store.dispatch(userSignedOut()));
      return Promise.resolve();
    });
    const user = userEvent.setup();
    const { router, store } = renderApp('/pages/home', signedIn());
    await user.click(screen.getByRole('button', { name: shellStrings.layout.logout }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText(spec.toast.loginFailed)).not.toBeInTheDocument();
  });

  it('shows the raw code and stays when logout fails', async () => {
    api.signOut.mockRejectedValue(firebaseError('auth/network-request-failed'));
    const user = userEvent.setup();
    const { router } = renderApp('/pages/home', signedIn());
    await user.click(screen.getByRole('button', { name: shellStrings.layout.logout }));
    expect(await screen.findByText('auth/network-request-failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pages/home');
  });
});
