import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { componentsStrings } from '../../components/components-strings';
import { authStrings } from './auth-strings';
import { spec } from '../../strings/spec';
import {
  deferred,
  fakeAuthApi as authApi,
  firebaseError,
  renderApp,
  sessionUser,
} from '../../testing';

const register = authApi.register;
const newUser = { ...sessionUser, emailVerified: false };

afterEach(() => vi.resetAllMocks());

function fields() {
  return {
    email: screen.getByLabelText(authStrings.auth.emailLabel),
    name: screen.getByLabelText(authStrings.auth.fullNameLabel),
    password: screen.getByLabelText(authStrings.auth.passwordLabel),
    submit: screen.getByRole('button', { name: spec.auth.signUp }),
  };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  const f = fields();
  await user.type(f.email, ' sara@example.com ');
  await user.type(f.name, 'Sara_Lee');
  await user.type(f.password, 'Secret123');
  return f;
}

describe('RegisterPage', () => {
  it('has labelled fields, a Sign up button and a link to login', () => {
    renderApp('/');
    const f = fields();
    expect(f.email).toHaveAttribute('type', 'email');
    expect(f.password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: authStrings.auth.signIn })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('shows the first failing rule under each field and sends nothing', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(fields().submit);
    const f = fields();
    expect(await screen.findByText(spec.validation.registerEmailRequired)).toBeInTheDocument();
    expect(screen.getByText(spec.validation.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(spec.validation.passwordRequired)).toBeInTheDocument();
    expect(f.email).toHaveAttribute('aria-invalid', 'true');
    expect(f.email).toHaveAccessibleDescription(spec.validation.registerEmailRequired);

    await user.type(f.email, 'sara@');
    await user.type(f.name, '9lives');
    await user.type(f.password, 'secret123');
    expect(await screen.findByText(spec.validation.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(spec.validation.nameStart)).toBeInTheDocument();
    expect(screen.getByText(spec.validation.passwordUpper)).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });

  it('toggles the password visibility', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(screen.getByRole('button', { name: componentsStrings.form.showPassword }));
    expect(fields().password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: componentsStrings.form.hidePassword }));
    expect(fields().password).toHaveAttribute('type', 'password');
  });

  it('registers on Enter, shows the three toasts and goes to /login after 2 s', async () => {
    register.mockResolvedValue(newUser);
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await fillIn(user);
    await user.keyboard('{Enter}');

    expect(await screen.findByText(spec.toast.accountCreated)).toBeInTheDocument();
    const shownAt = Date.now();
    expect(screen.getByText(spec.toast.verificationSent1)).toBeInTheDocument();
    expect(screen.getByText(spec.toast.verificationSent2)).toBeInTheDocument();
    expect(register).toHaveBeenCalledExactlyOnceWith({
      email: 'sara@example.com',
      password: 'Secret123',
      username: 'Sara_Lee',
    });
    expect(router.state.location.pathname).toBe('/');
    // Still locked during the delay: nothing can be sent twice.
    expect(fields().submit).toBeDisabled();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: 3000,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1900);
  });

  it('cannot be submitted twice while the request is in flight', async () => {
    const pending = deferred<typeof newUser>();
    register.mockReturnValue(pending.promise);
    const user = userEvent.setup();
    renderApp('/');
    const f = await fillIn(user);
    await user.click(f.submit);
    await waitFor(() => expect(f.submit).toBeDisabled());
    expect(f.submit).toHaveAttribute('aria-busy', 'true');
    await user.click(f.submit);
    await user.type(f.password, '{Enter}');
    expect(register).toHaveBeenCalledTimes(1);
    pending.resolve(newUser);
    expect(await screen.findByText(spec.toast.accountCreated)).toBeInTheDocument();
  });

  it('shows the raw error code and clears the fields on failure', async () => {
    register.mockRejectedValue(firebaseError('auth/email-already-in-use'));
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const f = await fillIn(user);
    await user.click(f.submit);

    expect(await screen.findByText('auth/email-already-in-use')).toBeInTheDocument();
    await waitFor(() => expect(fields().email).toHaveValue(''));
    expect(fields().name).toHaveValue('');
    expect(fields().password).toHaveValue('');
    expect(fields().submit).toBeEnabled();
    // Cleared, not scolded: no validation message for the emptied fields.
    expect(screen.queryByText(spec.validation.registerEmailRequired)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
