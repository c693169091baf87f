import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Friendship } from '../../lib/firebase/records';
import { componentsStrings } from '../../components/components-strings';
import { friendsStrings } from './friends-strings';
import {
  createFakeGateways,
  loadEverythingEmpty,
  renderSignedIn,
  type FakeGateways,
} from '../../testing';
import { FriendListPanel } from './FriendListPanel';

const friendship: Friendship = {
  id: 'f1',
  senderId: 'me',
  senderName: 'Me',
  receiverId: 'ben',
  receiverName: 'Ben',
  photo: '',
};

let fakes: FakeGateways;
let view: ReturnType<typeof renderSignedIn>;
beforeEach(() => {
  fakes = createFakeGateways();
  view = renderSignedIn(<FriendListPanel />, fakes);
  loadEverythingEmpty(view.feeds);
  act(() => view.feeds.friends.emit([friendship]));
});
afterEach(() => view.stop());

const blockButton = () => screen.getByRole('button', { name: 'Block Ben' });
const dialog = () => screen.getByRole('dialog', { name: friendsStrings.a11y.blockTitle('Ben') });

describe('Block on the Friend List', () => {
  it('asks first, saying what happens, and cancelling changes nothing', async () => {
    const user = userEvent.setup();
    await user.click(blockButton());
    expect(dialog()).toHaveAccessibleDescription(friendsStrings.a11y.blockBody('Ben'));
    expect(fakes.friends.block).not.toHaveBeenCalled();
    await user.click(within(dialog()).getByRole('button', { name: componentsStrings.a11y.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(blockButton()).toHaveFocus();
    await user.click(blockButton());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fakes.friends.block).not.toHaveBeenCalled();
  });

  it('blocks once on confirmation and closes', async () => {
    const user = userEvent.setup();
    await user.click(blockButton());
    await user.click(
      within(dialog()).getByRole('button', { name: friendsStrings.a11y.blockConfirm }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakes.friends.block).toHaveBeenCalledExactlyOnceWith(friendship, 'me');
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    await user.click(blockButton());
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
  });
});
