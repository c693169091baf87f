import type { ConversationKey } from '../../lib/conversation-key';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessagesPage } from '../../app/routes/MessagesPage';
import type { ConversationMessage } from '../../lib/firebase/conversations/message';
import { asSentMessage, type InboxEntry } from '../../lib/firebase/inbox/entry';
import type { FriendRequest } from '../../lib/firebase/records';
import {
  createFakeGateways,
  deferred,
  loadEverythingEmpty,
  renderWithProviders,
  row,
  type FakeGateways,
} from '../../testing';
import { userSignedIn } from '../../store/session';
import { MessagesBadge } from './MessagesBadge';

const friendship = (uid: string, name: string): FriendRequest => ({
  id: `rel-${uid}`,
  senderId: uid,
  senderName: name,
  receiverId: 'me',
  receiverName: 'Mia',
  photo: '',
});
const bo = friendship('bo', 'Bo');
const cy = friendship('cy', 'Cy');
const dee = friendship('dee', 'Dee');
const now = Date.now();
const entry = (conversationId: string, fields: Partial<InboxEntry>): InboxEntry => ({
  conversationId,
  kind: 'direct',
  unread: 0,
  lastMessageId: 'm1',
  lastSenderId: 'bo',
  lastText: 'Hi',
  lastKind: 'text',
  lastAt: now - 60_000,
  ...fields,
});
const msg = (id: string, from: string, text: string, createdAt: number): ConversationMessage => ({
  id,
  text: text,
  senderId: from,
  senderName: from,
  receiverId: from === 'me' ? 'bo' : 'me',
  receiverName: 'x',
  createdAt,
});

let fakes: FakeGateways;
let stop: () => void;
beforeEach(() => {
  fakes = createFakeGateways();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

function start() {
  const view = renderWithProviders(
    <>
      <nav aria-label="Main">
        <MessagesBadge />
      </nav>
      <MessagesPage />
    </>,
    { gateways: fakes, route: '/pages/messages', toasts: false },
  );
  act(() => {
    view.store.dispatch(
      userSignedIn({
        uid: 'me',
        email: 'mia@example.com',
        displayName: 'Mia',
        photoURL: '',
        emailVerified: true,
      }),
    );
  });
  loadEverythingEmpty(fakes.feeds, [bo, cy, dee]);
  stop = view.store.clearListeners;
  return view;
}

const emit = (fn: () => void) => act(fn);
const inbox = (entries: Record<ConversationKey, InboxEntry>) =>
  emit(() => fakes.feeds.inbox.emit(entries));
const names = () =>
  within(screen.getByRole('list', { name: 'Friend List' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));
const chat = () => screen.getByRole('region', { name: 'Chat' });
const openBo = (messages: ConversationMessage[]) => {
  fireEvent.click(within(row('Friend List', 'Bo')).getByRole('button', { name: 'Bo' }));
  emit(() => fakes.feeds.latestMessages.emit(messages, bo.id));
};

describe('the inbox on the messages screen', () => {
  it('lists conversations by last activity with previews and badges; totals count friends only', () => {
    start();
    expect(names()).toEqual(['Bo', 'Cy', 'Dee']);
    inbox({
      'd:rel-bo': entry('rel-bo', { unread: 2, lastText: 'Are you there?', lastAt: now - 5000 }),
      'd:rel-cy': entry('rel-cy', { lastSenderId: 'me', lastText: 'See you', lastAt: now - 1000 }),
      // A former friend's conversation: not listed, not counted.
      'd:rel-gone': entry('rel-gone', { unread: 5 }),
    });
    expect(names()).toEqual(['Cy', 'Bo', 'Dee']);
    expect(within(row('Friend List', 'Cy')).getByText('You: See you')).toBeInTheDocument();
    expect(within(row('Friend List', 'Bo')).getByText('2 unread messages')).toBeInTheDocument();
    expect(within(row('Friend List', 'Dee')).getByText('No messages yet')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('2 unread messages')).toBeInTheDocument();
    // The screen's own part of the title is the layout's (not rendered here).
    expect(document.title).toBe('(2) Chatty');

    // Bo writes again: Bo moves to the top, the totals follow.
    inbox({
      'd:rel-bo': entry('rel-bo', { unread: 3, lastText: 'Hello?', lastAt: now }),
      'd:rel-cy': entry('rel-cy', { lastSenderId: 'me', lastText: 'See you', lastAt: now - 1000 }),
    });
    expect(names()).toEqual(['Bo', 'Cy', 'Dee']);
    expect(within(nav).getByText('3 unread messages')).toBeInTheDocument();
    expect(document.title).toBe('(3) Chatty');
  });

  it('opening a conversation marks it read, and again for each new message while open and visible', async () => {
    const { store } = start();
    inbox({ 'd:rel-bo': entry('rel-bo', { unread: 1, lastMessageId: 'm1' }) });
    openBo([msg('m1', 'bo', 'Hi', now - 60_000)]);
    expect(fakes.inbox.markRead).toHaveBeenCalledWith('me', 'd:rel-bo', 'm1', true);
    // The divider sits before the one unread message.
    expect(within(chat()).getByText('New messages')).toBeInTheDocument();
    await act(() => Promise.resolve());

    inbox({ 'd:rel-bo': entry('rel-bo', { unread: 1, lastMessageId: 'm2' }) });
    expect(fakes.inbox.markRead).toHaveBeenLastCalledWith('me', 'd:rel-bo', 'm2', true);

    // A hidden tab leaves the count for when I look.
    emit(() =>
      store.dispatch({ type: 'conversationReceipts/tabVisibilityChanged', payload: false }),
    );
    inbox({ 'd:rel-bo': entry('rel-bo', { unread: 1, lastMessageId: 'm3' }) });
    expect(fakes.inbox.markRead).toHaveBeenCalledTimes(2);
    emit(() =>
      store.dispatch({ type: 'conversationReceipts/tabVisibilityChanged', payload: true }),
    );
    expect(fakes.inbox.markRead).toHaveBeenLastCalledWith('me', 'd:rel-bo', 'm3', true);
  });

  it('shows my message as Sending until acked, then Sent, then Seen by the friend marker', async () => {
    start();
    const acked = deferred<undefined>();
    fakes.conversations.direct.send.mockReturnValueOnce(asSentMessage('m2', acked.promise));
    openBo([msg('m1', 'bo', 'Hi', now - 60_000)]);
    const field = within(chat()).getByRole('textbox', { name: 'Message' });
    fireEvent.change(field, { target: { value: 'Hello Bo' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    emit(() =>
      fakes.feeds.latestMessages.emit(
        [msg('m1', 'bo', 'Hi', now - 60_000), msg('m2', 'me', 'Hello Bo', now)],
        bo.id,
      ),
    );
    expect(within(chat()).getByRole('img', { name: 'Sending' })).toBeInTheDocument();
    await act(async () => {
      acked.resolve(undefined);
      await acked.promise;
    });
    expect(within(chat()).queryByRole('img', { name: 'Sending' })).toBeNull();
    expect(within(chat()).getByText('Sent')).toBeInTheDocument();

    emit(() => fakes.feeds.readMarkers.emit({ at: now + 10, messageId: 'm2' }, 'bo'));
    expect(within(chat()).getByText('Seen')).toBeInTheDocument();

    // With my receipts off I see no Seen (and stop listening to theirs).
    await act(async () => {
      fakes.feeds.readReceipts.emit(false);
      await Promise.resolve();
    });
    expect(within(chat()).getByText('Sent')).toBeInTheDocument();
    expect(fakes.feeds.readMarkers.open.size).toBe(0);
  });

  it('keeps a refused message with Retry and Delete', async () => {
    start();
    const refused = Promise.reject(new Error('PERMISSION_DENIED'));
    fakes.conversations.direct.send.mockReturnValueOnce(asSentMessage('m9', refused));
    openBo([]);
    const field = within(chat()).getByRole('textbox', { name: 'Message' });
    fireEvent.change(field, { target: { value: 'Lost words' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    const failed = await screen.findByRole('list', { name: 'Messages not sent' });
    expect(within(failed).getByText('Lost words')).toBeInTheDocument();
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(fakes.conversations.direct.send).toHaveBeenCalledTimes(2);
    expect(fakes.conversations.direct.send.mock.calls[1][1]).toBe('Lost words');
    expect(screen.queryByRole('list', { name: 'Messages not sent' })).toBeNull();
  });

  it('says when Bo is typing, writes my typing, and says when I am offline', () => {
    start();
    openBo([msg('m1', 'bo', 'Hi', now - 60_000)]);
    emit(() => fakes.feeds.statuses.emit({ state: 'online', lastChanged: now }, 'bo'));
    expect(within(chat()).getByText('Online')).toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    emit(() => fakes.feeds.typing.emit(Date.now(), 'bo'));
    expect(within(chat()).getByText('Bo is typing…')).toBeInTheDocument();
    expect(within(chat()).queryByText('Online')).toBeNull();
    // No removal arrives (a lost connection): it still goes after 5 s.
    act(() => {
      vi.advanceTimersByTime(5001);
    });
    expect(within(chat()).queryByText('Bo is typing…')).toBeNull();
    vi.useRealTimers();

    fireEvent.input(within(chat()).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'H' },
    });
    expect(fakes.inbox.setTyping).toHaveBeenCalledWith('rel-bo', 'me', true);

    emit(() => fakes.feeds.connected.emit(true));
    emit(() => fakes.feeds.connected.emit(false));
    expect(within(chat()).getByText(/You're offline/)).toBeInTheDocument();
    expect(within(chat()).queryByText('Online')).toBeNull();
    emit(() => fakes.feeds.connected.emit(true));
    expect(within(chat()).queryByText(/You're offline/)).toBeNull();
  });
});
