import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationMessage } from '../../../lib/firebase/conversations/message';
import type { FriendRequest } from '../../../lib/firebase/records';
import { createFakeGateways, loadEverythingEmpty, renderSignedIn } from '../../../testing';
import { ConversationPanel } from '../ConversationPanel';
import { chatScreenEntered } from '../timeline/conversations-slice';
import { conversationsStrings } from '../conversations-strings';
import { selectFriend } from '../sending/conversations-thunks';
import { LONG_PRESS_MS } from './MessageActionsRow';

// Message actions (reply, edit, delete, forward) over the fake gateways.
const strings = conversationsStrings.messageActions;
const bo: FriendRequest = {
  id: 'rel-bo',
  senderId: 'bo',
  senderName: 'Bo',
  receiverId: 'me',
  receiverName: 'Mia',
  photo: '',
};
const parties = {
  conversationId: bo.id,
  from: { uid: 'me', name: 'Mia' },
  to: { uid: 'bo', name: 'Bo' },
};
const MINUTE = 60_000;

const said = (
  id: string,
  from: 'me' | 'bo',
  text: string,
  agoMs = MINUTE,
  more: Partial<ConversationMessage> = {},
): ConversationMessage => ({
  id,
  text: text,
  senderId: from,
  senderName: from === 'me' ? 'Mia' : 'Bo',
  receiverId: from === 'me' ? 'bo' : 'me',
  receiverName: from === 'me' ? 'Bo' : 'Mia',
  createdAt: Date.now() - agoMs,
  ...more,
});

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  vi.useRealTimers();
});

/** The chat with Bo open, `messages` as its live newest page. */
function openChat(messages: ConversationMessage[]) {
  const fakes = createFakeGateways();
  const app = renderSignedIn(<ConversationPanel />, fakes);
  stop = app.stop;
  loadEverythingEmpty(app.feeds, [bo]);
  act(() => {
    app.store.dispatch(chatScreenEntered());
    app.store.dispatch(selectFriend({ friendship: bo, friend: { uid: 'bo', name: 'Bo' } }));
  });
  act(() => app.feeds.latestMessages.emit(messages, bo.id));
  const api = fakes.conversations.direct;
  /** My hidden list changed elsewhere (another device of mine), as the database tells it. */
  const hiddenElsewhere = (ids: string[]) =>
    act(() => api.hiddenFeed.emit(new Set(ids), `me/${bo.id}`));
  return { ...app, api, hiddenElsewhere };
}

/** The focusable message row holding `text`. */
const rowOf = (text: string) => {
  const row = screen.getByText(text).closest<HTMLElement>('[data-message-id]');
  if (!row) throw new Error(`no message row holds ${text}`);
  return row;
};
const field = () => screen.getByRole('textbox', { name: 'Message' });
const menuItems = () =>
  within(screen.getByRole('menu', { name: strings.menu }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('a message’s actions', () => {
  it('hovering shows React, Reply and More actions; the menu lists what I may do', () => {
    openChat([
      said('m1', 'bo', 'see you at 8?'),
      said('m2', 'me', 'old one', 60 * MINUTE),
      said('m3', 'me', 'new one'),
    ]);
    expect(screen.queryByRole('button', { name: strings.react })).toBeNull();
    fireEvent.mouseEnter(rowOf('see you at 8?'));
    const bar = within(rowOf('see you at 8?'));
    expect(bar.getByRole('button', { name: 'React' })).toBeVisible();
    expect(bar.getByRole('button', { name: 'Reply' })).toBeVisible();
    const more = bar.getByRole('button', { name: 'More actions' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    // Someone else's message: no Edit; Delete (for me) is there.
    expect(menuItems()).toEqual(['React', 'Reply', 'Forward', 'Copy text', 'Delete']);
    expect(screen.getAllByRole('menuitem')[0]).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(more).toHaveFocus();

    // My message of an hour ago: past the 15 minutes to edit.
    fireEvent.contextMenu(rowOf('old one'));
    expect(menuItems()).toEqual(['React', 'Reply', 'Forward', 'Copy text', 'Delete']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.contextMenu(rowOf('new one'));
    expect(menuItems()).toEqual(['React', 'Reply', 'Forward', 'Copy text', 'Edit', 'Delete']);
  });

  it("the menu's React opens the reactions by the message (a long press has no toolbar)", async () => {
    const { api } = openChat([said('m1', 'bo', 'see you at 8?')]);
    const user = userEvent.setup();
    fireEvent.contextMenu(rowOf('see you at 8?'));
    await user.click(screen.getByRole('menuitem', { name: 'React' }));
    expect(screen.queryByRole('menu')).toBeNull();
    const popover = screen.getByRole('dialog', { name: 'Reactions' });
    await user.click(within(popover).getByRole('button', { name: 'React with 👍' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(api.react).toHaveBeenCalledWith(
        expect.anything(),
        expect.objectContaining({ id: 'm1' }),
        '👍',
        true,
      ),
    );
    // The focus goes back to the message the menu was opened on.
    expect(rowOf('see you at 8?')).toHaveFocus();
  });

  it('the keyboard: arrows move between messages, Enter opens the menu, Escape returns', async () => {
    openChat([said('m1', 'bo', 'first'), said('m2', 'bo', 'second'), said('m3', 'me', 'third')]);
    const user = userEvent.setup();
    const list = screen.getByRole('region', { name: conversationsStrings.chat.scroller });
    // The list hands the focus on to its current message, the newest.
    act(() => list.focus());
    expect(rowOf('third')).toHaveFocus();
    // Focusing a message shows its toolbar too.
    expect(within(rowOf('third')).getByRole('button', { name: 'More actions' })).toBeVisible();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(rowOf('first')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(rowOf('first')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(rowOf('second')).toHaveFocus();
    await user.keyboard('{Enter}');
    const items = screen.getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(items.at(-1)).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(rowOf('second')).toHaveFocus();
  });

  it('a long press (touch) opens the menu; a tap or a scrolling finger does not', () => {
    openChat([said('m1', 'bo', 'hold me')]);
    vi.useFakeTimers();
    const row = rowOf('hold me');
    const touch = { pointerType: 'touch', clientX: 50, clientY: 60 };
    fireEvent.pointerDown(row, touch);
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS - 100);
    });
    fireEvent.pointerUp(row, touch);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.pointerDown(row, touch);
    fireEvent.pointerMove(row, { ...touch, clientY: 120 });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('menu')).toBeNull();
    // A mouse button held is no long press.
    fireEvent.pointerDown(row, { ...touch, pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.pointerDown(row, touch);
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS);
    });
    expect(menuItems()).toEqual(['React', 'Reply', 'Forward', 'Copy text', 'Delete']);
  });

  it('Copy text puts the text on the clipboard and says so', async () => {
    openChat([said('m1', 'bo', 'copy this\nall of it')]);
    const user = userEvent.setup();
    fireEvent.contextMenu(rowOf('copy this all of it'));
    await user.click(screen.getByRole('menuitem', { name: 'Copy text' }));
    expect(await navigator.clipboard.readText()).toBe('copy this\nall of it');
    expect(await screen.findByText(strings.copied)).toBeInTheDocument();
  });
});

describe('reply in the composer', () => {
  it('quotes the author and first line, sends replyTo, and Escape cancels', async () => {
    const { api } = openChat([said('m1', 'bo', 'see you at 8?\nor 9'), said('m2', 'bo', 'ok')]);
    const user = userEvent.setup();
    fireEvent.mouseEnter(rowOf('see you at 8? or 9'));
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    const bar = screen.getByText('Replying to Bo').closest('[role="status"]');
    expect(bar).toHaveTextContent('Replying to Bo');
    expect(bar).toHaveTextContent('see you at 8?');
    expect(bar).not.toHaveTextContent('or 9');
    expect(field()).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Cancel reply' })).toBeNull();

    fireEvent.contextMenu(rowOf('see you at 8? or 9'));
    await user.click(screen.getByRole('menuitem', { name: 'Reply' }));
    await user.keyboard('yes, at 8');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.send).toHaveBeenCalledOnce());
    expect(api.send).toHaveBeenCalledWith(parties, 'yes, at 8', undefined, { replyTo: 'm1' });
    expect(screen.queryByRole('button', { name: 'Cancel reply' })).toBeNull();
    // The next message is a plain one.
    await user.keyboard('plain{Enter}');
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(2));
    expect(api.send).toHaveBeenLastCalledWith(parties, 'plain');
  });

  it("says 'Photo' for a photo and 'You' for my own message; Cancel reply clears it", async () => {
    const image = { id: 'm1', width: 10, height: 10, caption: '' };
    openChat([said('m1', 'me', 'Photo', MINUTE, { image })]);
    const user = userEvent.setup();
    const row = screen.getByRole('feed').querySelector<HTMLElement>('[data-message-id="m1"]');
    if (!row) throw new Error('no photo row');
    fireEvent.contextMenu(row);
    // A photo without a caption has no text to copy.
    expect(menuItems()).toEqual(['React', 'Reply', 'Forward', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Reply' }));
    const bar = screen.getByText('Replying to You').closest('[role="status"]');
    expect(bar).toHaveTextContent(/^Replying to YouPhoto$/);
    await user.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(screen.queryByText('Replying to You')).toBeNull();
  });
});

describe('edit', () => {
  it('puts my text in the composer; Enter saves it (isLast), the draft comes back', async () => {
    const { api } = openChat([said('m1', 'me', 'see you at 7'), said('m2', 'bo', 'ok')]);
    const user = userEvent.setup();
    await user.click(field());
    await user.keyboard('a draft');
    fireEvent.contextMenu(rowOf('see you at 7'));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByText('Editing')).toBeInTheDocument();
    expect(field()).toHaveValue('see you at 7');
    expect(field()).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.clear(field());
    await user.keyboard('see you at 8{Enter}');
    await waitFor(() => expect(api.edit).toHaveBeenCalledOnce());
    const [to, message, text, isLast] = api.edit.mock.calls[0];
    expect([to, message.id, text, isLast]).toEqual([parties, 'm1', 'see you at 8', false]);
    expect(screen.queryByText('Editing')).toBeNull();
    expect(field()).toHaveValue('a draft');
  });

  it('Escape cancels; the newest message is edited with isLast; an edit shows Edited', async () => {
    const { api } = openChat([said('m1', 'me', 'typo hre')]);
    const user = userEvent.setup();
    fireEvent.contextMenu(rowOf('typo hre'));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Editing')).toBeNull();
    expect(field()).toHaveValue('');
    expect(api.edit).not.toHaveBeenCalled();

    fireEvent.contextMenu(rowOf('typo hre'));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await user.clear(field());
    await user.keyboard('typo here{Enter}');
    await waitFor(() => expect(api.edit).toHaveBeenCalledOnce());
    expect(api.edit.mock.calls[0][3]).toBe(true);
    // The database's answer (the fake applies the edit) carries the new text and editedAt.
    expect(within(rowOf('typo here')).getByText('Edited')).toBeInTheDocument();
    expect(screen.queryByText('typo hre')).toBeNull();
  });

  it('a refused edit says why in a toast and keeps the new text in the field', async () => {
    const { api } = openChat([said('m1', 'me', 'before')]);
    api.edit.mockRejectedValueOnce(new Error('PERMISSION_DENIED'));
    const user = userEvent.setup();
    fireEvent.contextMenu(rowOf('before'));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await user.clear(field());
    await user.keyboard('after{Enter}');
    expect(await screen.findByText(/^Could not edit the message: /)).toBeInTheDocument();
    expect(field()).toHaveValue('after');
  });
});

describe('delete', () => {
  it('for everyone: asks first, then removes it (isLast); the message shows as deleted', async () => {
    const { api } = openChat([said('m1', 'bo', 'hi'), said('m2', 'me', 'wrong person')]);
    const user = userEvent.setup();
    fireEvent.contextMenu(rowOf('wrong person'));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete for everyone?' });
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual(
      expect.arrayContaining(['Cancel', 'Delete for me', 'Delete for everyone']),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.remove).not.toHaveBeenCalled();

    fireEvent.contextMenu(rowOf('wrong person'));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete for everyone' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledOnce());
    const [to, message, isLast] = api.remove.mock.calls[0];
    expect([to, message.id, isLast]).toEqual([parties, 'm2', true]);
    // The database's answer (the fake applies the delete): the envelope and `deleted`.
    expect(screen.queryByText('wrong person')).toBeNull();
    const deleted = screen.getByText('This message was deleted');
    expect(deleted.closest('[data-message-id]')).toHaveAttribute('data-message-id', 'm2');
    // A deleted message offers no React or Reply, and its menu only Delete (for me).
    fireEvent.mouseEnter(deleted);
    expect(screen.queryByRole('button', { name: 'React' })).toBeNull();
    fireEvent.contextMenu(deleted);
    expect(menuItems()).toEqual(['Delete']);
  });

  it('for me: hides it, and the hidden list leaves it out (every device listens)', async () => {
    const { api, hiddenElsewhere } = openChat([
      said('m1', 'bo', 'keep'),
      said('m2', 'bo', 'rude'),
      said('m3', 'bo', 'spam'),
    ]);
    expect(api.subscribeHidden).toHaveBeenCalledWith(
      'me',
      bo.id,
      expect.any(Function),
      expect.any(Function),
    );
    const user = userEvent.setup();
    fireEvent.contextMenu(rowOf('rude'));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    // Bo's message: only for me.
    const dialog = screen.getByRole('dialog', { name: 'Delete for you?' });
    expect(within(dialog).queryByRole('button', { name: 'Delete for everyone' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete for me' }));
    await waitFor(() => expect(api.hide).toHaveBeenCalledWith('me', bo.id, 'm2'));
    expect(screen.queryByText('rude')).toBeNull();
    expect(screen.getByText('keep')).toBeInTheDocument();
    // Hidden on another device of mine: gone here too.
    hiddenElsewhere(['m2', 'm3']);
    expect(screen.queryByText('spam')).toBeNull();
    expect(screen.getByText('keep')).toBeInTheDocument();
  });

  it('for me, of the newest: my row shows the message before it on every device', async () => {
    const { api } = openChat([said('m1', 'bo', 'keep'), said('m2', 'me', 'oops')]);
    const user = userEvent.setup();
    fireEvent.contextMenu(rowOf('oops'));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete for me' }));
    await waitFor(() => expect(api.hideLast).toHaveBeenCalledOnce());
    const [to, id, cover] = api.hideLast.mock.calls[0];
    expect([to, id, cover.over, cover.shown?.id]).toEqual([parties, 'm2', 'm2', 'm1']);
    expect(api.hide).not.toHaveBeenCalled();
    expect(screen.queryByText('oops')).toBeNull();
  });

  it('a refused delete comes back as a toast, the message unchanged', async () => {
    const { api } = openChat([said('m1', 'me', 'stays')]);
    api.remove.mockRejectedValueOnce(new Error('PERMISSION_DENIED'));
    const user = userEvent.setup();
    fireEvent.contextMenu(rowOf('stays'));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete for everyone' }));
    expect(await screen.findByText(/^Could not delete the message: /)).toBeInTheDocument();
    expect(screen.getByText('stays')).toBeInTheDocument();
  });
});
