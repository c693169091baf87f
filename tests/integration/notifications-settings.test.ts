import { signInWithEmailAndPassword } from 'firebase/auth';
import { get, ref } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { makeAccountApi } from '../../src/lib/firebase/settings/account';
import type { AppNotification } from '../../src/lib/firebase/notifications/record';
import { makeNotificationsApi } from '../../src/lib/firebase/notifications/gateway';
import { makeSettingsApi } from '../../src/lib/firebase/settings/gateway';
import { adminGet, adminUpdate, connectClient } from '../support/backend';
import { hikersThroughGateways } from '../support/hikers-group';
import { befriend, cleanBackendPerTest, eventually, requestFrom, type Person } from './app-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();

/** `person`'s unread notifications, live, as the bell sees them. */
function unreadOf(person: Person) {
  let latest: AppNotification[] = [];
  let failure: Error | undefined;
  const api = makeNotificationsApi(person.client.db);
  stopAfterTest(
    api.subscribeUnread(
      person.uid,
      (items) => (latest = items),
      (error) => (failure = error),
    ),
  );
  return {
    api,
    items: () => {
      if (failure) throw failure;
      return latest;
    },
  };
}

describe('notifications written with their action', () => {
  it('a request notifies its receiver, the acceptance its sender; reading clears the count', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const bobs = unreadOf(bob);
    const alices = unreadOf(alice);

    const id = await alice.relationships.sendRequest(alice, bob);
    await eventually(() =>
      expect(bobs.items()).toEqual([
        expect.objectContaining({
          kind: 'friendRequest',
          actorId: alice.uid,
          actorName: 'Alice',
          ref: id,
          read: false,
        }),
      ]),
    );

    await bob.relationships.acceptRequest(requestFrom(alice, bob, id));
    await eventually(() =>
      expect(alices.items()).toEqual([
        expect.objectContaining({ kind: 'friendAccepted', actorId: bob.uid, ref: id }),
      ]),
    );

    await bobs.api.markRead(
      bob.uid,
      bobs.items().map((n) => n.id),
    );
    await eventually(() => expect(bobs.items()).toEqual([]));
    // Alice cannot read or mark Bob's feed.
    await expect(alices.api.markRead(bob.uid, ['x'])).rejects.toThrow(/permission/i);
  });

  it('group invitations, join requests, approvals and removals reach the right person', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const carol = await signUp('Carol');
    await befriend(alice, bob);
    const groupId = await hikersThroughGateways(alice);
    const [alices, bobs, carols] = [unreadOf(alice), unreadOf(bob), unreadOf(carol)];
    const kindsOf = (feed: ReturnType<typeof unreadOf>) =>
      feed
        .items()
        .filter((n) => n.ref === groupId)
        .map((n) => `${n.kind}:${n.actorName}:${n.subject ?? ''}`)
        .sort();

    await alice.groups.invite(groupId, bob);
    await eventually(() => expect(kindsOf(bobs)).toEqual(['groupInvite:Alice:Hikers']));
    await bob.groups.admit(groupId, bob); // accepting my own invitation tells nobody
    await carol.groups.requestToJoin(groupId, carol);
    await eventually(() => expect(kindsOf(alices)).toEqual(['joinRequest:Carol:Hikers']));
    await alice.groups.admit(groupId, carol);
    await eventually(() => expect(kindsOf(carols)).toEqual(['joinApproved:Alice:Hikers']));
    await alice.groups.remove(groupId, bob);
    await eventually(() =>
      expect(kindsOf(bobs)).toEqual(['groupInvite:Alice:Hikers', 'groupRemoved:Alice:Hikers']),
    );
    expect(kindsOf(alices)).toEqual(['joinRequest:Carol:Hikers']);
  });
});

describe('settings enforced by the rules', () => {
  it('presence off hides my status from a friend; requests from nobody are refused', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const settings = makeSettingsApi(alice.client.db);

    await settings.save(alice.uid, 'showPresence', false);
    const read = new Promise<string>((resolve) => {
      const stop = bob.presence.subscribeStatus(
        alice.uid,
        () => resolve('read'),
        (error) => resolve(error.message),
      );
      stopAfterTest(stop);
    });
    await expect(read).resolves.toMatch(/permission/i);

    await settings.save(alice.uid, 'friendRequests', 'nobody');
    await expect(bob.relationships.sendRequest(bob, alice)).rejects.toThrow(/permission/i);
    expect(await adminGet(`notifications/${alice.uid}`)).toBeNull();
    await settings.save(alice.uid, 'friendRequests', 'everyone');
    await expect(bob.relationships.sendRequest(bob, alice)).resolves.toEqual(expect.any(String));
  });
});

describe('account', () => {
  it('changes the password only with the right current one; the new one signs in', async () => {
    const alice = await signUp('Alice');
    const account = makeAccountApi(alice.client.auth, alice.client.db);

    await expect(account.changePassword('Wrong1234', 'Newpass123')).rejects.toMatchObject({
      code: expect.stringMatching(/auth\/(wrong-password|invalid-credential)/),
    });
    await account.changePassword('Secret123', 'Newpass123');

    const other = connectClient();
    await expect(
      signInWithEmailAndPassword(other.auth, 'alice@example.com', 'Secret123'),
    ).rejects.toBeTruthy();
    const signedIn = await signInWithEmailAndPassword(
      other.auth,
      'alice@example.com',
      'Newpass123',
    );
    expect(signedIn.user.uid).toBe(alice.uid);
  });

  it('a new name reaches users/{uid} and later notifications carry it', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const bobs = unreadOf(bob);
    await makeAccountApi(alice.client.auth, alice.client.db).changeName(alice.uid, 'Alicia');
    expect(await adminGet(`users/${alice.uid}/username`)).toBe('Alicia');
    expect(await adminGet(`users/${alice.uid}/usernameLower`)).toBe('alicia');
    await alice.relationships.sendRequest({ ...alice, username: 'Alicia' }, bob);
    await eventually(() => expect(bobs.items()[0]?.actorName).toBe('Alicia'));
  });
});

describe('deleting an account', () => {
  it('needs the password, then removes my records and the Auth account; the chat stays', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const carol = await signUp('Carol');
    const { id: conversationId } = await befriend(alice, bob);
    await adminUpdate({
      [`sendMessage/${conversationId}/-Nmsg1`]: {
        message: 'hello',
        messagesenderId: alice.uid,
        massagesenderName: 'Alice',
        messagereceiverId: bob.uid,
        messagereceiverName: 'Bob',
        createdAt: 1,
      },
      // Two published devices go with the account too.
      [`deviceKeys/${alice.uid}/DevPhone000000000001`]: { publicKey: 'B', createdAt: 1 },
      [`deviceKeys/${alice.uid}/DevLaptop00000000001`]: { publicKey: 'B', createdAt: 1 },
      [`deviceSeen/${alice.uid}/DevPhone000000000001`]: { label: 'Phone', lastSeenAt: 1 },
      [`deviceSeen/${alice.uid}/DevLaptop00000000001`]: { label: 'Laptop', lastSeenAt: 1 },
    });
    const toCarol = await alice.relationships.sendRequest(alice, carol);
    const groupId = await hikersThroughGateways(bob);
    await alice.groups.requestToJoin(groupId, alice);
    const account = makeAccountApi(alice.client.auth, alice.client.db);

    await expect(account.deleteAccount('Wrong1234')).rejects.toMatchObject({
      code: expect.stringMatching(/auth\/(wrong-password|invalid-credential)/),
    });
    expect(await adminGet(`users/${alice.uid}/username`)).toBe('Alice');

    await account.deleteAccount('Secret123');
    for (const path of [
      `users/${alice.uid}`,
      `userPrivate/${alice.uid}`,
      `friendRequest/${toCarol}`,
      `groupMembership/${groupId}/${alice.uid}`,
      `userGroups/${alice.uid}`,
      `notifications/${alice.uid}`,
      `deviceKeys/${alice.uid}`,
      `deviceSeen/${alice.uid}`,
    ]) {
      expect(await adminGet(path), path).toBeNull();
    }
    // Other people's feeds are theirs and keep her old request; Bob still reads their chat.
    expect(await adminGet(`notifications/${carol.uid}`)).not.toBeNull();
    const chat = await get(ref(bob.client.db, `sendMessage/${conversationId}`));
    expect(Object.keys(chat.val() as object)).toEqual(['-Nmsg1']);
    const other = connectClient();
    await expect(
      signInWithEmailAndPassword(other.auth, 'alice@example.com', 'Secret123'),
    ).rejects.toMatchObject({ code: expect.stringMatching(/user-not-found|invalid-credential/) });
  });
});
