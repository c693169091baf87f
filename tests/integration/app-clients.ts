import { setLogLevel } from 'firebase/app';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Gateways } from '../../src/store/gateways';
import { registerSignedInListeners } from '../../src/app/signed-in-listeners';
import { makeDatabaseGateways } from '../../src/app/database-gateways';
import { makeStore } from '../../src/app/store';
import { userSignedIn, userSignedOut } from '../../src/store/session';
import { selectMyProfile } from '../../src/features/profiles';
import {
  acceptGroupAsShown,
  createGroup,
  inviteFriend,
} from '../../src/features/groups/groups-thunks';
import type { AppDispatch, RootState } from '../../src/store/store';
import { makeAuthApi } from '../../src/lib/firebase/auth/gateway';
import { makeGroupsApi } from '../../src/lib/firebase/groups/gateway';
import { makeConversationsApi } from '../../src/lib/firebase/conversations/gateway';
import { makePresenceApi } from '../../src/lib/firebase/presence/gateway';
import { makeFriendsApi } from '../../src/lib/firebase/friends/gateway';
import { makeDirectoryApi } from '../../src/lib/firebase/directory/gateway';
import { makeUsersApi } from '../../src/lib/firebase/profiles/gateway';
import {
  createVerifiedPerson,
  resetBackend,
  signInClient,
  type TestClient,
} from '../support/backend';
import { HIKERS } from '../support/hikers-group';

// Refused writes are the point of several tests; their SDK warnings would only add noise.
setLogLevel('error');

export interface Person {
  uid: string;
  username: string;
  photo: string;
  client: TestClient;
  relationships: ReturnType<typeof makeFriendsApi>;
  groups: ReturnType<typeof makeGroupsApi>;
  directory: ReturnType<typeof makeDirectoryApi>;
  conversations: ReturnType<typeof makeConversationsApi>;
  presence: ReturnType<typeof makePresenceApi>;
}

/** A verified account with its `users` record, signed in on its own Firebase app instance. */
async function signUpAndIn(username: string): Promise<Person> {
  const password = 'Secret123';
  const { uid, email } = await createVerifiedPerson(username, password);
  const client = await signInClient(email, password);
  return {
    uid,
    username,
    photo: '/default-avatar.svg',
    client,
    relationships: makeFriendsApi(client.db),
    groups: makeGroupsApi(client.db, () => client.auth.currentUser?.uid),
    directory: makeDirectoryApi(client.db),
    conversations: makeConversationsApi(client.db),
    presence: makePresenceApi(client.db),
  };
}

/**
 * Per test of the calling file: the backend wiped before it; after it, every stop handed to
 * `stopAfterTest` runs, last first. `signUp` is signUpAndIn whose client closes then.
 */
export function cleanBackendPerTest() {
  let stops: Array<() => unknown> = [];
  beforeEach(async () => {
    stops = [];
    await resetBackend();
  });
  afterEach(async () => {
    for (const stop of stops.reverse()) await stop();
  });
  const stopAfterTest = (...more: Array<() => unknown>) => {
    stops.push(...more);
  };
  return {
    stopAfterTest,
    signUp: async (username: string): Promise<Person> => {
      const person = await signUpAndIn(username);
      stopAfterTest(() => person.client.close());
      return person;
    },
  };
}

/** The request `from` sent `to` under `id`, as the app holds it. */
export function requestFrom(from: Person, to: Person, id: string) {
  return {
    id,
    senderId: from.uid,
    senderName: from.username,
    receiverId: to.uid,
    receiverName: to.username,
    photo: from.photo,
  };
}

/** `from` sends `to` a friend request and `to` accepts it; returns that request. */
export async function befriend(from: Person, to: Person) {
  const request = requestFrom(from, to, await from.relationships.sendRequest(from, to));
  await to.relationships.acceptRequest(request);
  return request;
}

/** The real gateways over `person`'s own Firebase app, as their browser would have them. */
export function gatewaysFor(person: Person): Gateways {
  const { auth, db } = person.client;
  return {
    auth: makeAuthApi(auth, () => Promise.resolve(makeUsersApi(db))),
    ...makeDatabaseGateways(person.client),
    // The ones the tests also call directly: the same instances as the store's.
    friends: person.relationships,
    directory: person.directory,
    groups: person.groups,
    conversations: person.conversations,
    presence: person.presence,
  };
}

/**
 * The app's store (makeStore) with every listener, over `person`'s real gateways (some replaced
 * by `overrides`), signed in as them: thunks dispatched to it write to the emulators as the app would.
 */
export function storeFor(person: Person, overrides: Partial<Gateways> = {}) {
  const store = makeStore({ gateways: { ...gatewaysFor(person), ...overrides } });
  registerSignedInListeners(store.startListening);
  store.dispatch(
    userSignedIn({
      uid: person.uid,
      email: `${person.username}@example.com`,
      displayName: person.username,
      photoURL: '',
      emailVerified: true,
    }),
  );
  return {
    store,
    /** Resolves once the user's own profile is in: thunks name the writer from it. */
    ready: () => eventually(() => expect(selectMyProfile(store.getState())).not.toBeNull()),
    stop: () => {
      store.dispatch(userSignedOut());
      store.clearListeners();
    },
  };
}

type App = ReturnType<typeof storeFor>;

/**
 * Through the apps, as their buttons do: `admin`'s app creates 'Hikers' (tests/support/
 * hikers-group.ts) and invites each person of `members`, whose app accepts once it shows the
 * invitation; returns the group's id.
 */
export async function hikersThroughApps(
  admin: App,
  members: ReadonlyArray<readonly [Person, App]> = [],
): Promise<string> {
  const groupId = await admin.store.dispatch(createGroup(HIKERS)).unwrap();
  for (const [person, app] of members) {
    const friend = { uid: person.uid, username: person.username };
    await admin.store.dispatch(inviteFriend({ groupId, friend })).unwrap();
    await eventually(() => expect(app.store.getState().memberships.mine[groupId]).toBe('invited'));
    await app.store.dispatch(acceptGroup(groupId)).unwrap();
  }
  return groupId;
}

/** Polls until `check` stops throwing: live updates arrive "within a moment". */
export async function eventually(check: () => void, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** The Group List row's 'Accept' as the row shows my status now (an invitation, or nothing). */
export const acceptGroup =
  (groupId: string) => (dispatch: AppDispatch, getState: () => RootState) =>
    dispatch(
      acceptGroupAsShown({
        groupId,
        shown: getState().memberships.mine[groupId] === 'invited' ? 'invited' : null,
      }),
    );
