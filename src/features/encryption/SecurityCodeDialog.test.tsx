import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeGateways, renderWithProviders } from '../../testing';
import { createIdentity } from '../../lib/crypto/signing';
import { groupSafetyCode, safetyCode } from '../../lib/crypto/safety-code';
import { SecurityCodeNotice } from './SecurityCodeNotice';
import { VerifySecurityCode } from './VerifySecurityCode';
import { encryptionStrings } from './encryption-strings';
import { fakeRing, signInWithRing } from '../../testing/encryption-session';

/** Long enough for a code worked out under jsdom. */
const slow = { timeout: 15_000 };
const newIdentityKey = async () => (await createIdentity()).identity.publicKey;

/** Alice's chat with Bob; both have published identity keys (Bob none with `bobHasNone`). */
async function renderChat(bobHasNone = false) {
  const fakes = createFakeGateways();
  const view = renderWithProviders(
    <>
      <VerifySecurityCode friendUid="bob" friendName="Bob" />
      <SecurityCodeNotice friendUid="bob" friendName="Bob" />
    </>,
    { gateways: fakes },
  );
  const { pins, trust } = await signInWithRing(view.store, fakeRing(), 'alice');
  const [mine, bobs] = await Promise.all([newIdentityKey(), newIdentityKey()]);
  act(() => {
    fakes.identityFeed.emit(mine, 'alice');
    fakes.identityFeed.emit(bobHasNone ? null : bobs, 'bob');
  });
  return { ...view, fakes, pins, trust, mine, bobs };
}

const codeOf = (mine: string, bobs: string) =>
  safetyCode({ uid: 'alice', identityKey: mine }, { uid: 'bob', identityKey: bobs });

// Each code is 10,400 SHA-512 rounds, slower under jsdom than in a browser.
describe('Verify security code', { timeout: 30_000 }, () => {
  it('shows the 60 digits of both identity keys in twelve groups of five, and marks them verified on this device', async () => {
    const { fakes, pins, user, mine, bobs } = await renderChat();
    const expected = await codeOf(mine, bobs);
    // The first key seen is pinned here, unverified, without a word; nothing goes to the server.
    await waitFor(
      async () => expect(await pins.get('alice', 'bob')).toEqual({ key: bobs, verified: false }),
      slow,
    );
    await user.click(screen.getByRole('button', { name: encryptionStrings.verify }));
    const dialog = screen.getByRole('dialog', { name: encryptionStrings.verify });
    // The dialog's own live queries answer as the database would on opening.
    act(() => {
      fakes.identityFeed.emit(mine, 'alice');
      fakes.identityFeed.emit(bobs, 'bob');
    });
    const groups = await within(dialog).findAllByRole('listitem', {}, slow);
    expect(groups.map((g) => g.textContent)).toEqual(groupSafetyCode(expected));
    expect(groups).toHaveLength(12);
    await user.click(within(dialog).getByRole('button', { name: encryptionStrings.markVerified }));
    expect(
      await within(dialog).findByText(encryptionStrings.verifiedBadge, {}, slow),
    ).toBeInTheDocument();
    expect(await pins.get('alice', 'bob')).toEqual({ key: bobs, verified: true });
    expect(
      within(dialog).getByRole('button', { name: encryptionStrings.unmarkVerified }),
    ).toBeEnabled();
  });

  it("says 'Bob's security code changed' for a new identity key, unverifies Bob, and takes the key on OK", async () => {
    const { fakes, pins, trust, user, bobs } = await renderChat();
    await trust.accept('bob', bobs, true);
    expect(await screen.findByText(encryptionStrings.verifiedBadge, {}, slow)).toBeInTheDocument();
    expect(screen.queryByText("Bob's security code changed")).toBeNull();
    const forged = await newIdentityKey();
    act(() => fakes.identityFeed.emit(forged, 'bob'));
    expect(await screen.findByText("Bob's security code changed", {}, slow)).toBeInTheDocument();
    expect(screen.queryByText(encryptionStrings.verifiedBadge)).toBeNull();

    await user.click(screen.getByRole('button', { name: encryptionStrings.dismiss }));
    await waitFor(() => expect(screen.queryByText("Bob's security code changed")).toBeNull(), slow);
    expect(await pins.get('alice', 'bob')).toEqual({ key: forged, verified: false });
    // The server puts the old key back: Bob stays unverified, whatever it says.
    act(() => fakes.identityFeed.emit(bobs, 'bob'));
    expect(await screen.findByText("Bob's security code changed", {}, slow)).toBeInTheDocument();
    expect(screen.queryByText(encryptionStrings.verifiedBadge)).toBeNull();
  });

  it('explains that there is nothing to compare while Bob has no identity key', async () => {
    const { fakes, mine, user } = await renderChat(true);
    await user.click(screen.getByRole('button', { name: encryptionStrings.verify }));
    act(() => {
      fakes.identityFeed.emit(mine, 'alice');
      fakes.identityFeed.emit(null, 'bob');
    });
    expect(await screen.findByText(encryptionStrings.codeUnavailable('Bob'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: encryptionStrings.markVerified })).toBeDisabled();
  });
});
