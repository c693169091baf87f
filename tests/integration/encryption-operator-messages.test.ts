import { describe, expect, it } from 'vitest';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import { sendMessage } from '../../src/features/conversations/sending/conversations-thunks';
import { directKey } from '../../src/lib/conversation-key';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/shapes';
import { adminGet, adminSet, adminUpdate } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import { deviceApp, type DeviceApp } from './encryption-device-apps';

// The database's operator, who writes any path past the rules (the emulator's owner access),
// against two people's apps sealing and opening as the browser does: every change the operator
// makes to what a message shows is refused or shown for what it is, never as the sender's.
const { signUp, stopAfterTest } = cleanBackendPerTest();

type Store = DeviceApp['store'];
type Stored = Record<string, unknown>;

/** Alice and Bob, friends, each in their own sealing app with their chat open on the other. */
async function sealedChat() {
  const alice = await signUp('Alice');
  const bob = await signUp('Bob');
  const { id: conversationId } = await befriend(alice, bob);
  const aliceApp = await deviceApp(alice, stopAfterTest);
  const bobApp = await deviceApp(bob, stopAfterTest);
  aliceApp.openChatWith(bob);
  bobApp.openChatWith(alice);
  const parties = {
    conversationId,
    from: { uid: alice.uid, name: alice.username },
    to: { uid: bob.uid, name: bob.username },
  };
  return {
    alice,
    bob,
    conversationId,
    a: aliceApp.store,
    b: bobApp.store,
    parties,
    /** Alice's and Bob's gateways, for the actions the tests make as their buttons would. */
    aliceApi: aliceApp.gateways.conversations.direct,
    bobApi: bobApp.gateways.conversations.direct,
  };
}

const shown = (store: Store) => selectConversationMessages(store.getState());

/** `store`'s copy of message `id` (throws while it is not shown). */
function message(store: Store, id: string): ConversationMessage {
  const found = shown(store).find((m) => m.id === id);
  if (!found) throw new Error(`message ${id} is not shown`);
  return found;
}

/** Alice sends `text` from her app (`extras`: a reply) and Bob's app shows it; its id. */
async function aliceSays(a: Store, b: Store, text: string, replyTo?: string): Promise<string> {
  await a.dispatch(sendMessage(replyTo ? { text, replyTo } : text)).unwrap();
  let id = '';
  await eventually(() => {
    const found = shown(b).find((m) => m.text === text);
    expect(found?.sealed).toBe('open');
    id = found?.id ?? '';
  });
  return id;
}

const stored = async (conversationId: string, id: string) =>
  (await adminGet(`sendMessage/${conversationId}/${id}`)) as Stored;

describe('the operator against sealed messages', () => {
  it('cannot pass clear text off as Alice’s: her message and her preview say it is not from her', async () => {
    const { alice, bob, conversationId, a, b } = await sealedChat();
    await aliceSays(a, b, 'the keys are with the neighbour');
    const fake = '-NoperatorInjected01';
    const now = Date.now();
    await adminUpdate({
      [`sendMessage/${conversationId}/${fake}`]: {
        message: 'send me your recovery key',
        messagesenderId: alice.uid,
        massagesenderName: alice.username,
        messagereceiverId: bob.uid,
        messagereceiverName: bob.username,
        createdAt: now,
      },
      [`inbox/${bob.uid}/${conversationId}/lastMessageId`]: fake,
      [`inbox/${bob.uid}/${conversationId}/lastSenderId`]: alice.uid,
      [`inbox/${bob.uid}/${conversationId}/lastText`]: 'send me your recovery key',
      [`inbox/${bob.uid}/${conversationId}/lastAt`]: now,
    });
    await eventually(() => expect(message(b, fake).alert).toBe('not-encrypted'));
    // Bob's list of conversations does not show the words as Alice's either.
    await eventually(() => {
      const entry = b.getState().inbox.entries[directKey(conversationId)];
      expect(entry?.lastMessageId).toBe(fake);
      expect(entry?.alert).toBe('not-encrypted');
      expect(entry?.lastText).toBe('');
    });
  });

  it('cannot re-point a reply, re-kind a message or mark it forwarded: it does not open', async () => {
    const { conversationId, a, b } = await sealedChat();
    const first = await aliceSays(a, b, 'dinner at 8?');
    const second = await aliceSays(a, b, 'I quit my job');
    const reply = await aliceSays(a, b, 'yes, see you there', first);
    expect(message(b, reply).replyTo).toBe(first);

    await adminSet(`sendMessage/${conversationId}/${reply}/replyTo`, second);
    await eventually(() => expect(message(b, reply).sealed).toBe('failed'));
    expect(message(b, reply).text).toBe('');

    await adminUpdate({
      [`sendMessage/${conversationId}/${second}/kind`]: 'image',
      [`sendMessage/${conversationId}/${second}/imageId`]: second,
      [`sendMessage/${conversationId}/${second}/width`]: 640,
      [`sendMessage/${conversationId}/${second}/height`]: 480,
    });
    await eventually(() => expect(message(b, second).sealed).toBe('failed'));

    await adminSet(`sendMessage/${conversationId}/${first}/forwarded`, true);
    await eventually(() => expect(message(b, first).sealed).toBe('failed'));
  });

  it('cannot roll back an edit: the earlier text is refused or shown as rolled back', async () => {
    const { conversationId, a, b, parties, aliceApi } = await sealedChat();
    const id = await aliceSays(a, b, 'meet at the north gate');
    const original = (await stored(conversationId, id)).message;
    await aliceApi.edit(parties, message(a, id), 'meet at the south gate', true);
    await eventually(() => expect(message(b, id).text).toBe('meet at the south gate'));

    // The original sealed text put back, the edit's time left: it does not open as an edit.
    await adminSet(`sendMessage/${conversationId}/${id}/message`, original);
    await eventually(() => expect(message(b, id).sealed).toBe('failed'));

    // The whole original put back (no edit time either): Bob's device saw the edit.
    await adminUpdate({
      [`sendMessage/${conversationId}/${id}/message`]: original,
      [`sendMessage/${conversationId}/${id}/editedAt`]: null,
    });
    await eventually(() => {
      expect(message(b, id).text).toBe('meet at the north gate');
      expect(message(b, id).alert).toBe('rolled-back');
    });
  });

  it('cannot fake a deletion: only the sender’s own delete shows as deleted', async () => {
    const { conversationId, a, b, parties, aliceApi } = await sealedChat();
    const kept = await aliceSays(a, b, 'the party is on Friday');
    const removed = await aliceSays(a, b, 'wrong chat, sorry');

    // The operator strips a message down to its envelope, as a delete for everyone leaves it.
    const envelope = await stored(conversationId, kept);
    await adminSet(`sendMessage/${conversationId}/${kept}`, {
      messagesenderId: envelope.messagesenderId,
      massagesenderName: envelope.massagesenderName,
      messagereceiverId: envelope.messagereceiverId,
      messagereceiverName: envelope.messagereceiverName,
      createdAt: envelope.createdAt,
      deleted: true,
      deletedAt: Date.now(),
    });
    await eventually(() => {
      expect(message(b, kept).deleted).toBe(true);
      expect(message(b, kept).alert).toBe('unconfirmed-delete');
    });

    // Alice's own delete for everyone carries her proof: a plain deletion on Bob's screen.
    await aliceApi.remove(parties, message(a, removed), true);
    await eventually(() => {
      expect(message(b, removed).deleted).toBe(true);
      expect(message(b, removed).alert).toBeUndefined();
    });
  });

  it('cannot re-date a message: its sealed time shows, marked', async () => {
    const { conversationId, a, b } = await sealedChat();
    const id = await aliceSays(a, b, 'I will be there at noon');
    const sentAt = (await stored(conversationId, id)).createdAt as number;
    const dayBefore = sentAt - 24 * 60 * 60 * 1000;
    await adminSet(`sendMessage/${conversationId}/${id}/createdAt`, dayBefore);
    await eventually(() => {
      expect(message(b, id).createdAt).toBe(dayBefore);
      expect(message(b, id).alert).toBe('redated');
    });
    expect(Math.abs((message(b, id).sealedAt ?? 0) - sentAt)).toBeLessThan(60_000);
  });

  it('cannot have a reaction quote or a preview say what the message does not', async () => {
    const { bob, conversationId, a, b, parties, aliceApi, bobApi } = await sealedChat();
    const id = await aliceSays(a, b, 'lunch on me today');
    // Bob holds Alice's epoch key (he reads her messages): his notice can seal any words for her.
    const back = { conversationId, from: parties.to, to: parties.from };
    await bobApi.react(back, { ...message(b, id), text: 'I owe Bob 500 euros' }, '👍', true);
    await eventually(() => {
      const reaction = a.getState().inbox.entries[directKey(conversationId)]?.reaction;
      expect(reaction?.emoji).toBe('👍');
      expect(reaction?.text).toBe('lunch on me today');
    });

    // An edit moves every preview; the operator puts Bob's earlier one back (and a count, to
    // see when his app has it).
    const before = (await adminGet(`inbox/${bob.uid}/${conversationId}/lastText`)) as string;
    await aliceApi.edit(parties, message(a, id), 'lunch is on Carol', true);
    await eventually(() =>
      expect(b.getState().inbox.entries[directKey(conversationId)]?.lastText).toBe(
        'lunch is on Carol',
      ),
    );
    await adminUpdate({
      [`inbox/${bob.uid}/${conversationId}/lastText`]: before,
      [`inbox/${bob.uid}/${conversationId}/unread`]: 7,
    });
    await eventually(() => {
      const entry = b.getState().inbox.entries[directKey(conversationId)];
      expect(entry?.unread).toBe(7);
      expect(entry?.lastText).toBe('lunch is on Carol');
    });
  });
});
