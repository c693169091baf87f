import { beforeEach, describe, expect, it } from 'vitest';
import { relationWith, selectRelationIndex } from '../../src/features/friends';
import {
  acceptFriendRequest,
  blockFriend,
  sendFriendRequest,
  unblockUser,
} from '../../src/features/friends/friends-thunks';
import { requestSelectors } from '../../src/features/friends/friends-slice';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { adminGet } from '../support/backend';
import {
  befriend,
  cleanBackendPerTest,
  eventually,
  requestFrom,
  storeFor,
  type Person,
} from './app-clients';

type Store = ReturnType<typeof storeFor>['store'];
const kindFor = (store: Store, me: Person, other: Person) =>
  relationWith(selectRelationIndex(store.getState()), me.uid, other.uid).kind;

const { signUp, stopAfterTest } = cleanBackendPerTest();
let alice: Person;
let bob: Person;

beforeEach(async () => {
  alice = await signUp('Alice');
  bob = await signUp('Bob');
});

describe('friend requests, friendship and blocking between two signed-in people', () => {
  it('walks Add -> panding -> Friend -> Block -> Unblock, each side seeing the other live', async () => {
    const a = storeFor(alice);
    const b = storeFor(bob);
    stopAfterTest(a.stop, b.stop);
    await Promise.all([a.ready(), b.ready()]);
    await eventually(() => expect(kindFor(a.store, alice, bob)).toBe('none'));

    // Each side acts through the app's thunks, as its buttons do.
    await a.store.dispatch(sendFriendRequest({ uid: bob.uid, username: bob.username })).unwrap();
    await eventually(() => {
      expect(kindFor(a.store, alice, bob)).toBe('requestSent');
      expect(kindFor(b.store, bob, alice)).toBe('requestReceived');
    });

    const [request] = requestSelectors.selectAll(b.store.getState());
    const conversationId = request.id;
    await b.store.dispatch(acceptFriendRequest(request)).unwrap();
    await eventually(() => {
      expect(kindFor(a.store, alice, bob)).toBe('friends');
      expect(kindFor(b.store, bob, alice)).toBe('friends');
    });
    expect(await adminGet(`friendRequest/${conversationId}`)).toBeNull();
    expect(await adminGet(`friendList/${conversationId}`)).toMatchObject({
      senderId: alice.uid,
      receiverId: bob.uid,
    });

    await a.store.dispatch(blockFriend(request)).unwrap();
    await eventually(() => {
      expect(kindFor(a.store, alice, bob)).toBe('blocking');
      expect(kindFor(b.store, bob, alice)).toBe('blockedBy');
    });

    const entry = {
      id: conversationId,
      blockbyid: alice.uid,
      blockbyName: 'Alice',
      blockid: bob.uid,
      blockName: 'Bob',
    };
    await expect(bob.relationships.unblock(entry, '')).rejects.toThrow(/permission/i);
    await expect(bob.relationships.sendRequest(bob, alice)).rejects.toThrow(/permission/i);

    await a.store.dispatch(unblockUser(entry)).unwrap();
    await eventually(() => {
      expect(kindFor(a.store, alice, bob)).toBe('friends');
      expect(kindFor(b.store, bob, alice)).toBe('friends');
    });
    expect(await adminGet(`pairs/${pairKey(alice.uid, bob.uid)}`)).toBe(conversationId);
  });

  it('creates one request when Add fires twice at once, or from both sides at once', async () => {
    const results = await Promise.allSettled([
      alice.relationships.sendRequest(alice, bob),
      alice.relationships.sendRequest(alice, bob),
      bob.relationships.sendRequest(bob, alice),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const requests = (await adminGet('friendRequest')) as Record<string, unknown>;
    expect(Object.keys(requests)).toHaveLength(1);
  });

  it('accepting also clears a crossing request left from older data', async () => {
    const conversationId = await bob.relationships.sendRequest(bob, alice);
    const crossing = {
      senderId: alice.uid,
      senderName: 'Alice',
      receiverId: bob.uid,
      receiverName: 'Bob',
      photo: '',
    };
    const { adminSet } = await import('../support/backend');
    await adminSet('friendRequest/-Nlegacy', crossing);
    const request = requestFrom(bob, alice, conversationId);
    await alice.relationships.acceptRequest(request, [{ id: '-Nlegacy', ...crossing }]);
    expect(await adminGet('friendRequest')).toBeNull();
    expect(await adminGet(`friendList/${conversationId}`)).toMatchObject({ senderId: bob.uid });
  });

  it('lets a declined request be sent again', async () => {
    const conversationId = await alice.relationships.sendRequest(alice, bob);
    await bob.relationships.withdrawRequest(requestFrom(alice, bob, conversationId));
    expect(await adminGet(`pairs/${pairKey(alice.uid, bob.uid)}`)).toBeNull();
    await expect(alice.relationships.sendRequest(alice, bob)).resolves.toMatch(/^-/);
  });

  it("keeps a stranger out of others' requests, friends and blocks", async () => {
    const carol = await signUp('Carol');
    await alice.relationships.sendRequest(alice, bob);
    const denied = (list: 'subscribeRequests' | 'subscribeFriends' | 'subscribeBlocks') =>
      new Promise<Error>((resolve) => {
        const stop = carol.relationships[list](
          bob.uid,
          () => undefined,
          (error) => {
            stop();
            resolve(error);
          },
        );
      });
    for (const list of ['subscribeRequests', 'subscribeFriends', 'subscribeBlocks'] as const) {
      expect((await denied(list)).message).toMatch(/permission_denied/);
    }
  });

  it('lets friends message each other, and nobody once blocked', async () => {
    const request = await befriend(alice, bob);
    const conversationId = request.id;
    const fromBob = {
      conversationId,
      from: { uid: bob.uid, name: bob.username },
      to: { uid: alice.uid, name: alice.username },
    };
    await bob.conversations.direct.send(fromBob, 'Hi Alice');
    await alice.relationships.block(request, alice.uid);
    await expect(bob.conversations.direct.send(fromBob, 'Hi Alice').acked).rejects.toThrow(
      /permission/i,
    );
  });
});
