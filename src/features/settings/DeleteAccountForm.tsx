import { useState, type SyntheticEvent } from 'react';
import { useAppDispatch, useGateways } from '../../store/hooks';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { PasswordField } from '../../components/PasswordField';
import { settingsStrings } from './settings-strings';
import { accountErrorMessage } from './account-errors';
import { deleteAccountLoggingOut } from './delete-account';

/**
 * Delete account: the password first, then a confirmation dialog. On success Firebase signs the
 * session out and the app goes to the login screen; on failure nothing was removed.
 */
export function DeleteAccountForm() {
  const { account } = useGateways();
  const dispatch = useAppDispatch();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const ask = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(password ? null : settingsStrings.settings.currentPasswordRequired);
    if (password) setConfirming(true);
  };
  const remove = async () => {
    setBusy(true);
    try {
      await deleteAccountLoggingOut(dispatch, account, password);
    } catch (failure) {
      setConfirming(false);
      setError(accountErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={ask}
      className="mt-6 flex flex-col gap-3 border-t border-slate-100 pt-4"
    >
      <PasswordField
        label={settingsStrings.settings.deletePassword}
        autoComplete="current-password"
        value={password}
        error={error ?? undefined}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div>
        <Button type="submit" variant="secondary" className="text-red-700">
          {settingsStrings.settings.deleteAccount}
        </Button>
      </div>
      {confirming ? (
        <Modal
          title={settingsStrings.settings.deleteConfirmTitle}
          description={settingsStrings.settings.deleteConfirmBody}
          onClose={() => setConfirming(false)}
        >
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {settingsStrings.settings.cancel}
            </Button>
            <Button loading={busy} onClick={() => void remove()}>
              {settingsStrings.settings.deleteConfirm}
            </Button>
          </div>
        </Modal>
      ) : null}
    </form>
  );
}
