import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeGateways, renderWithProviders } from '../../testing';
import { RecoveryError } from '../../lib/crypto/key-ring/key-ring';
import type { DeviceRecord } from '../../lib/firebase/encryption/gateway';
import { EncryptionBanners } from './EncryptionBanners';
import { encryptionStrings } from './encryption-strings';
import { removedDeviceStrings } from './removed-device-strings';
import {
  backupReceived,
  devicesVerified,
  encryptionUpgraded,
  selectKeysRevision,
  thisDeviceRemoved,
} from './encryption-slice';
import { fakeRing, signInWithRing, THIS_DEVICE } from '../../testing/encryption-session';

const device = (deviceId: string, label: string, approvedBy: string | null): DeviceRecord => ({
  deviceId,
  label,
  publicKey: 'B'.repeat(87),
  createdAt: 1,
  lastSeenAt: 1,
  approvedBy,
  signature: approvedBy === null ? null : 'signed',
});
const LAPTOP = 'laptop-id-0000000001';
const RECOVERY_KEY = '0123456789ABCDEFGHJKMNPQRSTVWXYZ0123456789ABCDEFGHJKMNPQ';

async function renderBanners() {
  const fakes = createFakeGateways();
  const ring = fakeRing();
  const view = renderWithProviders(<EncryptionBanners />, { gateways: fakes });
  await signInWithRing(view.store, ring);
  /** My devices as the server lists them; those with `approvedBy` here are also signed. */
  const emit = (devices: DeviceRecord[]) => {
    fakes.deviceFeed.emit(devices);
    view.store.dispatch(
      devicesVerified(devices.filter((d) => d.approvedBy !== null).map((d) => d.deviceId)),
    );
  };
  return { ...view, fakes, ring, emit };
}

describe('A new device', () => {
  it('asks an approved device to approve my new one, approves it and says so', async () => {
    const { emit, ring, user } = await renderBanners();
    ring.approve.mockResolvedValue({ keys: 3, refused: 0 });
    act(() =>
      emit([
        device(THIS_DEVICE, 'Chrome on Linux', THIS_DEVICE),
        device(LAPTOP, 'Firefox on Windows', null),
      ]),
    );
    const prompt = screen.getByRole('region', { name: encryptionStrings.approvePrompt });
    expect(prompt).toHaveTextContent('A new device signed in: approve?');
    expect(prompt).toHaveTextContent('Firefox on Windows');
    await user.click(within(prompt).getByRole('button', { name: encryptionStrings.approve }));
    expect(ring.approve).toHaveBeenCalledWith(LAPTOP);
    expect(
      await screen.findByText(encryptionStrings.approved('Firefox on Windows')),
    ).toBeInTheDocument();
    // Once the laptop is marked approved, the prompt goes.
    act(() =>
      emit([
        device(THIS_DEVICE, 'Chrome on Linux', THIS_DEVICE),
        device(LAPTOP, 'Firefox on Windows', THIS_DEVICE),
      ]),
    );
    expect(screen.queryByRole('region', { name: encryptionStrings.approvePrompt })).toBeNull();
  });

  it('keeps the prompt with a message when the approval fails, and hides it on Not now', async () => {
    const { emit, ring, user } = await renderBanners();
    ring.approve.mockRejectedValue(new Error('offline'));
    act(() =>
      emit([
        device(THIS_DEVICE, 'Chrome on Linux', THIS_DEVICE),
        device(LAPTOP, 'Firefox on Windows', null),
      ]),
    );
    await user.click(screen.getByRole('button', { name: encryptionStrings.approve }));
    expect(await screen.findByRole('alert')).toHaveTextContent(encryptionStrings.approveFailed);
    await user.click(screen.getByRole('button', { name: encryptionStrings.notNow }));
    expect(screen.queryByRole('region', { name: encryptionStrings.approvePrompt })).toBeNull();
  });

  it('shows no prompt on a device that is itself waiting, but offers the recovery key', async () => {
    const { emit } = await renderBanners();
    act(() =>
      emit([
        device(THIS_DEVICE, 'Chrome on Linux', null),
        device(LAPTOP, 'Firefox on Windows', null),
      ]),
    );
    expect(screen.queryByRole('region', { name: encryptionStrings.approvePrompt })).toBeNull();
    expect(screen.getByText(encryptionStrings.waitingApproval)).toBeInTheDocument();
  });

  it('takes a copied approval field for nothing: this device still waits, and is offered the recovery key', async () => {
    const { fakes, store } = await renderBanners();
    // The server says this device was approved, with a signature copied from another device: it
    // does not verify (the listener finds none of mine signed), so this device still waits.
    act(() => {
      fakes.deviceFeed.emit([device(THIS_DEVICE, 'Chrome on Linux', LAPTOP)]);
      store.dispatch(devicesVerified([]));
    });
    expect(screen.getByText(encryptionStrings.waitingApproval)).toBeInTheDocument();
  });

  it('unlocks older messages with the recovery key, and explains a refused one', async () => {
    const { emit, ring, store, user } = await renderBanners();
    act(() => emit([device(THIS_DEVICE, 'Chrome on Linux', null)]));
    await user.click(screen.getByRole('button', { name: encryptionStrings.enterRecovery }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: encryptionStrings.enterRecovery },
      // The dialog's module loads on its first opening (lazy-dialogs.tsx).
      { timeout: 5000 },
    );
    const field = within(dialog).getByLabelText(encryptionStrings.recoveryKeyLabel);

    await user.type(field, 'ABCD');
    await user.click(within(dialog).getByRole('button', { name: encryptionStrings.restore }));
    expect(
      await within(dialog).findByText(encryptionStrings.recoveryRefused['not-a-key']),
    ).toBeInTheDocument();
    expect(ring.restore).not.toHaveBeenCalled();

    ring.restore.mockRejectedValueOnce(new RecoveryError('wrong-key'));
    await user.clear(field);
    await user.type(field, RECOVERY_KEY);
    await user.click(within(dialog).getByRole('button', { name: encryptionStrings.restore }));
    expect(
      await within(dialog).findByText(encryptionStrings.recoveryRefused['wrong-key']),
    ).toBeInTheDocument();

    ring.restore.mockResolvedValueOnce({ keys: 4, refused: 0 });
    const before = selectKeysRevision(store.getState());
    await user.click(within(dialog).getByRole('button', { name: encryptionStrings.restore }));
    expect(await screen.findByText(encryptionStrings.restored)).toBeInTheDocument();
    expect(ring.restore).toHaveBeenLastCalledWith(RECOVERY_KEY);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(selectKeysRevision(store.getState())).toBe(before + 1);
    // Typing 60 characters one key at a time takes over 5 s on a loaded 2-core machine.
  }, 20_000);
});

describe('Save your recovery key', () => {
  it('reminds until saved: the dialog shows the key in groups, Later keeps the reminder, I saved it ends it', async () => {
    const { emit, ring, store, user } = await renderBanners();
    ring.recoveryKeyToSave.mockResolvedValue(RECOVERY_KEY);
    act(() => emit([device(THIS_DEVICE, 'Chrome on Linux', THIS_DEVICE)]));
    act(() => {
      store.dispatch(backupReceived({ exists: true, saved: false, holdsKey: true }));
    });
    expect(await screen.findByText(encryptionStrings.reminder)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: encryptionStrings.reminderAction }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: encryptionStrings.saveRecoveryTitle },
      { timeout: 5000 },
    );
    expect(await within(dialog).findByTestId('recovery-key')).toHaveTextContent(
      '0123 4567 89AB CDEF GHJK MNPQ RSTV WXYZ 0123 4567 89AB CDEF GHJK MNPQ',
    );
    await user.click(within(dialog).getByRole('button', { name: encryptionStrings.later }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(encryptionStrings.reminder)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: encryptionStrings.reminderAction }));
    await user.click(await screen.findByRole('button', { name: encryptionStrings.savedIt }));
    expect(ring.confirmSaved).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      store.dispatch(backupReceived({ exists: true, saved: true, holdsKey: true }));
    });
    expect(screen.queryByText(encryptionStrings.reminder)).toBeNull();
  });

  it('says so when the key cannot be prepared, and keeps the dialog closable', async () => {
    const { ring, store, user } = await renderBanners();
    ring.recoveryKeyToSave.mockRejectedValue(new Error('offline'));
    act(() => {
      store.dispatch(backupReceived({ exists: true, saved: false, holdsKey: true }));
    });
    await user.click(await screen.findByRole('button', { name: encryptionStrings.reminderAction }));
    expect(await screen.findByRole('alert')).toHaveTextContent(encryptionStrings.saveFailed);
    expect(screen.getByRole('button', { name: encryptionStrings.savedIt })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: encryptionStrings.later }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Your encryption was upgraded', () => {
  it('says so once, until OK', async () => {
    const { store, user } = await renderBanners();
    expect(screen.queryByText(encryptionStrings.upgradedDetail)).toBeNull();
    act(() => {
      store.dispatch(encryptionUpgraded());
    });
    const notice = screen.getByRole('region', { name: encryptionStrings.upgraded });
    expect(notice).toHaveTextContent('Your encryption was upgraded');
    await user.click(within(notice).getByRole('button', { name: encryptionStrings.dismiss }));
    expect(screen.queryByRole('region', { name: encryptionStrings.upgraded })).toBeNull();
  });
});

describe('A removed device', () => {
  it('covers its page with "This device was removed", whatever notice it showed', async () => {
    const { emit, store } = await renderBanners();
    act(() =>
      emit([
        device(THIS_DEVICE, 'Chrome on Linux', THIS_DEVICE),
        device(LAPTOP, 'Firefox on Windows', null),
      ]),
    );
    expect(screen.getByRole('region', { name: encryptionStrings.approvePrompt })).toBeVisible();
    act(() => {
      store.dispatch(thisDeviceRemoved());
    });
    const page = await screen.findByRole('alertdialog', { name: 'This device was removed' });
    expect(page).toHaveTextContent(removedDeviceStrings.body);
    expect(screen.queryByRole('region', { name: encryptionStrings.approvePrompt })).toBeNull();
  });
});
