import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { strings } from '../../strings';
import {
  deferred,
  fakeAuthApi as authApi,
  firebaseError,
  renderApp,
  sessionUser,
} from '../../testing';

const api = authApi;
const s = strings.auth;

afterEach(() => vi.resetAllMocks());

const email = () => screen.getByLabelText(s.emailLabel);
const password = () => screen.getByLabelText(s.passwordLabel);
const loginButton = () => screen.getByRole('button', { name: s.loginToContinue });

async function logIn(user: ReturnType<typeof userEvent.setup>, pw = 'Secret123') {
  await user.type(email(), 'sara@example.com');
  await user.type(password(), `${pw}{Enter}`);
}

describe('LoginPage', () => {
  it('has Google, the labelled fields, the reset link, the submit button and Sign up', () => {
    renderApp('/login');
    expect(screen.getByRole('button', { name: s.loginWithGoogle })).toBeInTheDocument();
    expect(email()).toBeInTheDocument();
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: s.forgetPassword })).toBeInTheDocument();
    expect(loginButton()).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: s.signUp })).toHaveAttribute('href', '/');
  });

  it("says 'Emile is empty' and checks the password rules", async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(loginButton());
    expect(await screen.findByText(strings.validation.loginEmailRequired)).toBeInTheDocument();
    expect(screen.getByText(strings.validation.passwordRequired)).toBeInTheDocument();
    await user.type(password(), 'Secret12');
    await user.clear(password());
    await user.type(password(), 'SECRET123');
    expect(await screen.findByText(strings.validation.passwordLower)).toBeInTheDocument();
    expect(api.signInWithPassword).not.toHaveBeenCalled();
  });

  it('logs in on Enter, toasts success and opens home after 1 s', async () => {
    api.signInWithPassword.mockResolvedValue({ status: 'signedIn', user: sessionUser });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await logIn(user);
    expect(await screen.findByText(strings.toast.loginSuccess)).toBeInTheDocument();
    const shownAt = Date.now();
    expect(api.signInWithPassword).toHaveBeenCalledExactlyOnceWith('sara@example.com', 'Secret123');
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home'), {
      timeout: 5000,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(900);
  });

  it('refuses an unverified account and stays', async () => {
    api.signInWithPassword.mockResolvedValue({ status: 'emailNotVerified' });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await logIn(user);
    expect(await screen.findByText(strings.toast.emailNotVerified)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(loginButton()).toBeEnabled();
  });

  it.each(['auth/invalid-credential', 'auth/wrong-password', 'auth/user-not-found'])(
    "maps %s to 'Invalid Email or Password'",
    async (code) => {
      api.signInWithPassword.mockRejectedValue(firebaseError(code));
      const user = userEvent.setup();
      renderApp('/login');
      await logIn(user, 'Wrong1234');
      expect(await screen.findByText(strings.toast.invalidCredential)).toBeInTheDocument();
      expect(screen.queryByText(code)).not.toBeInTheDocument();
      expect(email()).toHaveValue('sara@example.com');
    },
  );

  it('shows any other code raw and clears both fields', async () => {
    api.signInWithPassword.mockRejectedValue(firebaseError('auth/too-many-requests'));
    const user = userEvent.setup();
    renderApp('/login');
    await logIn(user);
    expect(await screen.findByText('auth/too-many-requests')).toBeInTheDocument();
    await waitFor(() => expect(email()).toHaveValue(''));
    expect(password()).toHaveValue('');
  });

  it('locks both sign-in buttons while one request is in flight', async () => {
    const pending = deferred<{ status: 'emailNotVerified' }>();
    api.signInWithPassword.mockReturnValue(pending.promise);
    const user = userEvent.setup();
    renderApp('/login');
    await logIn(user);
    await waitFor(() => expect(loginButton()).toBeDisabled());
    expect(screen.getByRole('button', { name: s.loginWithGoogle })).toBeDisabled();
    await user.type(password(), '{Enter}');
    expect(api.signInWithPassword).toHaveBeenCalledTimes(1);
    pending.resolve({ status: 'emailNotVerified' });
    await waitFor(() => expect(loginButton()).toBeEnabled());
  });

  describe('Google', () => {
    it('signs in and opens home', async () => {
      api.signInWithGoogle.mockResolvedValue({ ...sessionUser, providerIds: ['google.com'] });
      const user = userEvent.setup();
      const { router } = renderApp('/login');
      await user.click(screen.getByRole('button', { name: s.loginWithGoogle }));
      expect(await screen.findByText(strings.toast.loginSuccess)).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home'), {
        timeout: 5000,
      });
    });

    it('shows the raw code when the popup fails', async () => {
      api.signInWithGoogle.mockRejectedValue(firebaseError('auth/internal-error'));
      const user = userEvent.setup();
      const { router } = renderApp('/login');
      const google = screen.getByRole('button', { name: s.loginWithGoogle });
      await user.click(google);
      expect(await screen.findByText('auth/internal-error')).toBeInTheDocument();
      expect(google).toBeEnabled();
      expect(router.state.location.pathname).toBe('/login');
    });
  });

  describe('reset panel', () => {
    async function openReset(user: ReturnType<typeof userEvent.setup>) {
      await user.click(screen.getByRole('button', { name: s.forgetPassword }));
      return screen.getByRole('region', { name: s.resetTitle });
    }

    it("asks for an e-mail with 'Entire a Valid email'", async () => {
      const user = userEvent.setup();
      renderApp('/login');
      await openReset(user);
      expect(screen.getByLabelText(s.emailLabel)).toHaveFocus();
      await user.click(screen.getByRole('button', { name: s.sendResetEmail }));
      expect(await screen.findByText(strings.validation.resetEmailRequired)).toBeInTheDocument();
      await user.type(screen.getByLabelText(s.emailLabel), 'nope{Enter}');
      expect(await screen.findByText(strings.validation.resetEmailRequired)).toBeInTheDocument();
      expect(api.sendPasswordReset).not.toHaveBeenCalled();
    });

    it('sends the reset e-mail to the typed address and goes back to login', async () => {
      api.sendPasswordReset.mockResolvedValue();
      const user = userEvent.setup();
      renderApp('/login');
      await user.type(email(), 'sara@example.com');
      await openReset(user);
      expect(screen.getByLabelText(s.emailLabel)).toHaveValue('sara@example.com');
      await user.click(screen.getByRole('button', { name: s.sendResetEmail }));
      expect(await screen.findByText(s.resetSent)).toBeInTheDocument();
      expect(api.sendPasswordReset).toHaveBeenCalledExactlyOnceWith('sara@example.com');
      expect(loginButton()).toBeInTheDocument();
      expect(email()).toHaveValue('sara@example.com');
    });

    it('shows the raw code when sending fails, and Back to login closes it', async () => {
      api.sendPasswordReset.mockRejectedValue(firebaseError('auth/network-request-failed'));
      const user = userEvent.setup();
      renderApp('/login');
      await openReset(user);
      await user.type(screen.getByLabelText(s.emailLabel), 'sara@example.com{Enter}');
      expect(await screen.findByText('auth/network-request-failed')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: s.backToLogin }));
      expect(loginButton()).toBeInTheDocument();
    });
  });
});
