import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../lib/firebase/settings/gateway';
import { settingsStrings } from './settings-strings';
import { spec } from '../../strings/spec';
import { createFakeGateways, firebaseError, renderWithProviders } from '../../testing';
import { userSignedIn } from '../../store/session';
import { SettingsPage } from './SettingsPage';

function renderSettings() {
  const fakes = createFakeGateways();
  const view = renderWithProviders(<SettingsPage />, { gateways: fakes, route: '/pages/settings' });
  act(() => {
    view.store.dispatch(
      userSignedIn({
        uid: 'me',
        email: 'mia@example.com',
        displayName: 'Mia',
        photoURL: '',
        emailVerified: false,
      }),
    );
    fakes.noticeFeeds.settings.emit(DEFAULT_SETTINGS);
  });
  return { ...view, fakes };
}

describe('SettingsPage', () => {
  it('keeps the spec heading and shows each section', () => {
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    for (const title of [
      settingsStrings.settings.profile,
      settingsStrings.settings.account,
      settingsStrings.settings.privacy,
      settingsStrings.settings.notificationsSection,
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('mia@example.com')).toBeInTheDocument();
    expect(screen.getByText(`(${settingsStrings.settings.notVerified})`)).toBeInTheDocument();
  });

  it('saves a privacy switch on its own and says so; the switch follows the stored value', async () => {
    const { fakes, user } = renderSettings();
    const presence = screen.getByRole('switch', { name: settingsStrings.settings.showPresence });
    await user.click(presence);
    expect(fakes.settings.save).toHaveBeenCalledWith('me', 'showPresence', false);
    expect(await screen.findByText(settingsStrings.settings.saved)).toBeInTheDocument();
    // Still on until the database answers with the new value.
    expect(presence).toBeChecked();
    act(() => fakes.noticeFeeds.settings.emit({ ...DEFAULT_SETTINGS, showPresence: false }));
    expect(presence).not.toBeChecked();

    await user.selectOptions(
      screen.getByLabelText(settingsStrings.settings.friendRequests),
      settingsStrings.settings.nobody,
    );
    expect(fakes.settings.save).toHaveBeenLastCalledWith('me', 'friendRequests', 'nobody');
  });

  it('a failed save keeps the old value and shows why', async () => {
    const { fakes, user } = renderSettings();
    fakes.settings.save.mockRejectedValueOnce(new Error('PERMISSION_DENIED: Permission denied'));
    const receipts = screen.getByRole('switch', { name: settingsStrings.settings.readReceipts });
    await user.click(receipts);
    expect(
      await screen.findByText(new RegExp(settingsStrings.settings.saveFailed)),
    ).toBeInTheDocument();
    expect(receipts).toBeChecked();
  });

  it('checks the name with the registration rules before writing it', async () => {
    const { fakes, user } = renderSettings();
    const name = screen.getByLabelText(settingsStrings.settings.displayName);
    await user.clear(name);
    await user.type(name, 'M');
    await user.click(screen.getByRole('button', { name: settingsStrings.settings.saveName }));
    expect(screen.getByText(spec.validation.nameLength)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, '9lives');
    await user.click(screen.getByRole('button', { name: settingsStrings.settings.saveName }));
    expect(screen.getByText(spec.validation.nameStart)).toBeInTheDocument();
    expect(fakes.account.changeName).not.toHaveBeenCalled();
    await user.clear(name);
    await user.type(name, 'Mia_Rose');
    await user.click(screen.getByRole('button', { name: settingsStrings.settings.saveName }));
    expect(fakes.account.changeName).toHaveBeenCalledWith('me', 'Mia_Rose');
    expect(await screen.findByText(settingsStrings.settings.nameSaved)).toBeInTheDocument();
  });

  it('password: the current one is required, the new one follows the rules, errors are clear', async () => {
    const { fakes, user } = renderSettings();
    const submit = screen.getByRole('button', { name: settingsStrings.settings.changePassword });
    await user.click(submit);
    expect(screen.getByText(settingsStrings.settings.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(spec.validation.passwordRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText(settingsStrings.settings.currentPassword), 'Secret123');
    await user.type(screen.getByLabelText(settingsStrings.settings.newPassword), 'alllowercase1');
    await user.click(submit);
    expect(screen.getByText(spec.validation.passwordUpper)).toBeInTheDocument();
    expect(fakes.account.changePassword).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(settingsStrings.settings.newPassword));
    await user.type(screen.getByLabelText(settingsStrings.settings.newPassword), 'Newpass123');
    fakes.account.changePassword.mockRejectedValueOnce(firebaseError('auth/wrong-password'));
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      settingsStrings.settings.wrongPassword,
    );

    fakes.account.changePassword.mockRejectedValueOnce(
      firebaseError('auth/network-request-failed'),
    );
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(settingsStrings.settings.network);

    await user.click(submit);
    expect(fakes.account.changePassword).toHaveBeenLastCalledWith('Secret123', 'Newpass123');
    expect(await screen.findByText(settingsStrings.settings.passwordChanged)).toBeInTheDocument();
    expect(screen.getByLabelText(settingsStrings.settings.newPassword)).toHaveValue('');
  });

  it('resends the verification e-mail', async () => {
    const { fakes, user } = renderSettings();
    await user.click(screen.getByRole('button', { name: settingsStrings.settings.resend }));
    expect(fakes.account.resendVerification).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(settingsStrings.settings.resent)).toBeInTheDocument();
  });

  it('asks the browser for permission only when the switch is pressed', async () => {
    const { fakes, user } = renderSettings();
    let asked = 0;
    const FakeNotification = Object.assign(function Notification() {}, {
      permission: 'default',
      requestPermission: () => {
        asked += 1;
        return Promise.resolve('denied');
      },
    });
    const previous: unknown = Reflect.get(globalThis, 'Notification');
    Reflect.set(globalThis, 'Notification', FakeNotification);
    try {
      expect(asked).toBe(0);
      await user.click(
        screen.getByRole('switch', { name: settingsStrings.settings.browserNotifications }),
      );
      expect(asked).toBe(1);
      expect(await screen.findByText(settingsStrings.settings.browserDenied)).toBeInTheDocument();
      expect(fakes.settings.save).not.toHaveBeenCalled();
    } finally {
      Reflect.set(globalThis, 'Notification', previous);
    }
  });

  it('deletes the account only after the password and the confirmation', async () => {
    const { fakes, user } = renderSettings();
    const field = screen.getByLabelText(settingsStrings.settings.deletePassword);
    await user.click(screen.getByRole('button', { name: settingsStrings.settings.deleteAccount }));
    expect(
      screen.getAllByText(settingsStrings.settings.currentPasswordRequired).length,
    ).toBeGreaterThan(0);
    await user.type(field, 'Wrong1234');
    await user.click(screen.getByRole('button', { name: settingsStrings.settings.deleteAccount }));
    const dialog = screen.getByRole('dialog', {
      name: settingsStrings.settings.deleteConfirmTitle,
    });
    await user.click(within(dialog).getByRole('button', { name: settingsStrings.settings.cancel }));
    expect(fakes.account.deleteAccount).not.toHaveBeenCalled();

    fakes.account.deleteAccount.mockRejectedValueOnce(firebaseError('auth/wrong-password'));
    await user.click(screen.getByRole('button', { name: settingsStrings.settings.deleteAccount }));
    await user.click(screen.getByRole('button', { name: settingsStrings.settings.deleteConfirm }));
    expect(fakes.account.deleteAccount).toHaveBeenCalledWith('Wrong1234');
    expect(await screen.findByText(settingsStrings.settings.wrongPassword)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
