// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../lib/firebase/conversations/message';
import { userSignedIn, userSignedOut } from '../../../store/session';
import {
  betweenReceived,
  chatScreenEntered,
  conversationsSlice,
  conversationClosed,
  conversationFailed,
  conversationOpened,
  composeStarted,
  friendSelected,
  hiddenReceived,
  latestReceived,
  MESSAGE_PAGE_SIZE,
  messageSelectors,
  olderReceived,
  olderRequested,
} from './conversations-slice';

const reduce = conversationsSlice.reducer;
const message = (id: string, createdAt: number): ConversationMessage => ({
  id,
  text: `text ${id}`,
  senderId: 'me',
  senderName: 'Mia',
  receiverId: 'bo',
  receiverName: 'Bo',
  createdAt,
});
const ids = (state: ReturnType<typeof reduce>) =>
  messageSelectors.selectIds({ conversations: state });
const opened = () => reduce(undefined, conversationOpened('rel'));
const user = { uid: 'me', email: 'm@x', displayName: 'Mia', photoURL: '', emailVerified: true };

describe('chat slice', () => {
  it('keeps messages oldest first, and those that scroll out of the live window', () => {
    let state = opened();
    expect(state.status).toBe('loading');
    state = reduce(
      state,
      latestReceived({ key: 'd:rel', messages: [message('b', 2), message('c', 3)] }),
    );
    expect(ids(state)).toEqual(['b', 'c']);
    expect(state.status).toBe('ready');
    // 'd' arrives and 'b' leaves the window by being older than all of it: it stays.
    state = reduce(
      state,
      latestReceived({ key: 'd:rel', messages: [message('c', 3), message('d', 4)] }),
    );
    expect(ids(state)).toEqual(['b', 'c', 'd']);
  });

  it("keeps one copy of a send whose server time moved it past the window's old oldest", () => {
    // The local estimate (1) is replaced by the server's time (5): same id, still in the window.
    let state = reduce(opened(), latestReceived({ key: 'd:rel', messages: [message('a', 1)] }));
    state = reduce(state, latestReceived({ key: 'd:rel', messages: [message('a', 5)] }));
    state = reduce(
      state,
      latestReceived({ key: 'd:rel', messages: [message('a', 5), message('b', 6)] }),
    );
    expect(ids(state)).toEqual(['a', 'b']);
    expect(messageSelectors.selectById({ conversations: state }, 'a').createdAt).toBe(5);
  });

  it('drops a message the server refused (it vanishes from inside the window)', () => {
    let state = reduce(opened(), latestReceived({ key: 'd:rel', messages: [message('a', 1)] }));
    state = reduce(
      state,
      latestReceived({ key: 'd:rel', messages: [message('a', 1), message('x', 9)] }),
    );
    state = reduce(state, latestReceived({ key: 'd:rel', messages: [message('a', 1)] }));
    expect(ids(state)).toEqual(['a']);
    state = reduce(state, latestReceived({ key: 'd:rel', messages: [] }));
    expect(ids(state)).toEqual([]);
  });

  it('takes a field the server no longer has off a message in the live window', () => {
    // A taken-back last reaction removes `reactions`; a delete for everyone, the rest too.
    const reacted = { ...message('a', 1), reactions: { '👍': { bo: 7 } }, editedAt: 3 };
    let state = reduce(opened(), latestReceived({ key: 'd:rel', messages: [reacted] }));
    state = reduce(state, latestReceived({ key: 'd:rel', messages: [message('a', 1)] }));
    expect(messageSelectors.selectById({ conversations: state }, 'a')).toEqual(message('a', 1));
    const deleted = { ...message('a', 1), message: '', deleted: true };
    state = reduce(state, latestReceived({ key: 'd:rel', messages: [reacted] }));
    state = reduce(state, latestReceived({ key: 'd:rel', messages: [deleted] }));
    expect(messageSelectors.selectById({ conversations: state }, 'a')).toEqual(deleted);
  });

  it('takes a dropped field off a loaded message that a later read brings again', () => {
    const reacted = { ...message('a', 1), reactions: { '👍': { bo: 7 } } };
    let state = reduce(opened(), latestReceived({ key: 'd:rel', messages: [reacted] }));
    state = reduce(state, betweenReceived({ key: 'd:rel', messages: [message('a', 1)] }));
    expect(messageSelectors.selectById({ conversations: state }, 'a')).toEqual(message('a', 1));
  });

  it('ignores answers for another conversation', () => {
    const state = reduce(opened(), latestReceived({ key: 'd:old', messages: [message('a', 1)] }));
    expect(ids(state)).toEqual([]);
    expect(state.status).toBe('loading');
    expect(reduce(state, conversationFailed({ key: 'd:old', message: 'x' })).status).toBe(
      'loading',
    );
  });

  it("ignores a friendship's answers in a group's conversation with the same id, and back", () => {
    const group = reduce(undefined, conversationOpened('rel', 'group'));
    const stray = reduce(group, latestReceived({ key: 'd:rel', messages: [message('a', 1)] }));
    expect(ids(stray)).toEqual([]);
    expect(
      reduce(opened(), latestReceived({ key: 'g:rel', messages: [message('a', 1)] })).status,
    ).toBe('loading');
    expect(
      ids(reduce(group, latestReceived({ key: 'g:rel', messages: [message('a', 1)] }))),
    ).toEqual(['a']);
  });

  it('pages older messages in until a short page says there are no more', () => {
    const page = Array.from({ length: MESSAGE_PAGE_SIZE }, (_, i) =>
      message(`m${100 + i}`, 100 + i),
    );
    let state = reduce(opened(), latestReceived({ key: 'd:rel', messages: page }));
    state = reduce(state, olderRequested());
    expect(state.loadingOlder).toBe(true);
    state = reduce(state, olderReceived({ key: 'd:rel', messages: [message('m050', 50)] }));
    expect(state.loadingOlder).toBe(false);
    expect(state.olderExhausted).toBe(true);
    expect(ids(state).at(0)).toBe('m050');
    expect(reduce(state, olderRequested()).loadingOlder).toBe(false);
  });

  it("starts every field of the conversation afresh on close and on opening another, not the selection's", () => {
    const bo = { uid: 'bo', name: 'Bo', photo: '' };
    const page = Array.from({ length: MESSAGE_PAGE_SIZE }, (_, i) => message(`m${100 + i}`, i));
    let state = reduce(reduce(undefined, friendSelected(bo)), conversationOpened('rel', 'group'));
    state = reduce(state, latestReceived({ key: 'g:rel', messages: page }));
    state = reduce(state, latestReceived({ key: 'g:rel', messages: [message('n', 500)] }));
    state = reduce(state, olderRequested());
    state = reduce(state, olderReceived({ key: 'g:rel', messages: [message('o', -1)] }));
    state = reduce(state, composeStarted({ kind: 'reply', messageId: 'n' }));
    state = reduce(state, hiddenReceived({ key: 'g:rel', ids: ['m100'] }));
    state = reduce(state, conversationFailed({ key: 'g:rel', message: 'gone' }));
    expect(state.older.length).toBeGreaterThan(0);

    const fresh = { ...reduce(undefined, { type: 'init' }), selected: bo };
    expect(reduce(state, conversationClosed())).toEqual(fresh);
    expect(reduce(state, conversationOpened('other'))).toEqual({
      ...fresh,
      conversationId: 'other',
      status: 'loading',
    });
  });

  it('empties on close and on sign-out, keeping only whether the screen is shown', () => {
    let state = reduce(opened(), latestReceived({ key: 'd:rel', messages: [message('a', 1)] }));
    state = reduce(state, conversationClosed());
    expect(state.conversationId).toBeNull();
    expect(ids(state)).toEqual([]);

    state = reduce(reduce(state, userSignedIn(user)), chatScreenEntered());
    state = reduce(state, friendSelected({ uid: 'bo', name: 'Bo', photo: '' }));
    state = reduce(state, userSignedIn(user));
    expect(state.selected?.uid).toBe('bo');
    state = reduce(state, userSignedOut());
    expect(state.selected).toBeNull();
    expect(state.owner).toBeNull();
    expect(state.screenOpen).toBe(true);
  });
});
