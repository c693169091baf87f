import { goOffline } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { logoutStarted, userSignedOut } from '../../src/store/session';
import { makeAccountApi } from '../../src/lib/firebase/settings/account';
import { deleteAccountLoggingOut } from '../../src/features/settings/delete-account';
import type { PresenceStatus } from '../../src/lib/firebase/presence/status';
import { adminGet } from '../support/backend';
import { cleanBackendPerTest, eventually, storeFor, type Person } from './app-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();

/** What `watcher` sees of `watched`'s status, live: undefined until the first answer. */
function watch(watcher: Person, watched: Person) {
  let latest: PresenceStatus | null | undefined;
  let failure: Error | undefined;
  stopAfterTest(
    watcher.presence.subscribeStatus(
      watched.uid,
      (status) => (latest = status),
      (error) => (failure = error),
    ),
  );
  return {
    state: () => {
      if (failure) throw failure;
      return latest === null ? 'never' : latest?.state;
    },
    lastChanged: () => latest?.lastChanged ?? 0,
  };
}

describe('presence between two signed-in people', () => {
  it("B sees A online while A's app runs, and offline once A's connection drops", async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const aliceSeenByBob = watch(bob, alice);
    await eventually(() => expect(aliceSeenByBob.state()).toBe('never'));

    const app = storeFor(alice);
    stopAfterTest(app.stop);
    await eventually(() => expect(aliceSeenByBob.state()).toBe('online'));
    const online = aliceSeenByBob.lastChanged();
    expect(Math.abs(online - Date.now())).toBeLessThan(60_000);

    // The tab closes (or the network goes): the server runs the queued onDisconnect write.
    goOffline(alice.client.db);
    await eventually(() => expect(aliceSeenByBob.state()).toBe('offline'));
    expect(aliceSeenByBob.lastChanged()).toBeGreaterThanOrEqual(online);
  });

  it('a logout writes offline before the sign-out, which then leaves nothing pending', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const aliceSeenByBob = watch(bob, alice);
    const app = storeFor(alice);
    stopAfterTest(app.stop);
    await eventually(() => expect(aliceSeenByBob.state()).toBe('online'));

    // As useLogout does: logoutStarted, then the Firebase sign-out right away.
    app.store.dispatch(logoutStarted());
    await alice.client.auth.signOut();
    await eventually(() => expect(aliceSeenByBob.state()).toBe('offline'));
    const loggedOut = aliceSeenByBob.lastChanged();

    // The cancelled onDisconnect does not stamp a later time when the connection closes (the
    // cancel follows the write's acknowledgement, so give it a moment to go out).
    await new Promise((resolve) => setTimeout(resolve, 200));
    goOffline(alice.client.db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await adminGet(`status/${alice.uid}`)).toEqual({
      state: 'offline',
      lastChanged: loggedOut,
    });
  });

  it('an account deletion removes the status, and nothing of presence writes it back', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const aliceSeenByBob = watch(bob, alice);
    const app = storeFor(alice);
    stopAfterTest(app.stop);
    await eventually(() => expect(aliceSeenByBob.state()).toBe('online'));
    const online = aliceSeenByBob.lastChanged();
    const account = makeAccountApi(alice.client.auth, alice.client.db);

    // As the Delete account form does. A wrong password deletes nothing: online again.
    await expect(
      deleteAccountLoggingOut(app.store.dispatch, account, 'Wrong1234'),
    ).rejects.toMatchObject({ code: expect.stringMatching(/wrong-password|invalid-credential/) });
    await eventually(() => {
      expect(aliceSeenByBob.state()).toBe('online');
      expect(aliceSeenByBob.lastChanged()).toBeGreaterThan(online);
    });

    await deleteAccountLoggingOut(app.store.dispatch, account, 'Secret123');
    expect(await adminGet(`status/${alice.uid}`)).toBeNull();
    await eventually(() => expect(aliceSeenByBob.state()).toBe('never'));
    // The app's sign-out, then the connection closing: no "offline" comes back (the queued
    // onDisconnect was cancelled; give writes in flight a moment, as the logout test does).
    app.store.dispatch(userSignedOut());
    await new Promise((resolve) => setTimeout(resolve, 200));
    goOffline(alice.client.db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await adminGet(`status/${alice.uid}`)).toBeNull();
  });

  it('refuses marking someone else online, and says so through onError', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    let refused: Error | undefined;
    stopAfterTest(bob.presence.goOnline(alice.uid, (error) => (refused = error)));
    await eventually(() => expect(refused?.message).toMatch(/permission/i));
    expect(await adminGet(`status/${alice.uid}`)).toBeNull();
  });
});
