import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userSignedOut } from '../../store/session';
import type { Block, DirectoryUser, FriendRequest } from '../../lib/firebase/records';
import {
  createFakeGateways,
  loadEverythingEmpty,
  me,
  panel,
  renderSignedIn,
  row,
  type FakeGateways,
} from '../../testing';
import { HomePage } from './HomePage';

const person = (uid: string, username: string): DirectoryUser => ({
  uid,
  username,
  usernameLower: username.toLowerCase(),
  photo: '',
});
const request = (id: string, from: DirectoryUser, to: DirectoryUser): FriendRequest => ({
  id,
  senderId: from.uid,
  senderName: from.username,
  receiverId: to.uid,
  receiverName: to.username,
  photo: '',
});
const blockOf = (id: string, by: DirectoryUser, blocked: DirectoryUser): Block => ({
  id,
  blockbyid: by.uid,
  blockbyName: by.username,
  blockid: blocked.uid,
  blockName: blocked.username,
});

const [ann, ben, cat, dan, eve, fay] = [
  person('ann', 'Ann'),
  person('ben', 'Ben'),
  person('cat', 'Cat'),
  person('dan', 'Dan'),
  person('eve', 'Eve'),
  person('fay', 'Fay'),
];

let fakes: FakeGateways;
let home: ReturnType<typeof renderSignedIn>;
beforeEach(() => {
  fakes = createFakeGateways();
  home = renderSignedIn(<HomePage />, fakes);
});
afterEach(() => home.stop());

describe('home dashboard', () => {
  it('shows six titled panels, each loading until its listener answers', () => {
    for (const title of [
      'Group List',
      'Friend List',
      'User List',
      'Friend Request',
      'My Groups',
      'Blocked Users',
    ]) {
      expect(panel(title)).toHaveAttribute('aria-busy', 'true');
    }
    loadEverythingEmpty(home.feeds);
    expect(panel('Friend List')).not.toHaveAttribute('aria-busy');
  });

  it('says what to do when a panel is empty', () => {
    loadEverythingEmpty(home.feeds);
    expect(
      within(panel('Friend List')).getByText(/Find people in the User List/),
    ).toBeInTheDocument();
    expect(within(panel('Friend Request')).getByText(/When someone adds you/)).toBeInTheDocument();
    expect(within(panel('My Groups')).getByText(/Press \+ to create one/)).toBeInTheDocument();
    expect(within(panel('Blocked Users')).getByText(/not blocked anyone/)).toBeInTheDocument();
  });

  it('shows a listener failure in its panel', () => {
    loadEverythingEmpty(home.feeds);
    act(() => home.feeds.friends.fail(new Error('permission_denied at /friendList')));
    expect(within(panel('Friend List')).getByText(/permission_denied/)).toBeInTheDocument();
  });

  it('labels every user by the relationship, and never lists me', () => {
    loadEverythingEmpty(home.feeds);
    act(() => {
      home.feeds.requests.emit([request('r1', me, ben), request('r2', cat, me)]);
      home.feeds.friends.emit([request('f1', dan, me)]);
      home.feeds.blocks.emit([blockOf('b1', me, eve), blockOf('b2', fay, me)]);
      home.feeds.userPages.emit([ann, ben, cat, dan, eve, fay, me]);
    });
    const label = (name: string) => within(row('User List', name)).getByRole('button').textContent;
    expect(label('Ann')).toBe('Add');
    expect(label('Ben')).toBe('panding');
    expect(label('Cat')).toBe('panding');
    expect(label('Dan')).toBe('Friend');
    expect(label('Eve')).toBe('Unblock');
    expect(label('Fay')).toBe('Blocked');
    expect(within(panel('User List')).queryByRole('listitem', { name: 'Mia' })).toBeNull();
    for (const name of ['Ben', 'Cat', 'Dan', 'Fay']) {
      expect(within(row('User List', name)).getByRole('button')).toBeDisabled();
    }
  });

  it('sends one request for a double click on Add', async () => {
    loadEverythingEmpty(home.feeds);
    act(() => home.feeds.userPages.emit([ann]));
    const add = within(row('User List', 'Ann')).getByRole('button', { name: 'Add Ann' });
    fireEvent.click(add);
    fireEvent.click(add);
    await waitFor(() => expect(fakes.friends.sendRequest).toHaveBeenCalledTimes(1));
    expect(fakes.friends.sendRequest).toHaveBeenCalledWith(
      { uid: 'me', username: 'Mia', photo: '' },
      { uid: 'ann', username: 'Ann' },
    );
  });

  it('shows a failed write in a toast and lets the user try again', async () => {
    loadEverythingEmpty(home.feeds);
    act(() => home.feeds.userPages.emit([ann]));
    fakes.friends.sendRequest.mockRejectedValueOnce(
      new Error('PERMISSION_DENIED: Permission denied'),
    );
    fireEvent.click(within(row('User List', 'Ann')).getByRole('button', { name: 'Add Ann' }));
    expect(
      await screen.findByText(/Could not send the friend request: the database refused/),
    ).toBeInTheDocument();
    const add = within(row('User List', 'Ann')).getByRole('button', { name: 'Add Ann' });
    await waitFor(() => expect(add).toBeEnabled());
    fireEvent.click(add);
    await waitFor(() => expect(fakes.friends.sendRequest).toHaveBeenCalledTimes(2));
  });

  it('accepts a request with any crossing one, blocks a friend and unblocks', async () => {
    loadEverythingEmpty(home.feeds);
    const incoming = request('r1', ann, me);
    const crossing = request('r0', me, ann);
    const friendship = request('f1', me, ben);
    const blocked = blockOf('b1', me, cat);
    act(() => {
      home.feeds.requests.emit([incoming, crossing]);
      home.feeds.friends.emit([friendship]);
      home.feeds.blocks.emit([blocked]);
    });
    fireEvent.click(
      within(row('Friend Request', 'Ann')).getByRole('button', { name: 'Accept Ann' }),
    );
    await waitFor(() =>
      expect(fakes.friends.acceptRequest).toHaveBeenCalledWith(incoming, [crossing]),
    );
    fireEvent.click(within(row('Friend List', 'Ben')).getByRole('button', { name: 'Block Ben' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Block Ben?' })).getByRole('button', {
        name: 'Block',
      }),
    );
    await waitFor(() => expect(fakes.friends.block).toHaveBeenCalledWith(friendship, 'me'));
    fireEvent.click(
      within(row('Blocked Users', 'Cat')).getByRole('button', { name: 'Unblock Cat' }),
    );
    await waitFor(() => expect(fakes.friends.unblock).toHaveBeenCalledWith(blocked, ''));
  });

  it('searches on the server, after typing pauses', async () => {
    loadEverythingEmpty(home.feeds);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users by name' }), {
      target: { value: ' BE' },
    });
    await waitFor(() =>
      expect(home.feeds.userPages.keys()).toEqual([{ search: 'be', after: null, pageSize: 50 }]),
    );
    act(() => home.feeds.userPages.emit([ben]));
    expect(row('User List', 'Ben')).toBeInTheDocument();
  });

  it('closes every listener on sign-out', async () => {
    loadEverythingEmpty(home.feeds);
    act(() => {
      home.store.dispatch(userSignedOut());
    });
    // The listeners clean up as soon as their effects see the sign-out.
    await waitFor(() => {
      for (const feed of Object.values(home.feeds)) expect(feed.open.size).toBe(0);
    });
  });
});
