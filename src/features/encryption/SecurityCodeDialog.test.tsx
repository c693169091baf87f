import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeGateways, renderWithProviders } from '../../testing';
import { createDeviceKeyPair, exportPublicKey } from '../../lib/crypto/device-keys';
import { groupSafetyCode, safetyCode } from '../../lib/crypto/safety-code';
import type { DeviceRecord } from '../../lib/firebase/encryption/gateway';
import { userSignedIn } from '../../store/session';
import { SecurityCodeNotice } from './SecurityCodeNotice';
import { VerifySecurityCode } from './VerifySecurityCode';
import { encryptionStrings } from './encryption-strings';

const record = (deviceId: string, publicKey: string): DeviceRecord => ({
  deviceId,
  label: 'Chrome on Linux',
  publicKey,
  createdAt: 1,
  lastSeenAt: 1,
  approvedBy: deviceId,
});
/** Long enough for a code worked out under jsdom. */
const slow = { timeout: 15_000 };
const newKey = async () => exportPublicKey((await createDeviceKeyPair()).publicKey);

async function renderChat() {
  const fakes = createFakeGateways();
  const view = renderWithProviders(
    <>
      <VerifySecurityCode friendUid="bob" friendName="Bob" />
      <SecurityCodeNotice friendUid="bob" friendName="Bob" />
    </>,
    { gateways: fakes },
  );
  act(() => {
    view.store.dispatch(
      userSignedIn({
        uid: 'alice',
        email: 'a@example.com',
        displayName: 'Alice',
        photoURL: '',
        emailVerified: true,
      }),
    );
  });
  const [mine, bobs] = await Promise.all([newKey(), newKey()]);
  act(() => {
    fakes.deviceFeed.emit([record('alice-device-0000001', mine)], 'alice');
    fakes.deviceFeed.emit([record('bob-device-000000001', bobs)], 'bob');
  });
  return { ...view, fakes, mine, bobs };
}

// Each code is 10,400 SHA-512 rounds, slower under jsdom than in a browser.
describe('Verify security code', { timeout: 30_000 }, () => {
  it('shows the 60 digits of both people’s keys in twelve groups of five, and marks them verified', async () => {
    const { fakes, user, mine, bobs } = await renderChat();
    act(() => fakes.securityCodeFeed.emit(null, 'bob'));
    const expected = await safetyCode(
      { uid: 'alice', publicKeys: [mine] },
      { uid: 'bob', publicKeys: [bobs] },
    );
    // The first code seen is stored, unverified, without a word.
    await waitFor(
      () =>
        expect(fakes.encryption.saveSecurityCode).toHaveBeenCalledWith('alice', 'bob', {
          code: expected,
          verified: false,
        }),
      slow,
    );
    await user.click(screen.getByRole('button', { name: encryptionStrings.verify }));
    const dialog = screen.getByRole('dialog', { name: encryptionStrings.verify });
    // The dialog's own live queries answer as the database would on opening.
    act(() => {
      fakes.deviceFeed.emit([record('bob-device-000000001', bobs)], 'bob');
      fakes.securityCodeFeed.emit({ code: expected, verified: false }, 'bob');
    });
    const groups = await within(dialog).findAllByRole('listitem', {}, slow);
    expect(groups.map((g) => g.textContent)).toEqual(groupSafetyCode(expected));
    expect(groups).toHaveLength(12);
    await user.click(within(dialog).getByRole('button', { name: encryptionStrings.markVerified }));
    expect(fakes.encryption.saveSecurityCode).toHaveBeenLastCalledWith('alice', 'bob', {
      code: expected,
      verified: true,
    });
    act(() => fakes.securityCodeFeed.emit({ code: expected, verified: true }, 'bob'));
    expect(
      await within(dialog).findByText(encryptionStrings.verifiedBadge, {}, slow),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: encryptionStrings.unmarkVerified }),
    ).toBeEnabled();
  });

  it("says 'Bob's security code changed' when Bob adds a device, and Bob is no longer verified", async () => {
    const { fakes, user, mine, bobs } = await renderChat();
    const before = await safetyCode(
      { uid: 'alice', publicKeys: [mine] },
      { uid: 'bob', publicKeys: [bobs] },
    );
    act(() => fakes.securityCodeFeed.emit({ code: before, verified: true }, 'bob'));
    expect(await screen.findByText(encryptionStrings.verifiedBadge, {}, slow)).toBeInTheDocument();
    expect(screen.queryByText("Bob's security code changed")).toBeNull();

    const laptop = await newKey();
    act(() =>
      fakes.deviceFeed.emit(
        [record('bob-device-000000001', bobs), record('bob-device-000000002', laptop)],
        'bob',
      ),
    );
    expect(await screen.findByText("Bob's security code changed", {}, slow)).toBeInTheDocument();
    expect(screen.queryByText(encryptionStrings.verifiedBadge)).toBeNull();

    const after = await safetyCode(
      { uid: 'alice', publicKeys: [mine] },
      { uid: 'bob', publicKeys: [bobs, laptop] },
    );
    await user.click(screen.getByRole('button', { name: encryptionStrings.dismiss }));
    expect(fakes.encryption.saveSecurityCode).toHaveBeenLastCalledWith('alice', 'bob', {
      code: after,
      verified: false,
    });
    act(() => fakes.securityCodeFeed.emit({ code: after, verified: false }, 'bob'));
    await waitFor(() => expect(screen.queryByText("Bob's security code changed")).toBeNull(), slow);
  });

  it('explains that there is nothing to compare while Bob has no device', async () => {
    const { fakes, user } = await renderChat();
    await user.click(screen.getByRole('button', { name: encryptionStrings.verify }));
    act(() => {
      fakes.deviceFeed.emit([], 'bob');
      fakes.securityCodeFeed.emit(null, 'bob');
    });
    expect(await screen.findByText(encryptionStrings.codeUnavailable('Bob'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: encryptionStrings.markVerified })).toBeDisabled();
  });
});
