// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeTestStore } from '../../../testing/test-store';
import { userSignedIn } from '../../../store/session';
import { groupChatShown } from './conversations-slice';
import { conversationTarget } from './conversation-target';

const groupId = '-Ngroup';
/**
 * The groups and users features keep their slices to themselves (their index exports no
 * actions), so the store is filled by the actions' types, as their listeners dispatch them.
 */
const action = (type: string) => (payload: unknown) => ({ type, payload });
const groupReceived = action('groups/groupReceived');
const myMembershipsReceived = action('memberships/myMembershipsReceived');
const rosterReceived = action('memberships/rosterReceived');
const myProfileReceived = action('profiles/myProfileReceived');
const profileFetched = action('profiles/profileFetched');
const person = (uid: string) => ({ uid, username: uid, usernameLower: uid, photo: '' });
const entry = (uid: string) => ({ groupId, uid, username: uid, status: 'member' as const, at: 1 });

/** I am a member of a group `admin` runs, with Bob and Carol. */
function groupChat(admin: string) {
  const store = makeTestStore();
  store.dispatch(
    userSignedIn({
      uid: 'me',
      email: 'me@x.io',
      displayName: 'me',
      photoURL: '',
      emailVerified: true,
    }),
  );
  store.dispatch(myProfileReceived(person('me')));
  store.dispatch(
    groupReceived({
      id: groupId,
      group: { id: groupId, adminId: admin, adminName: admin, groupName: 'G', groupTag: 'T' },
    }),
  );
  store.dispatch(myMembershipsReceived({ [groupId]: 'member' }));
  store.dispatch(rosterReceived({ groupId, entries: ['me', 'bob', 'carol'].map(entry) }));
  store.dispatch(groupChatShown(groupId));
  return store;
}
const recipients = (store: ReturnType<typeof groupChat>) => {
  const target = conversationTarget(store.getState());
  return target.kind === 'group' ? [...target.parties.to].sort() : target;
};

describe('group fan-out', () => {
  it('sends to the admin and the other members', () => {
    expect(recipients(groupChat('alice'))).toEqual(['alice', 'bob', 'carol']);
  });

  it('leaves out an admin or member whose account is known to be gone', () => {
    const store = groupChat('alice');
    store.dispatch(profileFetched({ uid: 'alice', profile: null }));
    store.dispatch(profileFetched({ uid: 'carol', profile: null }));
    store.dispatch(profileFetched({ uid: 'bob', profile: person('bob') }));
    expect(recipients(store)).toEqual(['bob']);
  });
});
