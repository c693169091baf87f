import { describe, expect, it } from 'vitest';
import { makeDatabaseGateways } from '../../src/app/database-gateways';
import {
  chatScreenEntered,
  chatScreenLeft,
  friendSelected,
} from '../../src/features/conversations/timeline/conversations-slice';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import { sendMessage } from '../../src/features/conversations/sending/conversations-thunks';
import { directKey } from '../../src/lib/conversation-key';
import { adminGet, adminSet } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually, type Person } from './app-clients';
import { deviceApp } from './encryption-device-apps';

// What the database holds once the app seals, over the emulators.
const { signUp, stopAfterTest } = cleanBackendPerTest();

/** `person`'s app as the browser runs it: sealing and opening with their own device's keys. */
const encryptedApp = async (person: Person) => (await deviceApp(person, stopAfterTest)).store;

type Store = Awaited<ReturnType<typeof encryptedApp>>;

function openChat(store: Store, friend: Person) {
  store.dispatch(chatScreenEntered());
  store.dispatch(friendSelected({ uid: friend.uid, name: friend.username, photo: '' }));
}

/** Alice and Bob, friends, each in their sealing app with their chat open on the other. */
async function sealedChat() {
  const alice = await signUp('Alice');
  const bob = await signUp('Bob');
  const { id: conversationId } = await befriend(alice, bob);
  const a = await encryptedApp(alice);
  const b = await encryptedApp(bob);
  openChat(a, bob);
  openChat(b, alice);
  return { alice, bob, conversationId, a, b };
}

const texts = (store: Store) => selectConversationMessages(store.getState()).map((m) => m.text);

describe('sealed conversations between two people', () => {
  it('shows the words to both, while the database holds none of them', async () => {
    const { bob, conversationId, a, b } = await sealedChat();
    await eventually(() => expect(a.getState().conversations.status).toBe('ready'));

    await a.dispatch(sendMessage('meet me at the climbing gym on Rue Lepic')).unwrap();
    await eventually(() => expect(texts(b)).toEqual(['meet me at the climbing gym on Rue Lepic']));
    expect(selectConversationMessages(b.getState())[0]?.sealed).toBe('open');
    await eventually(() =>
      expect(b.getState().inbox.entries[directKey(conversationId)]?.lastText).toBe(
        'meet me at the climbing gym on Rue Lepic',
      ),
    );
    await b.dispatch(sendMessage('bouldering or ropes?')).unwrap();
    await eventually(() => expect(texts(a)).toContain('bouldering or ropes?'));

    // The owner's whole database, through the admin REST access: no word anyone wrote.
    const dump = JSON.stringify(await adminGet('/'));
    for (const word of ['climbing', 'Lepic', 'bouldering', 'ropes']) {
      expect(dump).not.toContain(word);
    }
    const stored = (await adminGet(`sendMessage/${conversationId}`)) as Record<
      string,
      { message: string }
    >;
    for (const message of Object.values(stored)) expect(message.message).toMatch(/^s2\./);
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/lastText`)).toMatch(/^s2\./);
  });

  it('shows a tampered message as one that could not be decrypted, and nothing else', async () => {
    const { conversationId, a, b } = await sealedChat();
    await a.dispatch(sendMessage('the code is 4711')).unwrap();
    await a.dispatch(sendMessage('and the door is blue')).unwrap();
    await eventually(() => expect(texts(b)).toHaveLength(2));

    const stored = (await adminGet(`sendMessage/${conversationId}`)) as Record<
      string,
      { message: string }
    >;
    const ids = Object.keys(stored).sort();
    const firstId = ids[0] ?? '';
    const first = stored[firstId].message;
    const second = stored[ids[1] ?? ''].message;
    // A byte of the first ciphertext flipped, and the second moved onto the first's place: the
    // owner's two ways to change what Bob reads. Both fail the tag.
    const last = first.at(-2) === 'A' ? 'B' : 'A';
    await adminSet(
      `sendMessage/${conversationId}/${firstId}/message`,
      `${first.slice(0, -2)}${last}${first.at(-1)}`,
    );
    await eventually(() =>
      expect(selectConversationMessages(b.getState()).map((m) => m.sealed)).toEqual([
        'failed',
        'open',
      ]),
    );
    await adminSet(`sendMessage/${conversationId}/${firstId}/message`, second);
    await eventually(() => {
      const messages = selectConversationMessages(b.getState());
      expect(messages.map((m) => m.sealed)).toEqual(['failed', 'open']);
      expect(messages.map((m) => m.text)).toEqual(['', 'and the door is blue']);
    });
  });

  it('seals an edit, and a reaction quote the author reads', async () => {
    const { alice, bob, conversationId, a, b } = await sealedChat();
    await a.dispatch(sendMessage('see you at 8?')).unwrap();
    await eventually(() => expect(texts(b)).toEqual(['see you at 8?']));
    const mine = selectConversationMessages(a.getState()).at(0);
    if (!mine) throw new Error('no message');
    const parties = {
      conversationId,
      from: { uid: alice.uid, name: alice.username },
      to: { uid: bob.uid, name: bob.username },
    };
    const gateways = makeDatabaseGateways(alice.client);
    await gateways.conversations.direct.edit(parties, mine, 'see you at 9?', true);
    await eventually(() => {
      expect(texts(b)).toEqual(['see you at 9?']);
      expect(b.getState().inbox.entries[directKey(conversationId)]?.lastText).toBe('see you at 9?');
    });
    const theirs = selectConversationMessages(b.getState()).at(0);
    if (!theirs) throw new Error('no message');
    const back = { conversationId, from: parties.to, to: parties.from };
    await makeDatabaseGateways(bob.client).conversations.direct.react(back, theirs, '👍', true);
    await eventually(() =>
      expect(a.getState().inbox.entries[directKey(conversationId)]?.reaction?.text).toBe(
        'see you at 9?',
      ),
    );
    const dump = JSON.stringify(await adminGet('/'));
    expect(dump).not.toContain('see you');
    expect(dump).toContain('👍');
  });

  it("shows an edit in the inbox row when the entry's update is opened before the edited message", async () => {
    const { alice, bob, conversationId, a, b } = await sealedChat();
    await a.dispatch(sendMessage('see you at 8?')).unwrap();
    const entryText = () => b.getState().inbox.entries[directKey(conversationId)]?.lastText;
    await eventually(() => {
      expect(texts(b)).toEqual(['see you at 8?']);
      expect(entryText()).toBe('see you at 8?');
    });
    const mine = selectConversationMessages(a.getState()).at(0);
    if (!mine) throw new Error('no message');
    // Bob's copy of the message stays the one he was shown: his chat's listener closes now (in
    // this dispatch), so the entry's update is the only part of the edit his app opens.
    b.dispatch(chatScreenLeft());
    const parties = {
      conversationId,
      from: { uid: alice.uid, name: alice.username },
      to: { uid: bob.uid, name: bob.username },
    };
    await makeDatabaseGateways(alice.client).conversations.direct.edit(
      parties,
      mine,
      'see you at 9?',
      true,
    );
    await eventually(() => expect(entryText()).toBe('see you at 9?'));
  });
});
