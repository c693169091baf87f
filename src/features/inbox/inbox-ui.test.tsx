import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationMessage } from '../../lib/firebase/conversations/message';
import { asSentMessage } from '../../lib/firebase/inbox/entry';
import { sendAcked, sendStarted } from '../conversations/sending';
import { deferred, friendshipWith, inboxEntryAt, row, inboxPageEachTest } from '../../testing';

const bo = friendshipWith('bo', 'Bo');
const cy = friendshipWith('cy', 'Cy');
const dee = friendshipWith('dee', 'Dee');
const now = Date.now();
const entry = inboxEntryAt(now);
const msg = (id: string, from: string, text: string, createdAt: number): ConversationMessage => ({
  id,
  text: text,
  senderId: from,
  senderName: from,
  receiverId: from === 'me' ? 'bo' : 'me',
  receiverName: 'x',
  createdAt,
});
const page = inboxPageEachTest([bo, cy, dee]);
const { start, emit, inbox, names } = page;
const chat = () => screen.getByRole('region', { name: 'Chat' });
const openBo = (messages: ConversationMessage[]) => {
  fireEvent.click(within(row('Friend List', 'Bo')).getByRole('button', { name: 'Bo' }));
  emit(() => page.fakes.feeds.latestMessages.emit(messages, bo.id));
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

  it('a first message sent as a file shows in its row while it uploads, not "No messages yet"', () => {
    const { store } = start();
    inbox({});
    const dee = () => row('Friend List', 'Dee');
    expect(within(dee()).getByText('No messages yet')).toBeInTheDocument();
    const upload = {
      id: 'f1',
      key: 'd:rel-dee' as const,
      text: '📎 plan.pdf',
      upload: true as const,
    };
    emit(() => store.dispatch(sendStarted(upload)));
    expect(within(dee()).getByText('You: 📎 plan.pdf')).toBeInTheDocument();
    // A text still pending is the entry's to show (the SDK writes it at once): no upload, no change.
    emit(() => store.dispatch(sendStarted({ id: 't1', key: 'd:rel-dee', text: 'Hi' })));
    expect(within(dee()).getByText('You: 📎 plan.pdf')).toBeInTheDocument();
    // Stored: the entry says it from then on; dropped, the row is as before.
    emit(() => store.dispatch(sendAcked('f1')));
    expect(within(dee()).getByText('No messages yet')).toBeInTheDocument();
  });

  it('opening a conversation marks it read, and again for each new message while open and visible', async () => {
    const { store } = start();
    inbox({ 'd:rel-bo': entry('rel-bo', { unread: 1, lastMessageId: 'm1' }) });
    openBo([msg('m1', 'bo', 'Hi', now - 60_000)]);
    expect(page.fakes.inbox.markRead).toHaveBeenCalledWith('me', 'd:rel-bo', 'm1', true);
    // The divider sits before the one unread message.
    expect(within(chat()).getByText('New messages')).toBeInTheDocument();
    await act(() => Promise.resolve());

    inbox({ 'd:rel-bo': entry('rel-bo', { unread: 1, lastMessageId: 'm2' }) });
    expect(page.fakes.inbox.markRead).toHaveBeenLastCalledWith('me', 'd:rel-bo', 'm2', true);

    // A hidden tab leaves the count for when I look.
    emit(() =>
      store.dispatch({ type: 'conversationReceipts/tabVisibilityChanged', payload: false }),
    );
    inbox({ 'd:rel-bo': entry('rel-bo', { unread: 1, lastMessageId: 'm3' }) });
    expect(page.fakes.inbox.markRead).toHaveBeenCalledTimes(2);
    emit(() =>
      store.dispatch({ type: 'conversationReceipts/tabVisibilityChanged', payload: true }),
    );
    expect(page.fakes.inbox.markRead).toHaveBeenLastCalledWith('me', 'd:rel-bo', 'm3', true);
  });

  it('shows my message as Sending until acked, then Sent, then Seen by the friend marker', async () => {
    start();
    const acked = deferred<undefined>();
    page.fakes.conversations.direct.send.mockReturnValueOnce(asSentMessage('m2', acked.promise));
    openBo([msg('m1', 'bo', 'Hi', now - 60_000)]);
    const field = within(chat()).getByRole('textbox', { name: 'Message' });
    fireEvent.change(field, { target: { value: 'Hello Bo' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    emit(() =>
      page.fakes.feeds.latestMessages.emit(
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

    emit(() => page.fakes.feeds.readMarkers.emit({ at: now + 10, messageId: 'm2' }, 'bo'));
    expect(within(chat()).getByText('Seen')).toBeInTheDocument();

    // With my receipts off I see no Seen (and stop listening to theirs).
    await act(async () => {
      page.fakes.feeds.readReceipts.emit(false);
      await Promise.resolve();
    });
    expect(within(chat()).getByText('Sent')).toBeInTheDocument();
    expect(page.fakes.feeds.readMarkers.open.size).toBe(0);
  });

  it('keeps a refused message with Retry and Delete', async () => {
    start();
    const refused = Promise.reject(new Error('PERMISSION_DENIED'));
    page.fakes.conversations.direct.send.mockReturnValueOnce(asSentMessage('m9', refused));
    openBo([]);
    const field = within(chat()).getByRole('textbox', { name: 'Message' });
    fireEvent.change(field, { target: { value: 'Lost words' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    const failed = await screen.findByRole('list', { name: 'Messages not sent' });
    expect(within(failed).getByText('Lost words')).toBeInTheDocument();
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(page.fakes.conversations.direct.send).toHaveBeenCalledTimes(2);
    expect(page.fakes.conversations.direct.send.mock.calls[1][1]).toBe('Lost words');
    expect(screen.queryByRole('list', { name: 'Messages not sent' })).toBeNull();
  });

  it('says when Bo is typing, writes my typing, and says when I am offline', () => {
    start();
    openBo([msg('m1', 'bo', 'Hi', now - 60_000)]);
    emit(() => page.fakes.feeds.statuses.emit({ state: 'online', lastChanged: now }, 'bo'));
    expect(within(chat()).getByText('Online')).toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    emit(() => page.fakes.feeds.typing.emit(Date.now(), 'bo'));
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
    expect(page.fakes.inbox.setTyping).toHaveBeenCalledWith('rel-bo', 'me', true);

    emit(() => page.fakes.feeds.connected.emit(true));
    emit(() => page.fakes.feeds.connected.emit(false));
    expect(within(chat()).getByText(/You're offline/)).toBeInTheDocument();
    expect(within(chat()).queryByText('Online')).toBeNull();
    emit(() => page.fakes.feeds.connected.emit(true));
    expect(within(chat()).queryByText(/You're offline/)).toBeNull();
  });
});
