import { act, screen, within } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../lib/firebase/notifications/record';
import type { InboxEntry } from '../../lib/firebase/inbox/entry';
import type { ConversationKey } from '../../lib/conversation-key';
import { notificationsStrings } from './notifications-strings';
import { profilesStrings } from '../profiles/profiles-strings';
import { createFakeGateways, renderWithProviders } from '../../testing';
import { userSignedIn } from '../../store/session';
import { NotificationBadge } from './NotificationBadge';
import { NotificationPage } from './NotificationPage';
const entry = (id: string, at: number, read: boolean, extra: Partial<AppNotification> = {}) =>
  ({
    id,
    kind: 'friendRequest',
    actorId: 'bob',
    actorName: 'Bob',
    ref: `rel-${id}`,
    at,
    read,
    ...extra,
  }) satisfies AppNotification;

function renderFeed(route = '/pages/notification') {
  const fakes = createFakeGateways();
  const view = renderWithProviders(
    <>
      <Link to="/pages/notification">
        Notification <NotificationBadge />
      </Link>
      <NotificationPage />
    </>,
    { gateways: fakes, route },
  );
  act(() => {
    view.store.dispatch(
      userSignedIn({
        uid: 'me',
        email: 'me@example.com',
        displayName: 'Mia',
        photoURL: '',
        emailVerified: true,
      }),
    );
  });
  const emit = (latest: AppNotification[]) =>
    act(() => {
      fakes.noticeFeeds.latestNotifications.emit(latest);
      fakes.noticeFeeds.unreadNotifications.emit(latest.filter((n) => !n.read));
    });
  return { ...view, fakes, emit };
}

describe('NotificationPage', () => {
  it('lists entries newest first with who, what and a link; unread ones stand out', () => {
    const { emit } = renderFeed();
    expect(screen.getByRole('heading', { name: 'Notification' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(notificationsStrings.loading);
    emit([
      entry('a', 1000, true),
      entry('b', 2000, false, {
        kind: 'groupInvite',
        actorName: 'Ann',
        ref: 'g1',
        subject: 'Hikers',
      }),
    ]);
    const items = within(screen.getByRole('list', { name: 'Notification' })).getAllByRole('link');
    expect(items.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Ann invited you to the group Hikers'),
      expect.stringContaining('Bob sent you a friend request'),
    ]);
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[0]).toHaveTextContent(notificationsStrings.unread);
    expect(items[1]).not.toHaveAttribute('data-unread');
    expect(items[1]).toHaveAttribute('href', '/pages/home');
  });

  it('shows the unread count on the Notification link, live', () => {
    const { emit } = renderFeed();
    emit([entry('a', 1, false), entry('b', 2, false)]);
    const link = screen.getByRole('link', { name: /Notification/ });
    expect(within(link).getByTestId('notification-count')).toHaveTextContent('2');
    expect(link).toHaveAccessibleName(expect.stringContaining(notificationsStrings.navCount(2)));
    emit([entry('a', 1, true), entry('b', 2, true)]);
    expect(within(link).queryByTestId('notification-count')).toBeNull();
  });

  it('marks one read on opening it, and all with Mark all as read', async () => {
    const { emit, fakes, user } = renderFeed();
    emit([entry('a', 1, false), entry('b', 2, false), entry('c', 0, true)]);
    const list = screen.getByRole('list', { name: 'Notification' });
    const links = within(list).getAllByRole('link');
    await user.click(links[2]);
    expect(fakes.notifications.markRead).not.toHaveBeenCalled();
    await user.click(links[0]);
    expect(fakes.notifications.markRead).toHaveBeenCalledWith('me', ['b']);
    expect(fakes.notifications.markRead).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: notificationsStrings.markAllRead }));
    expect(fakes.notifications.markRead).toHaveBeenLastCalledWith('me', ['b', 'a']);
  });

  it('adds the unread entries to the tab title, and takes them away once read', () => {
    const { emit } = renderFeed();
    emit([entry('a', 1, false), entry('b', 2, false), entry('c', 3, true)]);
    expect(document.title).toMatch(/^\(2\) /);
    emit([entry('a', 1, true), entry('b', 2, true), entry('c', 3, true)]);
    expect(document.title).not.toMatch(/^\(/);
  });

  it('says so when the feed is empty, and when it cannot load', () => {
    const { emit, fakes } = renderFeed();
    emit([]);
    expect(screen.getByText(notificationsStrings.empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: notificationsStrings.markAllRead })).toBeDisabled();
    act(() => fakes.noticeFeeds.latestNotifications.fail(new Error('permission_denied')));
    expect(screen.getByRole('alert')).toHaveTextContent(notificationsStrings.loadFailed);
  });

  it('toasts a new entry while on another screen, not the ones already there', async () => {
    const { emit } = renderFeed('/pages/home');
    emit([entry('a', 1, false)]);
    expect(
      screen.queryByText('Bob sent you a friend request', { selector: '.Toastify *' }),
    ).toBeNull();
    emit([entry('a', 1, false), entry('b', 2, false, { actorName: 'Cy' })]);
    expect(
      await screen.findByText('Cy sent you a friend request', { selector: '.Toastify *' }),
    ).toBeInTheDocument();
  });

  it("toasts a conversation's new messages as one toast whose count is updated", async () => {
    const { fakes } = renderFeed('/pages/home');
    const inbox = (unread: number): Record<ConversationKey, InboxEntry> => ({
      'd:rel-bob': {
        conversationId: 'rel-bob',
        kind: 'direct',
        unread,
        lastMessageId: `m${String(unread)}`,
        lastSenderId: 'bob',
        lastText: 'hi',
        lastKind: 'text',
        lastAt: 5000 + unread,
      },
    });
    act(() => {
      fakes.feeds.friends.emit([
        {
          id: 'rel-bob',
          senderId: 'bob',
          senderName: 'Bob',
          receiverId: 'me',
          receiverName: 'Mia',
          photo: '',
        },
      ]);
      fakes.feeds.inbox.emit(inbox(1));
    });
    for (let n = 2; n <= 6; n += 1) act(() => fakes.feeds.inbox.emit(inbox(n)));
    expect(
      await screen.findByText(notificationsStrings.text.message('Bob', 6), {
        selector: '.Toastify *',
      }),
    ).toBeInTheDocument();
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
  });

  it('shows one entry per conversation with unread messages, counted on the bell', () => {
    const { emit, fakes } = renderFeed();
    emit([entry('a', 1, false)]);
    const friendship = {
      id: 'rel-bob',
      senderId: 'bob',
      senderName: 'Bob',
      receiverId: 'me',
      receiverName: 'Mia',
      photo: '',
    };
    act(() => {
      fakes.feeds.friends.emit([friendship]);
      fakes.feeds.inbox.emit({
        'd:rel-bob': {
          conversationId: 'rel-bob',
          kind: 'direct',
          unread: 2,
          lastMessageId: 'm2',
          lastSenderId: 'bob',
          lastText: 'hi',
          lastKind: 'text',
          lastAt: 5000,
        },
      });
    });
    const list = screen.getByRole('list', { name: 'Notification' });
    const first = within(list).getAllByRole('link')[0];
    expect(first).toHaveTextContent(notificationsStrings.text.message('Bob', 2));
    // It opens the conversation at its last message.
    expect(first).toHaveAttribute('href', '/pages/messages?view=chat&friend=rel-bob&message=m2');
    expect(screen.getByTestId('notification-count')).toHaveTextContent('2');
    act(() =>
      fakes.feeds.inbox.emit({
        'd:rel-bob': {
          conversationId: 'rel-bob',
          kind: 'direct',
          unread: 0,
          lastMessageId: 'm2',
          lastSenderId: 'bob',
          lastText: 'hi',
          lastKind: 'text',
          lastAt: 5000,
        },
      }),
    );
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');
    expect(within(list).getAllByRole('link')).toHaveLength(1);
  });

  it('opening a new-messages entry selects that conversation and writes nothing', () => {
    const { emit, fakes, store } = renderFeed();
    emit([]);
    act(() => {
      fakes.feeds.friends.emit([
        {
          id: 'rel-bob',
          senderId: 'bob',
          senderName: 'Bob',
          receiverId: 'me',
          receiverName: 'Mia',
          photo: '',
        },
      ]);
      fakes.feeds.inbox.emit({
        'd:rel-bob': {
          conversationId: 'rel-bob',
          kind: 'direct',
          unread: 1,
          lastMessageId: 'm1',
          lastSenderId: 'bob',
          lastText: 'hi',
          lastKind: 'text',
          lastAt: 5000,
        },
      });
    });
    expect(store.getState().conversations.selected).toBeNull();
    const link = within(screen.getByRole('list', { name: 'Notification' })).getByRole('link');
    act(() => link.click());
    expect(store.getState().conversations.selected).toMatchObject({ uid: 'bob', name: 'Bob' });
    expect(fakes.notifications.markRead).not.toHaveBeenCalled();
  });

  it('names the actor by their current name, or as deleted', () => {
    const { emit, fakes } = renderFeed();
    emit([entry('a', 1, false), entry('b', 2, false, { actorId: 'cy', actorName: 'Cy' })]);
    act(() => {
      fakes.feeds.profiles.emit(
        { uid: 'bob', username: 'Robert', usernameLower: 'robert', photo: '' },
        'bob',
      );
      fakes.feeds.profiles.emit(null, 'cy');
    });
    const links = within(screen.getByRole('list', { name: 'Notification' })).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      expect.stringContaining(`${profilesStrings.people.deletedAccount} sent you a friend request`),
      expect.stringContaining('Robert sent you a friend request'),
    ]);
  });
});
