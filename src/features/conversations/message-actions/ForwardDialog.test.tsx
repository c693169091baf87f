import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationMessage } from '../../../lib/firebase/conversations/message';
import type { FriendRequest, Group, GroupMembership } from '../../../lib/firebase/records';
import {
  createFakeGateways,
  loadEverythingEmpty,
  renderSignedIn,
  type FakeGateways,
} from '../../../testing';
import { ForwardDialog } from './ForwardDialog';
import { conversationOpened } from '../timeline/conversations-slice';

const friendship = (uid: string, name: string): FriendRequest => ({
  id: `rel-${uid}`,
  senderId: uid,
  senderName: name,
  receiverId: 'me',
  receiverName: 'Mia',
  photo: '',
});
const group = (id: string, adminId: string, groupName: string): Group => ({
  id,
  adminId,
  adminName: adminId === 'me' ? 'Mia' : 'Zed',
  groupName,
  groupTag: '',
});
const member = (groupId: string, uid: string): GroupMembership => ({
  groupId,
  uid,
  username: uid.toUpperCase(),
  status: 'member',
  at: 1,
});
const text: ConversationMessage = {
  id: 'm1',
  text: 'see you at 8?\nat the station',
  senderId: 'bo',
  senderName: 'Bo',
  receiverId: 'me',
  receiverName: 'Mia',
  createdAt: 1000,
};

let fakes: FakeGateways;
let app: ReturnType<typeof renderSignedIn>;
const onClose = vi.fn();
const dialog = () => screen.getByRole('dialog', { name: 'Forward message' });
function start(message: ConversationMessage) {
  fakes = createFakeGateways();
  app = renderSignedIn(<ForwardDialog message={message} onClose={onClose} />, fakes);
  loadEverythingEmpty(app.feeds, [friendship('bo', 'Bo'), friendship('cy', 'Cy')]);
  act(() => {
    app.feeds.myGroups.emit([group('g-mine', 'me', 'Hiking club')]);
    app.feeds.memberships.emit({ 'g-in': 'member' });
  });
  act(() => {
    app.feeds.group.emit(group('g-in', 'zed', 'Book club'), 'g-in');
    app.feeds.roster.emit([member('g-mine', 'ann')], 'g-mine');
    app.feeds.roster.emit([member('g-in', 'me'), member('g-in', 'ann')], 'g-in');
  });
}

beforeEach(() => onClose.mockReset());
afterEach(() => app.stop());

describe('ForwardDialog', () => {
  it('lists my groups and friends, searches them by name, and shows what is forwarded', async () => {
    start(text);
    expect(within(dialog()).getByText('see you at 8?')).toBeInTheDocument();
    expect(within(dialog()).getByRole('group', { name: 'Groups' })).toBeInTheDocument();
    expect(
      within(within(dialog()).getByRole('group', { name: 'Groups' })).getAllByRole('checkbox'),
    ).toHaveLength(2);
    expect(within(dialog()).getByRole('checkbox', { name: /Hiking club/ })).toBeInTheDocument();
    expect(within(dialog()).getByRole('checkbox', { name: /Book club/ })).toBeInTheDocument();
    expect(within(dialog()).getByRole('checkbox', { name: /Bo$/ })).toBeInTheDocument();
    expect(within(dialog()).getByRole('checkbox', { name: /Cy$/ })).toBeInTheDocument();
    // The search field has the focus; the list follows what is typed.
    const search = within(dialog()).getByRole('searchbox', { name: 'Search conversations' });
    await waitFor(() => expect(search).toHaveFocus());
    const user = userEvent.setup();
    await user.type(search, 'CLUB');
    expect(within(dialog()).getAllByRole('checkbox')).toHaveLength(2);
    await user.clear(search);
    await user.type(search, 'zz');
    expect(within(dialog()).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(dialog()).getByText('No conversation matches that name.')).toBeInTheDocument();
  });

  it('sends a copy marked forwarded to each conversation picked, then closes', async () => {
    start(text);
    const user = userEvent.setup();
    const forward = () => within(dialog()).getByRole('button', { name: /^Forward/ });
    expect(forward()).toBeDisabled();
    await user.click(within(dialog()).getByRole('checkbox', { name: /Cy$/ }));
    await user.click(within(dialog()).getByRole('checkbox', { name: /Hiking club/ }));
    expect(forward()).toHaveAccessibleName('Forward to 2 chats');
    await user.click(forward());
    await waitFor(() => expect(fakes.conversations.group.send).toHaveBeenCalledTimes(1));
    expect(fakes.conversations.direct.send).toHaveBeenCalledWith(
      { conversationId: 'rel-cy', from: { uid: 'me', name: 'Mia' }, to: { uid: 'cy', name: 'Cy' } },
      text.text,
      undefined,
      { forwarded: true },
    );
    expect(fakes.conversations.group.send).toHaveBeenCalledWith(
      { groupId: 'g-mine', from: { uid: 'me', name: 'Mia' }, to: ['ann'] },
      text.text,
      undefined,
      { forwarded: true },
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('forwards a photo as a photo with its caption, read from the open conversation', async () => {
    const photo: ConversationMessage = {
      ...text,
      text: 'the view',
      image: { id: 'm1', width: 800, height: 600, caption: 'the view', sender: 'bo' },
    };
    start(photo);
    // The message is in the open conversation (Bo's): its bytes are read from there.
    act(() => {
      app.store.dispatch(conversationOpened('rel-bo'));
    });
    fakes.chatImages.readFull.mockResolvedValue('data:image/webp;base64,FULL');
    fakes.chatImages.readThumb.mockResolvedValue('data:image/webp;base64,THUMB');
    expect(within(dialog()).getByText('Photo: the view')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(dialog()).getByRole('checkbox', { name: /Bo$/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Forward to 1 chat' }));
    await waitFor(() => expect(fakes.chatImages.send).toHaveBeenCalledTimes(1));
    // The sender's key opens a sealed photo: it is read with its sender.
    expect(fakes.chatImages.readFull).toHaveBeenCalledWith('d:rel-bo', 'm1', 'bo');
    expect(fakes.chatImages.send).toHaveBeenCalledWith(
      expect.objectContaining({ conversationId: 'rel-bo' }),
      {
        full: 'data:image/webp;base64,FULL',
        thumb: 'data:image/webp;base64,THUMB',
        width: 800,
        height: 600,
      },
      'the view',
      { forwarded: true },
    );
    expect(fakes.conversations.direct.send).not.toHaveBeenCalled();
  });

  it('forwards a voice message as one, its bytes read back from the open conversation', async () => {
    const descriptor = {
      name: 'voice',
      type: 'audio/webm',
      size: 3,
      chunks: 1,
      durationMs: 12_000,
      levels: [1, 2],
    };
    const file = { id: 'm1', kind: 'voice' as const, sender: 'bo', stored: 's2.x', descriptor };
    const voice: ConversationMessage = {
      ...text,
      text: 'Voice message 0:12',
      sealed: 'open',
      file,
    };
    start(voice);
    act(() => {
      app.store.dispatch(conversationOpened('rel-bo'));
    });
    const blob = new Blob(['abc'], { type: 'audio/webm' });
    fakes.chatFiles.download.mockResolvedValue(blob);
    const user = userEvent.setup();
    await user.click(within(dialog()).getByRole('checkbox', { name: /Bo$/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Forward to 1 chat' }));
    await waitFor(() => expect(fakes.chatFiles.send).toHaveBeenCalledTimes(1));
    expect(fakes.chatFiles.download).toHaveBeenCalledWith('d:rel-bo', file, true);
    expect(fakes.chatFiles.send).toHaveBeenCalledWith(
      expect.objectContaining({ conversationId: 'rel-bo' }),
      { kind: 'voice', blob, descriptor, words: 'Voice message 0:12' },
      { forwarded: true },
    );
    expect(fakes.conversations.direct.send).not.toHaveBeenCalled();
  });

  it('says so when a photo cannot be read any more, and sends nothing', async () => {
    start({ ...text, image: { id: 'm1', width: 8, height: 6, caption: '' } });
    const user = userEvent.setup();
    await user.click(within(dialog()).getByRole('checkbox', { name: /Bo$/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Forward to 1 chat' }));
    expect(
      await screen.findByText(
        'Could not forward the message to Bo: the photo could not be read, so it was not forwarded',
      ),
    ).toBeInTheDocument();
    expect(fakes.chatImages.send).not.toHaveBeenCalled();
  });

  it('closes on Escape and on Cancel', async () => {
    start(text);
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
