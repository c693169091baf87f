import { expect } from 'vitest';
import { makeDatabaseGateways } from '../../src/app/database-gateways';
import { encryptionSession } from '../../src/features/encryption/encryption-session';
import {
  chatScreenEntered,
  friendSelected,
} from '../../src/features/conversations/timeline/conversations-slice';
import { signInClient } from '../support/backend';
import { eventually, storeFor, type Person } from './app-clients';

/**
 * `person`'s app on one device as the browser runs it: every database gateway over this device's
 * own client, sealing and opening with this device's own keys (sessions are kept per gateways,
 * so two devices of one person can run side by side here).
 */
export async function deviceApp(person: Person, stopAfterTest: (stop: () => unknown) => void) {
  const gateways = makeDatabaseGateways(person.client);
  const app = storeFor(person, gateways);
  stopAfterTest(app.stop);
  await app.ready();
  await eventually(() => expect(app.store.getState().encryption.status).toBe('ready'), 15_000);
  const { store } = app;
  return {
    store,
    /** Signs this device's app out (a device put away); the test's end does it otherwise. */
    stop: app.stop,
    /** The gateways the store runs on (a photo is sent through `chatImages`: no File here). */
    gateways,
    /** This device's encryption session (its key ring approves my other devices). */
    session: async () => {
      const session = await encryptionSession(person.uid, gateways.encryption);
      if (!session) throw new Error('no encryption session');
      return session;
    },
    openChatWith(friend: Person) {
      store.dispatch(chatScreenEntered());
      store.dispatch(friendSelected({ uid: friend.uid, name: friend.username, photo: '' }));
    },
  };
}

export type DeviceApp = Awaited<ReturnType<typeof deviceApp>>;

/** `person` signed in on another device (its own Firebase client, closed after the test). */
export async function anotherDevice(
  person: Person,
  stopAfterTest: (stop: () => unknown) => void,
): Promise<Person> {
  const client = await signInClient(`${person.username.toLowerCase()}@example.com`, 'Secret123');
  stopAfterTest(() => client.close());
  return { ...person, client };
}
