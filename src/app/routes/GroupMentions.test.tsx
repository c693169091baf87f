import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../lib/firebase/conversations/message';
import type { AppNotification } from '../../lib/firebase/notifications/record';
import type { Group, GroupMembership } from '../../lib/firebase/records';
import type { SendExtras } from '../../lib/firebase/conversations/send-write';
import { asSentMessage } from '../../lib/firebase/inbox/entry';
import {
  createFakeGateways,
  loadEverythingEmpty,
  renderSignedIn,
  row,
  type FakeGateways,
} from '../../testing';
import { MessagesPage } from './MessagesPage';

// Mentions on the messages page, over the fake gateways: the '@' list, the send's
// mentions and notifications, the highlight, the row's '@' and its marking read.
const hiking: Group = {
  id: 'g-in',
  adminId: 'zed',
  adminName: 'Zed',
  groupName: 'Hiking club',
  groupTag: '',
};
const member = (uid: string, username: string): GroupMembership => ({
  groupId: 'g-in',
  uid,
  username,
  status: 'member',
  at: 1,
});
const msg = (
  id: string,
  senderId: string,
  text: string,
  mentions?: string[],
): ConversationMessage => ({
  id,
  text: text,
  senderId: senderId,
  senderName: senderId,
  receiverId: 'g-in',
  receiverName: '',
  createdAt: 1000 + id.length,
  ...(mentions ? { mentions } : {}),
});
const mention: AppNotification = {
  id: 'mention_g-in_zed',
  kind: 'mention',
  actorId: 'zed',
  actorName: 'Zed',
  ref: 'g-in',
  subject: 'Hiking club',
  messageId: 'm2',
  at: 5000,
  read: false,
};

let fakes: FakeGateways;
let app: ReturnType<typeof renderSignedIn>;
const chat = () => screen.getByRole('region', { name: 'Chat' });
const field = () => within(chat()).getByRole('textbox', { name: 'Message' });
const groupRow = () => row('Group List', 'Hiking club');
const open = () =>
  fireEvent.click(within(groupRow()).getByRole('button', { name: /^Hiking club/ }));

beforeEach(() => {
  fakes = createFakeGateways();
  app = renderSignedIn(
    <MemoryRouter>
      <MessagesPage />
    </MemoryRouter>,
    fakes,
  );
  loadEverythingEmpty(app.feeds);
  act(() => app.feeds.memberships.emit({ 'g-in': 'member' }));
  act(() => {
    app.feeds.group.emit(hiking, 'g-in');
    app.feeds.roster.emit(
      [member('me', 'Mia'), member('ann', 'Ann Lee'), member('bob', 'Bob')],
      'g-in',
    );
    app.feeds.inbox.emit({
      'g:g-in': {
        conversationId: 'g-in',
        kind: 'group',
        unread: 1,
        lastMessageId: 'm2',
        lastSenderId: 'zed',
        lastText: '@Mia look',
        lastKind: 'text',
        lastAt: 5000,
      },
    });
  });
});
afterEach(() => app.stop());

describe('mentions in a group', () => {
  it("lists the admin and members but me on '@' and sends the mentions with their notifications", async () => {
    open();
    act(() => app.feeds.groupMessages.emit([], 'g-in'));
    const user = userEvent.setup();
    await user.click(field());
    await user.keyboard('@');
    const list = within(chat()).getByRole('listbox', { name: 'Mention someone' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.lastElementChild?.textContent),
    ).toEqual(['Ann Lee', 'Bob', 'Zed']);
    await user.keyboard('an{Enter}hi');
    await user.click(within(chat()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fakes.conversations.group.send).toHaveBeenCalledTimes(1));
    const [parties, text, retryOf, extras] = fakes.conversations.group.send.mock.calls[0] ?? [];
    expect(parties).toEqual({
      groupId: 'g-in',
      from: { uid: 'me', name: 'Mia' },
      to: ['zed', 'ann', 'bob'],
    });
    expect(text).toBe('@Ann Lee hi');
    expect(retryOf).toBeUndefined();
    const { mentions, extraChanges } = extras as SendExtras;
    expect(mentions).toEqual(['ann']);
    // The notification goes in the same update, at the server's time, unread.
    const now = { '.sv': 'timestamp' };
    expect(extraChanges?.('m9', { now, plusOne: {} })).toEqual({
      'notifications/ann/mention_g-in_me': {
        kind: 'mention',
        actorId: 'me',
        actorName: 'Mia',
        ref: 'g-in',
        subject: 'Hiking club',
        messageId: 'm9',
        at: now,
        read: false,
      },
    });
  });

  it('Retry of a refused send keeps its mentions and their notifications', async () => {
    open();
    act(() => app.feeds.groupMessages.emit([], 'g-in'));
    fakes.conversations.group.send.mockImplementationOnce(() =>
      asSentMessage('m5', Promise.reject(new Error('PERMISSION_DENIED'))),
    );
    const user = userEvent.setup();
    await user.click(field());
    await user.keyboard('@bo{Enter}hi{Enter}');
    const failed = await within(chat()).findByRole('list', { name: 'Messages not sent' });
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fakes.conversations.group.send).toHaveBeenCalledTimes(2));
    const [, text, retryOf, extras] = fakes.conversations.group.send.mock.calls[1] ?? [];
    expect([text, retryOf]).toEqual(['@Bob hi', 'm5']);
    const { mentions, extraChanges } = extras as SendExtras;
    expect(mentions).toEqual(['bob']);
    const now = { '.sv': 'timestamp' };
    expect(Object.keys(extraChanges?.('m5', { now, plusOne: {} }) ?? {})).toEqual([
      'notifications/bob/mention_g-in_me',
    ]);
  });

  it("highlights a message that mentions me, and only for me; '@' on the row until opened", async () => {
    act(() => fakes.noticeFeeds.unreadNotifications.emit([mention]));
    expect(within(groupRow()).getByTestId('mention-mark')).toHaveTextContent('@You were mentioned');
    open();
    act(() =>
      app.feeds.groupMessages.emit(
        [msg('m1', 'ann', '@Bob the map', ['bob']), msg('m2', 'zed', '@Mia look', ['me'])],
        'g-in',
      ),
    );
    const mine = within(chat()).getByText('@Mia look').closest('[data-mentions-me]');
    expect(mine).not.toBeNull();
    expect(within(mine as HTMLElement).getByText('Mentions you')).toBeInTheDocument();
    expect(within(chat()).getByText('@Bob the map').closest('[data-mentions-me]')).toBeNull();
    // Opening the conversation marks the mention read, once.
    await waitFor(() =>
      expect(fakes.notifications.markRead).toHaveBeenCalledWith('me', ['mention_g-in_zed']),
    );
    act(() => fakes.noticeFeeds.unreadNotifications.emit([]));
    expect(within(groupRow()).queryByTestId('mention-mark')).toBeNull();
    expect(fakes.notifications.markRead).toHaveBeenCalledTimes(1);
  });
});
