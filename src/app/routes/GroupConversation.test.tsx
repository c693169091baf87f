import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../lib/firebase/conversations/message';
import type { Block, Group, GroupMembership } from '../../lib/firebase/records';
import {
  createFakeGateways,
  loadEverythingEmpty,
  renderSignedIn,
  row,
  type FakeGateways,
} from '../../testing';
import { MessagesPage } from './MessagesPage';

// Group conversations and membership on the messages page, over the fake gateways.
const group = (id: string, adminId: string, groupName: string): Group => ({
  id,
  adminId,
  adminName: adminId === 'me' ? 'Mia' : 'Zed',
  groupName,
  groupTag: `${groupName} tag`,
});
const member = (groupId: string, uid: string): GroupMembership => ({
  groupId,
  uid,
  username: uid.toUpperCase(),
  status: 'member',
  at: 1,
});
const msg = (
  id: string,
  senderId: string,
  text: string,
  createdAt = 1000,
): ConversationMessage => ({
  id,
  text: text,
  senderId: senderId,
  senderName: senderId === 'me' ? 'Mia' : senderId.toUpperCase(),
  receiverId: 'g-in',
  receiverName: '',
  createdAt,
});

let fakes: FakeGateways;
let app: ReturnType<typeof renderSignedIn>;
const chat = () => screen.getByRole('region', { name: 'Chat' });
const open = (name: string) =>
  fireEvent.click(
    within(row('Group List', name)).getByRole('button', { name: new RegExp(`^${name}`) }),
  );

beforeEach(() => {
  fakes = createFakeGateways();
  // The page keeps the phone layout's chat view in the history, so it needs a router.
  app = renderSignedIn(
    <MemoryRouter>
      <MessagesPage />
    </MemoryRouter>,
    fakes,
  );
  loadEverythingEmpty(app.feeds);
  act(() => {
    app.feeds.myGroups.emit([group('g-mine', 'me', 'Mine')]);
    app.feeds.memberships.emit({ 'g-in': 'member', 'g-req': 'requested' });
  });
  act(() => {
    app.feeds.group.emit(group('g-in', 'zed', 'Joined'), 'g-in');
    app.feeds.group.emit(group('g-req', 'zed', 'Asked'), 'g-req');
    app.feeds.roster.emit([member('g-in', 'me'), member('g-in', 'ann')], 'g-in');
  });
});
afterEach(() => app.stop());

describe('group chat on the messages page', () => {
  it('opens a group I belong to: header with name, count and avatars, messages with senders', () => {
    open('Joined');
    expect(within(chat()).getByRole('heading', { name: 'Joined' })).toBeInTheDocument();
    expect(within(chat()).getByText('3 members')).toBeInTheDocument();
    expect(fakes.conversations.group.subscribeLatest).toHaveBeenCalledWith(
      { id: 'g-in', pageSize: 50 },
      expect.any(Function),
      expect.any(Function),
    );
    act(() => app.feeds.groupMessages.emit([msg('m1', 'ann', 'Hi all'), msg('m2', 'me', 'Hey')]));
    const list = within(chat()).getByRole('feed', { name: 'Conversation in Joined' });
    expect(within(list).getByText('Hi all')).toBeInTheDocument();
    expect(within(list).getByText('ANN')).toBeInTheDocument();
    expect(within(list).getByText('Hey')).toBeInTheDocument();
  });

  it('opens a group I run, and not one I only asked to join', () => {
    open('Mine');
    expect(within(chat()).getByRole('heading', { name: 'Mine' })).toBeInTheDocument();
    expect(
      within(row('Group List', 'Asked')).queryByRole('button', { name: /^Asked/ }),
    ).not.toBeInTheDocument();
  });

  it('pages back like the one-to-one chat: older messages before the oldest loaded', async () => {
    open('Joined');
    const page = Array.from({ length: 50 }, (_, i) =>
      msg(`m${String(i + 10)}`, 'ann', `n${String(i)}`, i + 10),
    );
    act(() => app.feeds.groupMessages.emit(page));
    fireEvent.click(await within(chat()).findByRole('button', { name: 'Load older messages' }));
    await waitFor(() =>
      expect(fakes.conversations.group.fetchOlder).toHaveBeenCalledWith({
        id: 'g-in',
        before: page[0],
        pageSize: 50,
      }),
    );
    expect(app.feeds.groupMessages.keys()).toEqual(['g-in']);
  });

  it('sends as me to the admin and the other members, in one update with their counts', async () => {
    open('Joined');
    act(() => app.feeds.groupMessages.emit([]));
    fireEvent.change(within(chat()).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Hello group' },
    });
    fireEvent.click(within(chat()).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(fakes.conversations.group.send).toHaveBeenCalledWith(
        { groupId: 'g-in', from: { uid: 'me', name: 'Mia' }, to: ['zed', 'ann'] },
        'Hello group',
      ),
    );
  });

  it('leaves a person blocked either way out of the counts', async () => {
    const block: Block = {
      id: 'b1',
      blockid: 'me',
      blockName: 'Mia',
      blockbyid: 'ann',
      blockbyName: 'ANN',
    };
    act(() => app.feeds.blocks.emit([block]));
    open('Joined');
    act(() => app.feeds.groupMessages.emit([]));
    fireEvent.change(within(chat()).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Hi' },
    });
    fireEvent.click(within(chat()).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(fakes.conversations.group.send).toHaveBeenCalledWith(
        { groupId: 'g-in', from: { uid: 'me', name: 'Mia' }, to: ['zed'] },
        'Hi',
      ),
    );
  });

  it('has the one-to-one composer: emoji and photos', () => {
    open('Joined');
    act(() => app.feeds.groupMessages.emit([]));
    expect(within(chat()).getByRole('button', { name: 'Send a photo' })).toBeEnabled();
    expect(within(chat()).getByRole('button', { name: /emoji/i })).toBeEnabled();
  });

  it("shows the group's last message, time and unread count on its row", () => {
    act(() =>
      app.feeds.inbox.emit(
        {
          'g:g-in': {
            conversationId: 'g-in',
            kind: 'group',
            unread: 3,
            lastMessageId: 'm9',
            lastSenderId: 'ann',
            lastText: 'See you there',
            lastKind: 'text',
            lastAt: Date.now(),
          },
        },
        'me',
      ),
    );
    const joined = row('Group List', 'Joined');
    expect(within(joined).getByText('ANN: See you there')).toBeInTheDocument();
    expect(within(joined).getByText('3 unread messages')).toBeInTheDocument();
  });

  it('says Seen by N under my latest message once others read it', () => {
    open('Joined');
    act(() => app.feeds.groupMessages.emit([msg('m1', 'me', 'Anyone?', 1000)]));
    expect(within(chat()).getByText('Sent')).toBeInTheDocument();
    act(() =>
      app.feeds.groupReadMarkers.emit(
        { ann: { at: 2000, messageId: 'm1' }, zed: { at: 500, messageId: 'm0' } },
        'g-in',
      ),
    );
    expect(within(chat()).getByText('Seen by 1')).toBeInTheDocument();
  });

  it('closes the listener and the conversation the moment my membership ends', () => {
    open('Joined');
    act(() => app.feeds.groupMessages.emit([msg('m1', 'ann', 'Secret plans')]));
    expect(app.feeds.groupMessages.keys()).toEqual(['g-in']);
    act(() => app.feeds.memberships.emit({}));
    expect(app.feeds.groupMessages.keys()).toEqual([]);
    expect(within(chat()).queryByText('Secret plans')).not.toBeInTheDocument();
    expect(
      within(chat()).getByText('You are not a member of Joined any more.'),
    ).toBeInTheDocument();
    expect(within(chat()).getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });

  it('collapses messages from someone I blocked until I ask to see them', () => {
    const block: Block = {
      id: 'b1',
      blockid: 'ann',
      blockName: 'ANN',
      blockbyid: 'me',
      blockbyName: 'Mia',
    };
    act(() => app.feeds.blocks.emit([block]));
    open('Joined');
    act(() => app.feeds.groupMessages.emit([msg('m1', 'ann', 'Blocked words')]));
    expect(within(chat()).queryByText('Blocked words')).not.toBeInTheDocument();
    expect(within(chat()).getByText('Message from a blocked person')).toBeInTheDocument();
    fireEvent.click(within(chat()).getByRole('button', { name: 'Show' }));
    expect(within(chat()).getByText('Blocked words')).toBeInTheDocument();
  });
});

describe('membership actions on the Group List', () => {
  it('leaves a group only after confirming', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Leave Joined' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave Joined?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fakes.groups.remove).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Leave Joined' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Leave Joined' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Leave Joined?' })).getByRole('button', {
        name: 'Leave group',
      }),
    );
    await waitFor(() =>
      expect(fakes.groups.remove).toHaveBeenCalledWith('g-in', { uid: 'me', username: 'Mia' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancels my join request', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Cancel request Asked' }));
    await waitFor(() =>
      expect(fakes.groups.remove).toHaveBeenCalledWith('g-req', { uid: 'me', username: 'Mia' }),
    );
  });
});
