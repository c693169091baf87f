import { useState, type SyntheticEvent } from 'react';
import { toast } from '../../components/toast';
import { ValidationError } from 'yup';
import { useAppSelector, useGateways } from '../../store/hooks';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/PasswordField';
import { settingsStrings } from './settings-strings';
import { libStrings } from '../../lib/lib-strings';
import { registerSchema } from '../auth';
import { selectActiveUser } from '../../store/session';
import { accountErrorMessage } from './account-errors';
import { DeleteAccountForm } from './DeleteAccountForm';
import { SettingsSection } from './SettingsSection';

/** The first rule the new password breaks (the registration rules and messages), or null. */
function newPasswordProblem(value: string): string | null {
  try {
    registerSchema.validateSyncAt('password', { password: value });
    return null;
  } catch (error) {
    return error instanceof ValidationError ? error.message : libStrings.app.errorUnknown;
  }
}

/** My e-mail and its verification, and the password change (current password required). */
export function AccountSection() {
  const user = useAppSelector(selectActiveUser);
  const { account } = useGateways();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; form?: string }>({});
  const [busy, setBusy] = useState<'password' | 'resend' | null>(null);
  if (!user) return null;

  const changePassword = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found = {
      current: current ? undefined : settingsStrings.settings.currentPasswordRequired,
      next: newPasswordProblem(next) ?? undefined,
    };
    setErrors(found);
    if (found.current || found.next) return;
    setBusy('password');
    try {
      await account.changePassword(current, next);
      setCurrent('');
      setNext('');
      toast.success(settingsStrings.settings.passwordChanged);
    } catch (error) {
      setErrors({ form: accountErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    try {
      await account.resendVerification();
      toast.success(settingsStrings.settings.resent);
    } catch (error) {
      toast.error(`${settingsStrings.settings.resendFailed}: ${accountErrorMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <SettingsSection title={settingsStrings.settings.account}>
      <p className="text-slate-700">
        <span className="font-semibold">{settingsStrings.settings.email}: </span>
        <span data-testid="account-email">{user.email}</span>{' '}
        <span className={user.emailVerified ? 'text-emerald-700' : 'text-amber-700'}>
          (
          {user.emailVerified
            ? settingsStrings.settings.verified
            : settingsStrings.settings.notVerified}
          )
        </span>
      </p>
      {user.emailVerified ? null : (
        <Button variant="link" loading={busy === 'resend'} onClick={() => void resend()}>
          {settingsStrings.settings.resend}
        </Button>
      )}
      <form
        noValidate
        onSubmit={(e) => void changePassword(e)}
        className="mt-4 flex flex-col gap-3"
      >
        <PasswordField
          label={settingsStrings.settings.currentPassword}
          autoComplete="current-password"
          value={current}
          error={errors.current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <PasswordField
          label={settingsStrings.settings.newPassword}
          autoComplete="new-password"
          value={next}
          error={errors.next}
          onChange={(e) => setNext(e.target.value)}
        />
        {errors.form ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.form}
          </p>
        ) : null}
        <div>
          <Button type="submit" loading={busy === 'password'}>
            {settingsStrings.settings.changePassword}
          </Button>
        </div>
      </form>
      <DeleteAccountForm />
    </SettingsSection>
  );
}
