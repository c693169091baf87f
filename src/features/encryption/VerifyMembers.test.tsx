import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeGateways, renderWithProviders } from '../../testing';
import { createIdentity } from '../../lib/crypto/signing';
import type { GroupMembership } from '../../lib/firebase/records';
import { groupReceived } from '../groups/groups-slice';
import { rosterReceived } from '../groups/groups-memberships-slice';
import { VerifyMembers } from './VerifyMembers';
import { encryptionStrings } from './encryption-strings';
import { fakeRing, signInWithRing } from '../../testing/encryption-session';

const slow = { timeout: 20_000 };
const newIdentityKey = async () => (await createIdentity()).identity.publicKey;
const member = (uid: string, username: string, status: GroupMembership['status']) => ({
  groupId: 'g1',
  uid,
  username,
  status,
  at: 1,
});

// Each member's code is 10,400 SHA-512 rounds, slower under jsdom than in a browser.
describe('Verify members', { timeout: 60_000 }, () => {
  it("lists each member but me with their state on this device, and opens one's code", async () => {
    const fakes = createFakeGateways();
    const view = renderWithProviders(<VerifyMembers groupId="g1" />, { gateways: fakes });
    const { trust } = await signInWithRing(view.store, fakeRing(), 'alice');
    act(() => {
      view.store.dispatch(
        groupReceived({
          id: 'g1',
          group: { id: 'g1', adminId: 'bob', adminName: 'Bob', groupName: 'Hikers', groupTag: '' },
        }),
      );
      view.store.dispatch(
        rosterReceived({
          groupId: 'g1',
          entries: [
            member('alice', 'Alice', 'member'),
            member('carol', 'Carol', 'member'),
            member('erin', 'Erin', 'member'),
            member('dave', 'Dave', 'invited'),
          ],
        }),
      );
    });
    const [mine, bobs, carolsOld, carolsNew] = await Promise.all(
      [1, 2, 3, 4].map(() => newIdentityKey()),
    );
    // Bob verified before on this device; Carol's key pinned, now another is published.
    await trust.accept('bob', bobs, true);
    await trust.accept('carol', carolsOld, false);

    await view.user.click(screen.getByRole('button', { name: encryptionStrings.verifyMembers }));
    act(() => {
      fakes.identityFeed.emit(mine, 'alice');
      fakes.identityFeed.emit(bobs, 'bob');
      fakes.identityFeed.emit(carolsNew, 'carol');
      fakes.identityFeed.emit(null, 'erin');
    });
    const list = screen.getByRole('list', { name: encryptionStrings.membersLabel('Hikers') });
    const row = (name: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((item) => item.textContent.startsWith(name));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Bob'),
      expect.stringContaining('Carol'),
      expect.stringContaining('Erin'),
    ]);
    await within(row('Bob')!).findByText(encryptionStrings.memberState.verified, {}, slow);
    await within(row('Carol')!).findByText(encryptionStrings.memberState.changed, {}, slow);
    await within(row('Erin')!).findByText(encryptionStrings.memberState.none, {}, slow);

    await view.user.click(
      within(row('Carol')!).getByRole('button', { name: encryptionStrings.verifyMember('Carol') }),
    );
    expect(screen.getByRole('dialog', { name: encryptionStrings.verify })).toBeInTheDocument();
  });
});
