// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeTestStore as makeStore } from '../../testing/test-store';
import type { Block, FriendRequest } from '../../lib/firebase/records';
import { userSignedIn, userSignedOut, type ActiveUser } from '../../store/session';
import {
  blockSelectors,
  blocksReceived,
  friendsReceived,
  relationshipListFailed,
  requestSelectors,
  requestsReceived,
  selectListMeta,
} from './friends-slice';
import { selectFriendRows, selectIncomingRequests, selectMyBlocks } from './friends-selectors';

const me = 'me';
const user = (uid: string): ActiveUser => ({
  uid,
  email: `${uid}@example.com`,
  displayName: uid,
  photoURL: '',
  emailVerified: true,
});
const request = (id: string, senderId: string, receiverId: string): FriendRequest => ({
  id,
  senderId,
  senderName: senderId.toUpperCase(),
  receiverId,
  receiverName: receiverId.toUpperCase(),
  photo: '',
});
const block = (id: string, blockbyid: string, blockid: string): Block => ({
  id,
  blockbyid,
  blockbyName: blockbyid,
  blockid,
  blockName: blockid,
});

function signedInStore() {
  const store = makeStore();
  store.dispatch(userSignedIn(user(me)));
  return store;
}

describe('relationships slice', () => {
  it('starts idle, and loading once someone signs in', () => {
    const store = makeStore();
    expect(selectListMeta(store.getState(), 'requests').status).toBe('idle');
    store.dispatch(userSignedIn(user(me)));
    for (const list of ['requests', 'friends', 'blocks'] as const) {
      expect(selectListMeta(store.getState(), list)).toMatchObject({
        status: 'loading',
        error: null,
      });
    }
  });

  it('replaces each list whole with what its listener delivers', () => {
    const store = signedInStore();
    store.dispatch(requestsReceived([request('a', 'x', me), request('b', me, 'y')]));
    store.dispatch(requestsReceived([request('b', me, 'y')]));
    expect(requestSelectors.selectIds(store.getState())).toEqual(['b']);
    expect(selectListMeta(store.getState(), 'requests').status).toBe('ready');
  });

  it('records a listener failure on its list only', () => {
    const store = signedInStore();
    store.dispatch(relationshipListFailed({ list: 'blocks', message: 'permission_denied' }));
    expect(selectListMeta(store.getState(), 'blocks')).toMatchObject({
      status: 'error',
      error: 'permission_denied',
    });
    expect(selectListMeta(store.getState(), 'friends').status).toBe('loading');
  });

  it('forgets everything on sign-out', () => {
    const store = signedInStore();
    store.dispatch(blocksReceived([block('b', me, 'x')]));
    store.dispatch(userSignedOut());
    expect(blockSelectors.selectTotal(store.getState())).toBe(0);
    expect(selectListMeta(store.getState(), 'blocks').status).toBe('idle');
  });

  it('keeps the lists when the same user is reported signed in again', () => {
    const store = signedInStore();
    store.dispatch(blocksReceived([block('b', me, 'x')]));
    store.dispatch(userSignedIn(user(me)));
    expect(blockSelectors.selectTotal(store.getState())).toBe(1);
  });

  it('starts over when another user signs in', () => {
    const store = signedInStore();
    store.dispatch(blocksReceived([block('b', me, 'x')]));
    store.dispatch(userSignedIn(user('someone-else')));
    expect(blockSelectors.selectTotal(store.getState())).toBe(0);
    expect(selectListMeta(store.getState(), 'blocks').status).toBe('loading');
  });
});

describe('relationship selectors', () => {
  it('lists only requests sent to me, newest first', () => {
    const store = signedInStore();
    store.dispatch(
      requestsReceived([request('-A', 'x', me), request('-C', 'y', me), request('-B', me, 'z')]),
    );
    expect(selectIncomingRequests(store.getState()).map((r) => r.id)).toEqual(['-C', '-A']);
  });

  it('lists friends by the other party, sorted by name', () => {
    const store = signedInStore();
    store.dispatch(friendsReceived([request('1', me, 'zoe'), request('2', 'bob', me)]));
    expect(selectFriendRows(store.getState()).map((r) => r.friend)).toEqual([
      { uid: 'bob', name: 'BOB' },
      { uid: 'zoe', name: 'ZOE' },
    ]);
  });

  it('shows only the blocks I made in Blocked Users', () => {
    const store = signedInStore();
    store.dispatch(blocksReceived([block('1', me, 'x'), block('2', 'y', me)]));
    expect(selectMyBlocks(store.getState()).map((b) => b.id)).toEqual(['1']);
  });
});
