import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setLogLevel } from 'firebase/app';
import { afterEach, beforeEach } from 'vitest';
import type { AppStartListening } from '../../src/app/listener-middleware';
import { rootReducer } from '../../src/app/reducer';
import { userSignedIn, userSignedOut } from '../../src/features/auth';
import { addRelationshipListeners } from '../../src/features/friends/relationship-listeners';
import { addGroupListeners } from '../../src/features/groups/group-listeners';
import { addChatListeners } from '../../src/features/messages/chat-listeners';
import { addPresenceListeners } from '../../src/features/presence/presence-listeners';
import { addProfileListeners } from '../../src/features/users/profile-listeners';
import { addUserDirectoryListeners } from '../../src/features/users/user-directory-listeners';
import { makeGroupsApi } from '../../src/lib/firebase/groups';
import { makeMessagesApi } from '../../src/lib/firebase/messages';
import { makePresenceApi } from '../../src/lib/firebase/presence';
import { makeRelationshipsApi } from '../../src/lib/firebase/relationships';
import { makeUserDirectoryApi } from '../../src/lib/firebase/user-directory';
import {
  createVerifiedPerson,
  resetBackend,
  signInClient,
  type TestClient,
} from '../support/backend';

// Refused writes are the point of several tests; their SDK warnings would only add noise.
setLogLevel('error');

export interface Person {
  uid: string;
  username: string;
  photo: string;
  client: TestClient;
  relationships: ReturnType<typeof makeRelationshipsApi>;
  groups: ReturnType<typeof makeGroupsApi>;
  directory: ReturnType<typeof makeUserDirectoryApi>;
  messages: ReturnType<typeof makeMessagesApi>;
  presence: ReturnType<typeof makePresenceApi>;
}

/** A verified account with its `users` record, signed in on its own Firebase app instance. */
export async function signUpAndIn(username: string): Promise<Person> {
  const password = 'Secret123';
  const { uid, email } = await createVerifiedPerson(username, password);
  const client = await signInClient(email, password);
  return {
    uid,
    username,
    photo: '/default-avatar.svg',
    client,
    relationships: makeRelationshipsApi(client.db),
    groups: makeGroupsApi(client.db),
    directory: makeUserDirectoryApi(client.db),
    messages: makeMessagesApi(client.db),
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

/**
 * The app's store and listeners for one person, wired to that person's database instance, as
 * their browser would run them. Writes go through the gateway directly.
 */
export function storeFor(person: Person) {
  const listeners = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware),
  });
  const start = listeners.startListening as AppStartListening;
  addRelationshipListeners(start, person.relationships);
  addProfileListeners(start, person.directory);
  addUserDirectoryListeners(start, person.directory);
  addGroupListeners(start, person.groups);
  addChatListeners(start, person.messages);
  addPresenceListeners(start, person.presence);
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
    stop: () => {
      store.dispatch(userSignedOut());
      listeners.clearListeners();
    },
  };
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
