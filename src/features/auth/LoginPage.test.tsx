import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStrings } from './auth-strings';
import { spec } from '../../strings/spec';
import {
  deferred,
  fakeAuthApi as authApi,
  firebaseError,
  renderApp,
  sessionUser,
} from '../../testing';

const api = authApi;

afterEach(() => vi.resetAllMocks());

const email = () => screen.getByLabelText(authStrings.auth.emailLabel);
const password = () => screen.getByLabelText(authStrings.auth.passwordLabel);
const loginButton = () => screen.getByRole('button', { name: spec.auth.loginToContinue });

async function logIn(user: ReturnType<typeof userEvent.setup>, pw = 'Secret123') {
  await user.type(email(), 'sara@example.com');
  await user.type(password(), `${pw}{Enter}`);
}

describe('LoginPage', () => {
  it('has Google, the labelled fields, the reset link, the submit button and Sign up', () => {
    renderApp('/login');
    expect(screen.getByRole('button', { name: spec.auth.loginWithGoogle })).toBeInTheDocument();
    expect(email()).toBeInTheDocument();
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: spec.auth.forgetPassword })).toBeInTheDocument();
    expect(loginButton()).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: spec.auth.signUp })).toHaveAttribute('href', '/');
  });

  it("says 'Emile is empty' and checks the password rules", async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(loginButton());
    expect(await screen.findByText(spec.validation.loginEmailRequired)).toBeInTheDocument();
    expect(screen.getByText(spec.validation.passwordRequired)).toBeInTheDocument();
    await user.type(password(), 'Secret12');
    await user.clear(password());
    await user.type(password(), 'SECRET123');
    expect(await screen.findByText(spec.validation.passwordLower)).toBeInTheDocument();
    expect(api.signInWithPassword).not.toHaveBeenCalled();
  });

  it('logs in on Enter, toasts success and opens home after 1 s', async () => {
    api.signInWithPassword.mockResolvedValue({ status: 'signedIn', user: sessionUser });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await logIn(user);
    expect(await screen.findByText(spec.toast.loginSuccess)).toBeInTheDocument();
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
    expect(await screen.findByText(spec.toast.emailNotVerified)).toBeInTheDocument();
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
      expect(await screen.findByText(spec.toast.invalidCredential)).toBeInTheDocument();
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
    expect(screen.getByRole('button', { name: spec.auth.loginWithGoogle })).toBeDisabled();
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
      await user.click(screen.getByRole('button', { name: spec.auth.loginWithGoogle }));
      expect(await screen.findByText(spec.toast.loginSuccess)).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home'), {
        timeout: 5000,
      });
    });

    it('shows the raw code when the popup fails', async () => {
      api.signInWithGoogle.mockRejectedValue(firebaseError('auth/internal-error'));
      const user = userEvent.setup();
      const { router } = renderApp('/login');
      const google = screen.getByRole('button', { name: spec.auth.loginWithGoogle });
      await user.click(google);
      expect(await screen.findByText('auth/internal-error')).toBeInTheDocument();
      expect(google).toBeEnabled();
      expect(router.state.location.pathname).toBe('/login');
    });
  });

  describe('reset panel', () => {
    async function openReset(user: ReturnType<typeof userEvent.setup>) {
      await user.click(screen.getByRole('button', { name: spec.auth.forgetPassword }));
      return screen.getByRole('region', { name: authStrings.auth.resetTitle });
    }

    it("asks for an e-mail with 'Entire a Valid email'", async () => {
      const user = userEvent.setup();
      renderApp('/login');
      await openReset(user);
      expect(screen.getByLabelText(authStrings.auth.emailLabel)).toHaveFocus();
      await user.click(screen.getByRole('button', { name: spec.auth.sendResetEmail }));
      expect(await screen.findByText(spec.validation.resetEmailRequired)).toBeInTheDocument();
      await user.type(screen.getByLabelText(authStrings.auth.emailLabel), 'nope{Enter}');
      expect(await screen.findByText(spec.validation.resetEmailRequired)).toBeInTheDocument();
      expect(api.sendPasswordReset).not.toHaveBeenCalled();
    });

    it('sends the reset e-mail to the typed address and goes back to login', async () => {
      api.sendPasswordReset.mockResolvedValue();
      const user = userEvent.setup();
      renderApp('/login');
      await user.type(email(), 'sara@example.com');
      await openReset(user);
      expect(screen.getByLabelText(authStrings.auth.emailLabel)).toHaveValue('sara@example.com');
      await user.click(screen.getByRole('button', { name: spec.auth.sendResetEmail }));
      expect(await screen.findByText(authStrings.auth.resetSent)).toBeInTheDocument();
      expect(api.sendPasswordReset).toHaveBeenCalledExactlyOnceWith('sara@example.com');
      expect(loginButton()).toBeInTheDocument();
      expect(email()).toHaveValue('sara@example.com');
    });

    it('shows the raw code when sending fails, and Back to login closes it', async () => {
      api.sendPasswordReset.mockRejectedValue(firebaseError('auth/network-request-failed'));
      const user = userEvent.setup();
      renderApp('/login');
      await openReset(user);
      await user.type(
        screen.getByLabelText(authStrings.auth.emailLabel),
        'sara@example.com{Enter}',
      );
      expect(await screen.findByText('auth/network-request-failed')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: spec.auth.backToLogin }));
      expect(loginButton()).toBeInTheDocument();
    });
  });
});
