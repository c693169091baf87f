import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGE_PAGE_SIZE } from '../../features/conversations';
import type { ConversationMessage } from '../../lib/firebase/conversations/message';
import type { FriendRequest } from '../../lib/firebase/records';
import {
  createFakeGateways,
  loadEverythingEmpty,
  renderSignedIn,
  row,
  type FakeGateways,
} from '../../testing';
import { oldKeysArrived } from '../../features/encryption/encryption-slice';
import { MessagesPage } from './MessagesPage';

const friendship = (uid: string, name: string): FriendRequest => ({
  id: `rel-${uid}`,
  senderId: uid,
  senderName: name,
  receiverId: 'me',
  receiverName: 'Mia',
  photo: `https://img.example/${uid}.png`,
});
const bo = friendship('bo', 'Bo');
const cy = friendship('cy', 'Cy');
const msg = (id: string, from: string, text: string, createdAt = 1000): ConversationMessage => ({
  id,
  text: text,
  senderId: from,
  senderName: from,
  receiverId: from === 'me' ? 'bo' : 'me',
  receiverName: 'x',
  createdAt,
});

let fakes: FakeGateways;
let app: ReturnType<typeof renderSignedIn>;
const chat = () => screen.getByRole('region', { name: 'Chat' });
const input = () => within(chat()).getByRole('textbox', { name: 'Message' });
const sendButton = () => within(chat()).getByRole('button', { name: 'Send' });
const select = (name: string) =>
  fireEvent.click(within(row('Friend List', name)).getByRole('button', { name }));
const openChatWithBo = () => {
  app.push((v: FriendRequest[]) => app.feeds.friends.emit(v), [bo, cy]);
  select('Bo');
  app.push((v: ConversationMessage[]) => app.feeds.latestMessages.emit(v, bo.id), []);
};

beforeEach(() => {
  fakes = createFakeGateways();
});
afterEach(() => app.stop());
const start = (friends: FriendRequest[] = []) => {
  app = renderSignedIn(
    <MemoryRouter>
      <MessagesPage />
    </MemoryRouter>,
    fakes,
  );
  loadEverythingEmpty(app.feeds, friends);
};

describe('messages screen', () => {
  it('asks to select a friend, with everything to type disabled', () => {
    start();
    expect(within(chat()).getByRole('heading', { name: 'Select a friend' })).toBeInTheDocument();
    expect(input()).toBeDisabled();
    const camera = within(chat()).getByRole('button', { name: 'Send a photo' });
    expect(camera).toBeDisabled();
    expect(fakes.conversations.direct.subscribeLatest).not.toHaveBeenCalled();
  });

  it('selects a friend: header, highlight, stored selection and a live conversation', () => {
    start();
    openChatWithBo();
    expect(within(chat()).getByRole('heading', { name: 'Bo' })).toBeInTheDocument();
    // Presence shows once known, from the friend's own status record.
    expect(within(chat()).queryByText('Online')).toBeNull();
    expect(app.feeds.statuses.keys()).toEqual(['bo']);
    app.push((v: { state: 'online'; lastChanged: number }) => app.feeds.statuses.emit(v, 'bo'), {
      state: 'online',
      lastChanged: 1000,
    });
    expect(within(chat()).getByText('Online')).toBeInTheDocument();
    expect(within(row('Friend List', 'Bo')).getByRole('button', { name: 'Bo' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(JSON.parse(localStorage.getItem('friendLists') ?? '')).toEqual({
      uid: 'bo',
      name: 'Bo',
      photo: bo.photo,
    });
    expect(within(chat()).getByText('No messages yet. Say hello to Bo!')).toBeInTheDocument();

    app.push(
      (v: ConversationMessage[]) => app.feeds.latestMessages.emit(v, bo.id),
      [msg('m1', 'bo', 'Hi Mia'), msg('m2', 'me', 'Hi Bo', 2000)],
    );
    const list = within(chat()).getByRole('feed', { name: 'Conversation with Bo' });
    const [theirs, mine] = within(list).getAllByRole('article');
    expect(theirs).toHaveTextContent('Hi Mia');
    expect(theirs.parentElement).toHaveClass('justify-start');
    expect(mine.parentElement).toHaveClass('justify-end');

    select('Cy');
    expect(app.feeds.latestMessages.keys()).toEqual([cy.id]);
    app.view.unmount();
    expect(app.feeds.latestMessages.keys()).toEqual([]);
  });

  it('sends with Enter, trimmed, and never sends blank text', async () => {
    start();
    openChatWithBo();
    fireEvent.change(input(), { target: { value: '   ' } });
    expect(sendButton()).toBeDisabled();
    fireEvent.submit(input());
    fireEvent.change(input(), { target: { value: '  Hello Bo  ' } });
    fireEvent.submit(input());
    await waitFor(() => expect(fakes.conversations.direct.send).toHaveBeenCalledOnce());
    expect(fakes.conversations.direct.send).toHaveBeenCalledWith(
      { conversationId: bo.id, from: { uid: 'me', name: 'Mia' }, to: { uid: 'bo', name: 'Bo' } },
      'Hello Bo',
    );
    expect(input()).toHaveValue('');
  });

  it('shows a refused send in a toast and keeps the typed text', async () => {
    start();
    openChatWithBo();
    fakes.conversations.direct.send.mockRejectedValueOnce(new Error('PERMISSION_DENIED'));
    fireEvent.change(input(), { target: { value: 'Still there?' } });
    fireEvent.click(sendButton());
    expect(
      await screen.findByText(/Could not send the message: the database refused/),
    ).toBeVisible();
    expect(input()).toHaveValue('Still there?');
  });

  // Picking and searching run in Chromium (tests/e2e/conversations.test.ts, chat-images.test.ts):
  // rendering the whole emoji set in jsdom costs seconds.
  it('opens the emoji picker from its icon and closes it with Escape', () => {
    start();
    openChatWithBo();
    const icon = within(chat()).getByRole('button', { name: 'Insert an emoji' });
    fireEvent.click(icon);
    expect(icon).toHaveAttribute('aria-expanded', 'true');
    expect(within(chat()).getByRole('dialog', { name: 'Emoji' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(within(chat()).queryByRole('dialog', { name: 'Emoji' })).toBeNull();
    expect(icon).toHaveAttribute('aria-expanded', 'false');
  });

  it('says so and disables the input when the friend is blocked, closing the conversation', () => {
    start();
    openChatWithBo();
    app.push((v: FriendRequest[]) => app.feeds.friends.emit(v), [cy]);
    app.push(
      (v: Parameters<typeof app.feeds.blocks.emit>[0]) => app.feeds.blocks.emit(v),
      [{ id: bo.id, blockid: 'me', blockName: 'Mia', blockbyid: 'bo', blockbyName: 'Bo' }],
    );
    expect(within(chat()).getByText('Bo blocked you, so you cannot chat any more.')).toBeVisible();
    expect(app.feeds.statuses.keys()).toEqual([]);
    expect(within(chat()).queryByText('Online')).toBeNull();
    expect(input()).toBeDisabled();
    expect(app.feeds.latestMessages.keys()).toEqual([]);
  });

  it('restores the stored selection while still a friend, and forgets it otherwise', () => {
    localStorage.setItem('friendLists', JSON.stringify({ uid: 'bo', name: 'Bo', photo: '' }));
    start([bo]);
    expect(within(chat()).getByRole('heading', { name: 'Bo' })).toBeInTheDocument();
    expect(app.feeds.latestMessages.keys()).toEqual([bo.id]);
    app.stop();
    app.view.unmount();

    localStorage.setItem('friendLists', JSON.stringify({ uid: 'zed', name: 'Zed', photo: '' }));
    start([bo]);
    expect(within(chat()).getByRole('heading', { name: 'Select a friend' })).toBeInTheDocument();
    expect(localStorage.getItem('friendLists')).toBeNull();
  });

  it('loads older messages before the oldest one loaded', async () => {
    start();
    openChatWithBo();
    const page = Array.from({ length: MESSAGE_PAGE_SIZE }, (_, i) =>
      msg(`m${String(100 + i)}`, 'bo', `n${String(i)}`, 100 + i),
    );
    app.push((v: ConversationMessage[]) => app.feeds.latestMessages.emit(v, bo.id), page);
    fakes.conversations.direct.fetchOlder.mockResolvedValueOnce([
      msg('m050', 'bo', 'the first', 50),
    ]);
    fireEvent.click(within(chat()).getByRole('button', { name: 'Load older messages' }));
    expect(await within(chat()).findByText('the first')).toBeInTheDocument();
    expect(fakes.conversations.direct.fetchOlder).toHaveBeenCalledWith({
      id: bo.id,
      before: page[0],
      pageSize: MESSAGE_PAGE_SIZE,
    });
    expect(within(chat()).getByText('the first')).toBeInTheDocument();
    expect(within(chat()).queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('drops an older page that arrives after the conversation was read again', async () => {
    start();
    openChatWithBo();
    const sent = Array.from({ length: MESSAGE_PAGE_SIZE + 10 }, (_, i) =>
      msg(`m${String(100 + i)}`, 'bo', `n${String(i)}`, 100 + i),
    );
    // The oldest shown could not be opened: new keys make the conversation read again.
    sent[0] = { ...sent[0], text: '', sealed: 'no-key' };
    const page = sent.slice(0, MESSAGE_PAGE_SIZE);
    app.push((v: ConversationMessage[]) => app.feeds.latestMessages.emit(v, bo.id), page);
    let answer: (older: ConversationMessage[]) => void = () => undefined;
    fakes.conversations.direct.fetchOlder.mockReturnValueOnce(
      new Promise<ConversationMessage[]>((resolve) => (answer = resolve)),
    );
    fireEvent.click(within(chat()).getByRole('button', { name: 'Load older messages' }));
    // Keys from another device: the conversation is read again from its newest messages.
    app.push(() => app.store.dispatch(oldKeysArrived()), undefined);
    const newer = sent.slice(10);
    app.push((v: ConversationMessage[]) => app.feeds.latestMessages.emit(v, bo.id), newer);
    answer([msg('m050', 'bo', 'the first', 50)]);
    // Under the window that starts at n10, a page that ends at n-1 would hide n0 to n9.
    await waitFor(() =>
      expect(within(chat()).getByRole('button', { name: 'Load older messages' })).toBeEnabled(),
    );
    const loaded = app.store.getState().conversations;
    expect(loaded.older).toEqual([]);
    expect(loaded.ids).toEqual(newer.map((m) => m.id));
  });

  it('keeps the older pages when new keys arrive and every message shown was opened', async () => {
    start();
    openChatWithBo();
    const page = Array.from({ length: MESSAGE_PAGE_SIZE }, (_, i) =>
      msg(`m${String(100 + i)}`, 'bo', `n${String(i)}`, 100 + i),
    );
    app.push((v: ConversationMessage[]) => app.feeds.latestMessages.emit(v, bo.id), page);
    fakes.conversations.direct.fetchOlder.mockResolvedValueOnce([
      msg('m050', 'bo', 'the first', 50),
    ]);
    fireEvent.click(within(chat()).getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(app.store.getState().conversations.older).toHaveLength(1));
    app.push(() => app.store.dispatch(oldKeysArrived()), undefined);
    expect(app.store.getState().conversations.older).toHaveLength(1);
    expect(app.store.getState().conversations.status).toBe('ready');
  });
});
