import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Group, GroupMembership } from '../../lib/firebase/records';
import {
  createFakeGateways,
  loadEverythingEmpty,
  renderSignedIn,
  row,
  type FakeGateways,
} from '../../testing';
import { HomePage } from './HomePage';

// The admin renames a group and removes members from My Groups.
const hikers: Group = {
  id: 'g1',
  adminId: 'me',
  adminName: 'Mia',
  groupName: 'Hikers',
  groupTag: 'Up a hill',
};
const member = (uid: string): GroupMembership => ({
  groupId: 'g1',
  uid,
  username: uid.toUpperCase(),
  status: 'member',
  at: 1,
});

let fakes: FakeGateways;
let home: ReturnType<typeof renderSignedIn>;
beforeEach(() => {
  fakes = createFakeGateways();
  home = renderSignedIn(<HomePage />, fakes);
  loadEverythingEmpty(home.feeds);
  act(() => home.feeds.myGroups.emit([hikers]));
  act(() => home.feeds.roster.emit([member('ann'), member('ben')], 'g1'));
});
afterEach(() => home.stop());

describe('My Groups administration', () => {
  it('renames with the name and tag rules checked before writing', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Rename Hikers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Hikers' });
    const name = within(dialog).getByLabelText('Group name');
    fireEvent.change(name, { target: { value: 'C' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The name must be 2 to 30 characters'),
    ).toBeInTheDocument();
    expect(fakes.groups.renameGroup).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: '  Climbers ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fakes.groups.renameGroup).toHaveBeenCalledWith('g1', {
        groupName: 'Climbers',
        groupTag: 'Up a hill',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the form open when the rename is refused', async () => {
    fakes.groups.renameGroup.mockRejectedValueOnce(new Error('PERMISSION_DENIED'));
    fireEvent.click(screen.getByRole('button', { name: 'Rename Hikers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Hikers' });
    fireEvent.change(within(dialog).getByLabelText('Group name'), {
      target: { value: 'Climbers' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakes.groups.renameGroup).toHaveBeenCalled());
    expect(screen.getByRole('dialog', { name: 'Rename Hikers' })).toBeInTheDocument();
  });

  it('removes a member', async () => {
    expect(within(row('My Groups', 'Hikers')).getByText('3 members')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove BEN' }));
    await waitFor(() =>
      expect(fakes.groups.remove).toHaveBeenCalledWith('g1', { uid: 'ben', username: 'BEN' }),
    );
  });
});
