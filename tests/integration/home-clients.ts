import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setLogLevel } from 'firebase/app';
import type { AppStartListening } from '../../src/app/listener-middleware';
import { rootReducer } from '../../src/app/reducer';
import { userSignedIn, userSignedOut } from '../../src/features/auth';
import { addRelationshipListeners } from '../../src/features/friends/relationship-listeners';
import { addGroupListeners } from '../../src/features/groups/group-listeners';
import { addProfileListeners } from '../../src/features/users/profile-listeners';
import { addUserDirectoryListeners } from '../../src/features/users/user-directory-listeners';
import { makeGroupsApi } from '../../src/lib/firebase/groups';
import { makeRelationshipsApi } from '../../src/lib/firebase/relationships';
import { makeUserDirectoryApi } from '../../src/lib/firebase/user-directory';
import { adminUpdate, createTestUser, signInClient, type TestClient } from '../support/backend';

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
}

/** A verified account with its `users` record, signed in on its own Firebase app instance. */
export async function signUpAndIn(username: string): Promise<Person> {
  const email = `${username.toLowerCase()}@example.com`;
  const password = 'Secret123';
  const { uid } = await createTestUser({ email, password, displayName: username, verified: true });
  await adminUpdate({
    [`users/${uid}`]: {
      username,
      email,
      photo: '/default-avatar.svg',
      usernameLower: username.toLowerCase(),
    },
  });
  const client = await signInClient(email, password);
  return {
    uid,
    username,
    photo: '/default-avatar.svg',
    client,
    relationships: makeRelationshipsApi(client.db),
    groups: makeGroupsApi(client.db),
    directory: makeUserDirectoryApi(client.db),
  };
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
