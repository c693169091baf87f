import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FriendRequest, Group, GroupMembership } from '../../lib/firebase/records';
import { createFakeGateways, loadEverythingEmpty, renderSignedIn } from '../../testing';
import { MyGroupsPanel } from '../groups';

/** Writes naming a person use their current name: the rules compare it with users/{uid}. */
const hikers: Group = {
  id: 'g1',
  adminId: 'me',
  adminName: 'Mia',
  groupName: 'Hikers',
  groupTag: 'Up',
};
const bo: FriendRequest = {
  id: 'rel-bo',
  senderId: 'bo',
  senderName: 'Bo',
  receiverId: 'me',
  receiverName: 'Mia',
  photo: '',
};
const renamed = { uid: 'bo', username: 'Boris', usernameLower: 'boris', photo: '' };

function adminScreen(roster: GroupMembership[]) {
  const fakes = createFakeGateways();
  const app = renderSignedIn(<MyGroupsPanel />, fakes);
  loadEverythingEmpty(app.feeds, [bo]);
  act(() => app.feeds.myGroups.emit([hikers]));
  act(() => app.feeds.roster.emit(roster, 'g1'));
  return { ...app, fakes };
}

describe('actions on a renamed person', () => {
  it('Add membar lists and invites a friend by their current name', async () => {
    const { feeds, fakes } = adminScreen([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add membar Hikers' }));
    const dialog = await screen.findByRole('dialog');
    act(() => feeds.profiles.emit(renamed, 'bo'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite Boris' }));
    await waitFor(() =>
      expect(fakes.groups.invite).toHaveBeenCalledWith('g1', { uid: 'bo', username: 'Boris' }),
    );
  });

  it('approves a join request under the current name', async () => {
    const asked: GroupMembership = {
      groupId: 'g1',
      uid: 'bo',
      username: 'Bo',
      status: 'requested',
      at: 1,
    };
    const { feeds, fakes } = adminScreen([asked]);
    act(() => feeds.profiles.emit(renamed, 'bo'));
    fireEvent.click(screen.getByRole('button', { name: 'Approve Boris' }));
    await waitFor(() =>
      expect(fakes.groups.admit).toHaveBeenCalledWith('g1', { uid: 'bo', username: 'Boris' }),
    );
  });
});
