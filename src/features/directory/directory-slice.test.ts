// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeTestStore as makeStore } from '../../testing/test-store';
import type { DirectoryUser } from '../../lib/firebase/records';
import { userSignedIn, userSignedOut } from '../../store/session';
import { profilesSeen, selectProfile } from '../profiles/profiles-slice';
import {
  moreUsersRequested,
  normalizeSearch,
  selectDirectoryUsers,
  selectUserDirectory,
  USER_PAGE_SIZE,
  userPageFailed,
  userPageReceived,
  userSearchChanged,
} from './directory-slice';

const person = (uid: string): DirectoryUser => ({
  uid,
  username: uid,
  usernameLower: uid.toLowerCase(),
  photo: '',
});
const fullPage = (prefix: string) =>
  Array.from({ length: USER_PAGE_SIZE }, (_, i) =>
    person(`${prefix}${String(i).padStart(2, '0')}`),
  );

function signedIn() {
  const store = makeStore();
  store.dispatch(
    userSignedIn({
      uid: 'me',
      email: 'me@x.io',
      displayName: 'me',
      photoURL: '',
      emailVerified: true,
    }),
  );
  return store;
}

describe('normalizeSearch', () => {
  it('trims, lower-cases and caps the search', () => {
    expect(normalizeSearch('  AlIce ')).toBe('alice');
    expect(normalizeSearch('x'.repeat(100))).toHaveLength(40);
  });
});

describe('user directory slice', () => {
  it('shows the first page, without me and without repeats', () => {
    const store = signedIn();
    store.dispatch(
      userPageReceived({ search: '', index: 0, users: [person('a'), person('me'), person('b')] }),
    );
    store.dispatch(userPageReceived({ search: '', index: 1, users: [person('b'), person('c')] }));
    expect(selectDirectoryUsers(store.getState()).map((u) => u.uid)).toEqual(['a', 'b', 'c']);
    expect(selectUserDirectory(store.getState())).toMatchObject({
      status: 'ready',
      hasMore: false,
    });
  });

  it('offers more only after a full page, and marks the request for it', () => {
    const store = signedIn();
    store.dispatch(userPageReceived({ search: '', index: 0, users: fullPage('u') }));
    expect(selectUserDirectory(store.getState()).hasMore).toBe(true);
    store.dispatch(moreUsersRequested());
    expect(selectUserDirectory(store.getState()).loadingMore).toBe(true);
    store.dispatch(userPageReceived({ search: '', index: 1, users: [person('z')] }));
    expect(selectUserDirectory(store.getState())).toMatchObject({
      hasMore: false,
      loadingMore: false,
    });
  });

  it('ignores asking for more when there is no more', () => {
    const store = signedIn();
    store.dispatch(userPageReceived({ search: '', index: 0, users: [person('a')] }));
    store.dispatch(moreUsersRequested());
    expect(selectUserDirectory(store.getState()).loadingMore).toBe(false);
  });

  it('starts a new search from scratch and drops pages of the old one', () => {
    const store = signedIn();
    store.dispatch(userPageReceived({ search: '', index: 0, users: [person('a')] }));
    store.dispatch(userSearchChanged('  BO '));
    expect(selectUserDirectory(store.getState())).toMatchObject({
      search: 'bo',
      status: 'loading',
      pages: [],
    });
    store.dispatch(userPageReceived({ search: '', index: 0, users: [person('late')] }));
    expect(selectDirectoryUsers(store.getState())).toEqual([]);
    store.dispatch(userPageReceived({ search: 'bo', index: 0, users: [person('bob')] }));
    expect(selectDirectoryUsers(store.getState()).map((u) => u.uid)).toEqual(['bob']);
  });

  it('ignores a page that would leave a gap', () => {
    const store = signedIn();
    store.dispatch(userPageReceived({ search: '', index: 2, users: [person('a')] }));
    expect(selectUserDirectory(store.getState()).pages).toEqual([]);
  });

  it('reports a failure of the current search', () => {
    const store = signedIn();
    store.dispatch(userPageFailed({ search: 'old', message: 'ignored' }));
    expect(selectUserDirectory(store.getState()).status).toBe('loading');
    store.dispatch(userPageFailed({ search: '', message: 'permission_denied' }));
    expect(selectUserDirectory(store.getState())).toMatchObject({
      status: 'error',
      error: 'permission_denied',
    });
  });

  it('caches the profiles it saw for avatars, and forgets all on sign-out', () => {
    const store = signedIn();
    // As the directory's listener does: the page, and its users as seen profiles.
    store.dispatch(userPageReceived({ search: '', index: 0, users: [person('a')] }));
    store.dispatch(profilesSeen([person('a')]));
    expect(selectProfile(store.getState(), 'a')?.username).toBe('a');
    store.dispatch(userSignedOut());
    expect(selectUserDirectory(store.getState()).status).toBe('idle');
    expect(selectProfile(store.getState(), 'a')).toBeUndefined();
  });
});
