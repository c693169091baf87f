import { describe, expect, it } from 'vitest';
import { makeDatabaseGateways } from '../../src/app/database-gateways';
import { groupChatShown, sendMessage } from '../../src/features/conversations';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import {
  chatScreenEntered,
  friendSelected,
} from '../../src/features/conversations/timeline/conversations-slice';
import { libStrings } from '../../src/lib/lib-strings';
import {
  makeConversationImagesApi,
  makeConversationsApi,
} from '../../src/lib/firebase/conversations';
import { directKey } from '../../src/lib/conversation-key';
import type { MessageParties } from '../../src/lib/firebase/conversations/shapes';
import { adminGet, adminSet, adminUpdate } from '../support/backend';
import { hikersThroughGateways } from '../support/hikers-group';
import { befriend, cleanBackendPerTest, eventually, storeFor, type Person } from './app-clients';
import { deviceApp, type DeviceApp } from './encryption-device-apps';

// No plaintext path in an encrypted conversation, against the database's operator (who writes
// past the rules): a device that cannot encrypt sends nothing there and says why, and clear text
// the operator slips in is never shown as its sender's, whatever else the operator undoes.
const { signUp, stopAfterTest } = cleanBackendPerTest();

const shown = (app: DeviceApp) => selectConversationMessages(app.store.getState());
const partiesOf = (from: Person, to: Person, conversationId: string): MessageParties => ({
  conversationId,
  from: { uid: from.uid, name: from.username },
  to: { uid: to.uid, name: to.username },
});

/** A clear message in `from`'s name, as only the operator can store it now. */
const injected = (from: Person, to: Person, message: string) => ({
  message,
  messagesenderId: from.uid,
  massagesenderName: from.username,
  messagereceiverId: to.uid,
  messagereceiverName: to.username,
  createdAt: Date.now(),
});

/**
 * `person`'s app in a browser that keeps no keys (no IndexedDB: a private window): its listeners
 * are set up as a browser's, with the browser's key store, which finds no IndexedDB.
 */
function browserWithoutStorage(person: Person) {
  const global = globalThis as { window?: unknown };
  global.window = {};
  try {
    const app = storeFor(person, makeDatabaseGateways(person.client));
    stopAfterTest(app.stop);
    return app;
  } finally {
    delete global.window;
  }
}

function openChat(store: ReturnType<typeof storeFor>['store'], friend: Person) {
  store.dispatch(chatScreenEntered());
  store.dispatch(friendSelected({ uid: friend.uid, name: friend.username, photo: '' }));
}

/** A webp's and a jpeg's first bytes ('RIFF', FF D8), which the app checks once opened. */
const photo = {
  full: `data:image/webp;base64,UklGRiQAAABXRUJQ${'A'.repeat(1984)}`,
  thumb: `data:image/jpeg;base64,/9j/${'B'.repeat(196)}`,
  width: 160,
  height: 120,
};

describe('a device that cannot encrypt', () => {
  it('sends nothing when its keys could not be set up, and says why', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    // The publish of Bob's new device key is refused (the operator, or anything else).
    const gateways = makeDatabaseGateways(bob.client);
    const app = storeFor(bob, {
      ...gateways,
      encryption: {
        ...gateways.encryption,
        publishDevice: () => Promise.reject(new Error('PERMISSION_DENIED: Permission denied')),
      },
    });
    stopAfterTest(app.stop);
    await app.ready();
    await eventually(() => expect(app.store.getState().encryption.status).toBe('unavailable'));
    openChat(app.store, alice);

    const outcome = await app.store.dispatch(sendMessage('my new number is 0612345678'));
    expect(await adminGet(`sendMessage/${conversationId}`)).toBeNull();
    expect(outcome.payload).toContain(libStrings.encryption.setUpFailed);
  });

  it('in a browser that keeps no keys, sends clear text only where nothing was ever sealed', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const carol = await signUp('Carol');
    const withAlice = (await befriend(alice, bob)).id;
    const withCarol = (await befriend(carol, bob)).id;
    const b = browserWithoutStorage(bob);
    await b.ready();
    await eventually(() => expect(b.store.getState().encryption.status).toBe('unavailable'));

    // Carol never had a device and nothing was sealed between them: as before the switch.
    openChat(b.store, carol);
    await b.store.dispatch(sendMessage('see you at the market')).unwrap();
    const toCarol = Object.values((await adminGet(`sendMessage/${withCarol}`)) as object);
    expect(toCarol).toEqual([expect.objectContaining({ message: 'see you at the market' })]);

    // Alice's app seals; once Bob's browser has seen that, it sends nothing there, saying why.
    const a = await deviceApp(alice, stopAfterTest);
    a.openChatWith(bob);
    await a.store.dispatch(sendMessage('the door code is 4711')).unwrap();
    openChat(b.store, alice);
    await eventually(() =>
      expect(selectConversationMessages(b.store.getState()).map((m) => m.sealed)).toEqual([
        'no-key',
      ]),
    );
    const outcome = await b.store.dispatch(sendMessage('ok!'));
    const sent = () => adminGet(`sendMessage/${withAlice}`) as Promise<Record<string, object>>;
    expect(Object.values(await sent())).toEqual([
      expect.objectContaining({ messagesenderId: alice.uid }),
    ]);
    expect(outcome.payload).toContain(libStrings.encryption.noStorage);

    // Any client that sends clear text there anyway (an old app, devtools): the rules refuse it.
    const anyway = makeConversationsApi(bob.client.db).direct;
    await expect(anyway.send(partiesOf(bob, alice, withAlice), 'ok?').acked).rejects.toThrow(
      /permission/i,
    );
    expect(Object.values(await sent())).toHaveLength(1);
  });
});

describe('the operator against a conversation known to be encrypted', () => {
  it('cannot undo it: wraps deleted and clear text slipped in, Bob is told it is not Alice’s, Alice still seals', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const a = await deviceApp(alice, stopAfterTest);
    const b = await deviceApp(bob, stopAfterTest);
    a.openChatWith(bob);
    b.openChatWith(alice);
    await a.store.dispatch(sendMessage('sealed, as always')).unwrap();
    await eventually(() => expect(shown(b).map((m) => m.sealed)).toEqual(['open']));

    // Every epoch key of the conversation gone: the rules alone would take clear text again.
    await adminSet(`conversationKeys/${conversationId}`, null);
    const fake = '-NoperatorInjected02';
    await adminSet(
      `sendMessage/${conversationId}/${fake}`,
      injected(alice, bob, 'call me on this number'),
    );
    await eventually(() => {
      const slipped = shown(b).find((m) => m.id === fake);
      expect(slipped?.alert).toBe('not-encrypted');
    });

    await a.store.dispatch(sendMessage('still sealed')).unwrap();
    const stored = (await adminGet(`sendMessage/${conversationId}`)) as Record<
      string,
      { message: string }
    >;
    const mine = Object.entries(stored).filter(([id]) => id !== fake);
    expect(mine.map(([, m]) => m.message)).toEqual([
      expect.stringMatching(/^s2\./),
      expect.stringMatching(/^s2\./),
    ]);
  });

  it('keeps what was sent before the switch as it was: clear words and a clear photo, no alert', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    // Before either had keys: Alice's clear text and photo, as the app sent them then.
    const parties = partiesOf(alice, bob, conversationId);
    await alice.conversations.direct.send(parties, 'from before the switch').acked;
    const legacy = makeConversationImagesApi(alice.client.db).send(parties, photo, '');
    await legacy.acked;
    const a = await deviceApp(alice, stopAfterTest);
    const b = await deviceApp(bob, stopAfterTest);
    a.openChatWith(bob);
    b.openChatWith(alice);
    await a.store.dispatch(sendMessage('sealed from now on')).unwrap();
    await eventually(() =>
      expect(shown(b).map((m) => [m.sealed, m.alert])).toEqual([
        [undefined, undefined],
        [undefined, undefined],
        ['open', undefined],
      ]),
    );
    expect(
      await b.gateways.chatImages.readThumb(directKey(conversationId), legacy.id, alice.uid),
    ).toBe(photo.thumb);
  });

  it('in a group: clear text is not the member’s, and clear bytes in a sealed photo do not show', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    await befriend(alice, bob);
    const groupId = await hikersThroughGateways(alice, [bob]);
    const a = await deviceApp(alice, stopAfterTest);
    const b = await deviceApp(bob, stopAfterTest);
    for (const app of [a, b]) {
      app.store.dispatch(chatScreenEntered());
      app.store.dispatch(groupChatShown(groupId));
    }
    await eventually(() => expect(a.store.getState().memberships.rosters[groupId]).toBeDefined());
    const parties = { groupId, from: { uid: alice.uid, name: alice.username }, to: [bob.uid] };
    const sent = a.gateways.chatImages.sendToGroup(parties, photo, 'the summit');
    await sent.acked;
    await eventually(() => expect(shown(b).map((m) => m.sealed)).toEqual(['open']));
    expect(await b.gateways.chatImages.readThumb(`g:${groupId}`, sent.id, alice.uid)).toBe(
      photo.thumb,
    );

    const fake = '-NoperatorInjected03';
    await adminUpdate({
      [`groupMessages/${groupId}/${fake}`]: {
        message: 'the meeting moved to my place',
        senderId: alice.uid,
        senderName: alice.username,
        createdAt: Date.now(),
      },
      [`groupImages/${groupId}/${sent.id}/thumb`]: `data:image/jpeg;base64,/9j/${'C'.repeat(196)}`,
    });
    await eventually(() =>
      expect(shown(b).find((m) => m.id === fake)?.alert).toBe('not-encrypted'),
    );
    // A fresh device of Bob's reads the photo's bytes for the first time: clear ones are refused.
    const fresh = await deviceApp(bob, stopAfterTest);
    fresh.store.dispatch(chatScreenEntered());
    fresh.store.dispatch(groupChatShown(groupId));
    await eventually(() => expect(shown(fresh).length).toBe(2), 10_000);
    expect(await fresh.gateways.chatImages.readThumb(`g:${groupId}`, sent.id, alice.uid)).toBe(
      null,
    );
  });
});
