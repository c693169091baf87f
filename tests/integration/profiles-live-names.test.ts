import { get, ref } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import {
  profilesWatched,
  selectDisplayName,
  selectIsDeletedAccount,
} from '../../src/features/profiles';
import {
  selectUserDirectory,
  userSearchChanged,
} from '../../src/features/directory/directory-slice';
import { makeAccountApi } from '../../src/lib/firebase/settings/account';
import { profilesStrings } from '../../src/features/profiles/profiles-strings';
import { befriend, cleanBackendPerTest, eventually, storeFor } from './app-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();

/** Bob's app, watching Alice's profile as a screen showing her would. */
async function bobWatching(bob: Awaited<ReturnType<typeof signUp>>, aliceUid: string) {
  const app = storeFor(bob);
  stopAfterTest(app.stop);
  await app.ready();
  // The User List would also deliver her record: searching for someone else leaves the watch.
  app.store.dispatch(userSearchChanged('nobody-matches'));
  app.store.dispatch(profilesWatched([aliceUid]));
  const nameOfAlice = () => selectDisplayName(app.store.getState(), aliceUid, 'Alice (copied)');
  return { ...app, nameOfAlice };
}

describe("names read live from users/{uid} through the app's store", () => {
  it("a rename reaches the friend's screen without any copy being rewritten", async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const app = await bobWatching(bob, alice.uid);
    await eventually(() => expect(app.nameOfAlice()).toBe('Alice'));

    await eventually(() =>
      expect(selectUserDirectory(app.store.getState())).toMatchObject({
        search: 'nobody-matches',
        status: 'ready',
        pages: [[]],
      }),
    );
    await makeAccountApi(alice.client.auth, alice.client.db).changeName(alice.uid, 'Alicia');
    await eventually(() => expect(app.nameOfAlice()).toBe('Alicia'));
    // The friendship keeps the name it was made with: the screen reads the live one.
    const copy = await get(ref(bob.client.db, `friendList/${conversationId}/senderName`));
    expect(copy.val()).toBe('Alice');
  });

  it('a deleted account shows as deleted to the friend, and their chat stays readable', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    await alice.conversations.direct.send(
      {
        conversationId,
        from: { uid: alice.uid, name: 'Alice' },
        to: { uid: bob.uid, name: 'Bob' },
      },
      'bye',
    );
    const app = await bobWatching(bob, alice.uid);
    await eventually(() => expect(app.nameOfAlice()).toBe('Alice'));
    expect(selectIsDeletedAccount(app.store.getState(), alice.uid)).toBe(false);

    await makeAccountApi(alice.client.auth, alice.client.db).deleteAccount('Secret123');
    await eventually(() => expect(app.nameOfAlice()).toBe(profilesStrings.people.deletedAccount));
    expect(selectIsDeletedAccount(app.store.getState(), alice.uid)).toBe(true);
    const chat = await get(ref(bob.client.db, `sendMessage/${conversationId}`));
    expect(Object.values(chat.val() as Record<string, { message: string }>)).toEqual([
      expect.objectContaining({ message: 'bye', messagesenderId: alice.uid }),
    ]);
  });
});
