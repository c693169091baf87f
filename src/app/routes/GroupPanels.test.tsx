import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FriendRequest, Group, GroupMembership } from '../../lib/firebase/records';
import {
  createFakeGateways,
  loadEverythingEmpty,
  panel,
  renderSignedIn,
  row,
  type FakeGateways,
} from '../../testing';
import { HomePage } from './HomePage';

const group = (id: string, adminId: string, groupName: string): Group => ({
  id,
  adminId,
  adminName: adminId === 'me' ? 'Mia' : 'Zed',
  groupName,
  groupTag: `${groupName} tag`,
});
const entry = (
  groupId: string,
  uid: string,
  status: GroupMembership['status'],
): GroupMembership => ({
  groupId,
  uid,
  username: uid.toUpperCase(),
  status,
  at: 1,
});
const friendship = (uid: string): FriendRequest => ({
  id: `f-${uid}`,
  senderId: 'me',
  senderName: 'Mia',
  receiverId: uid,
  receiverName: uid.toUpperCase(),
  photo: '',
});

let fakes: FakeGateways;
let home: ReturnType<typeof renderSignedIn>;
beforeEach(() => {
  fakes = createFakeGateways();
  home = renderSignedIn(<HomePage />, fakes);
  loadEverythingEmpty(home.feeds);
});
afterEach(() => home.stop());

describe('My Groups', () => {
  it('creates a group through the plus icon, with validation first', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create a group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('Give the group a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Give the group a tag line')).toBeInTheDocument();
    expect(fakes.groups.createGroup).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Group name'), {
      target: { value: '  Hikers ' },
    });
    fireEvent.change(within(dialog).getByLabelText('Tag line'), { target: { value: 'Up a hill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakes.groups.createGroup).toHaveBeenCalledWith(
      { uid: 'me', username: 'Mia' },
      { groupName: 'Hikers', groupTag: 'Up a hill' },
    );
  });

  it('keeps the form filled and explains a failed create', async () => {
    fakes.groups.createGroup.mockRejectedValueOnce(
      new Error('PERMISSION_DENIED: Permission denied'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create a group' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: 'Hikers' } });
    fireEvent.change(within(dialog).getByLabelText('Tag line'), { target: { value: 'Up a hill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText(/Could not create the group/)).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByLabelText('Group name')).toHaveValue('Hikers');
  });

  it("invites friends with 'Add membar' and shows where each one stands", async () => {
    act(() => {
      home.feeds.myGroups.emit([group('g1', 'me', 'Hikers')]);
      home.feeds.friends.emit([
        friendship('ann'),
        friendship('ben'),
        friendship('cat'),
        friendship('dan'),
      ]);
    });
    act(() =>
      home.feeds.roster.emit(
        [
          entry('g1', 'ben', 'invited'),
          entry('g1', 'cat', 'member'),
          entry('g1', 'dan', 'requested'),
        ],
        'g1',
      ),
    );
    expect(within(row('My Groups', 'Hikers')).getByText('2 members')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add membar Hikers' }));
    const dialog = screen.getByRole('dialog', { name: 'Add members to Hikers' });
    const action = (name: string) =>
      within(within(dialog).getByRole('listitem', { name })).getByRole('button');
    expect(action('BEN')).toHaveTextContent('Invited');
    expect(action('CAT')).toHaveTextContent('Member');
    expect(action('DAN')).toHaveTextContent('Approve');
    fireEvent.click(action('ANN'));
    await waitFor(() =>
      expect(fakes.groups.invite).toHaveBeenCalledWith('g1', { uid: 'ann', username: 'ANN' }),
    );
  });

  it('lets the admin approve or decline a join request in the row', async () => {
    act(() => home.feeds.myGroups.emit([group('g1', 'me', 'Hikers')]));
    act(() => home.feeds.roster.emit([entry('g1', 'dan', 'requested')], 'g1'));
    fireEvent.click(screen.getByRole('button', { name: 'Approve DAN' }));
    await waitFor(() =>
      expect(fakes.groups.admit).toHaveBeenCalledWith('g1', { uid: 'dan', username: 'DAN' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Decline DAN' }));
    await waitFor(() =>
      expect(fakes.groups.remove).toHaveBeenCalledWith('g1', { uid: 'dan', username: 'DAN' }),
    );
  });
});

describe('Group List', () => {
  beforeEach(() => {
    act(() => {
      home.feeds.groupPages.emit([group('g-open', 'zed', 'Open'), group('g-mine', 'me', 'Mine')]);
      home.feeds.myGroups.emit([group('g-mine', 'me', 'Mine')]);
      home.feeds.memberships.emit({ 'g-inv': 'invited', 'g-req': 'requested', 'g-in': 'member' });
    });
    act(() => {
      home.feeds.group.emit(group('g-inv', 'zed', 'Invited'), 'g-inv');
      home.feeds.group.emit(group('g-req', 'zed', 'Asked'), 'g-req');
      home.feeds.group.emit(group('g-in', 'zed', 'Joined'), 'g-in');
    });
  });

  it('shows groups run by others, my invitations first, never my own', () => {
    const names = within(panel('Group List'))
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(names).toEqual(['Invited', 'Joined', 'Asked', 'Open']);
    // The former disabled 'Requested' label now cancels the request.
    expect(
      within(row('Group List', 'Asked')).getByText('Waiting for the admin'),
    ).toBeInTheDocument();
    expect(within(row('Group List', 'Asked')).getByRole('button')).toHaveTextContent(
      'Cancel request',
    );
    expect(within(row('Group List', 'Asked')).getByRole('button')).toBeEnabled();
  });

  it("'Accept' joins an invitation, and asks to join any other group", async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invited' }));
    await waitFor(() =>
      expect(fakes.groups.admit).toHaveBeenCalledWith('g-inv', { uid: 'me', username: 'Mia' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept Open' }));
    await waitFor(() =>
      expect(fakes.groups.requestToJoin).toHaveBeenCalledWith('g-open', {
        uid: 'me',
        username: 'Mia',
      }),
    );
  });

  it('listens to the rosters of groups I run or joined, and the records of groups I have a status in', () => {
    expect(home.feeds.roster.keys().sort()).toEqual(['g-in', 'g-mine']);
    expect(home.feeds.group.keys().sort()).toEqual(['g-in', 'g-inv', 'g-req']);
    act(() => home.feeds.memberships.emit({ 'g-in': 'member' }));
    expect(home.feeds.group.keys()).toEqual(['g-in']);
  });

  it("shows a joined group's members", () => {
    act(() =>
      home.feeds.roster.emit(
        [entry('g-in', 'me', 'member'), entry('g-in', 'ann', 'member')],
        'g-in',
      ),
    );
    expect(within(row('Group List', 'Joined')).getByText('3 members')).toBeInTheDocument();
    expect(within(row('Group List', 'Joined')).getByText(/Zed, ANN, ME/)).toBeInTheDocument();
  });
});
