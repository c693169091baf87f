import { goOffline, goOnline } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { sendMessage } from '../../src/features/conversations';
import {
  editMessage,
  removeMessage,
} from '../../src/features/conversations/message-actions/conversations-actions-thunks';
import {
  chatScreenEntered,
  friendSelected,
  selectTailMessages,
} from '../../src/features/conversations/timeline/conversations-slice';
import { adminGet } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually, storeFor, type Person } from './app-clients';

// Message actions offline: my pending messages show, edited or deleted, in a conversation whose first
// answer never came (opened while the connection is down), and are delivered once online. Held
// by the app's outbox (docs/data-model.md, Sending offline): an edit made offline changes the
// text that goes out, a delete made offline means nothing goes out.
const { signUp, stopAfterTest } = cleanBackendPerTest();

/** Every answer of the latest page `person` gets, as texts (a deleted message as null). */
function watch(person: Person, conversationId: string) {
  const answers: (string | null)[][] = [];
  const stop = person.conversations.direct.subscribeLatest(
    { id: conversationId, pageSize: 50 },
    (messages: ConversationMessage[]) =>
      answers.push(messages.map((m) => (m.deleted ? null : m.text))),
    (error) => {
      throw error;
    },
  );
  stopAfterTest(stop);
  return answers;
}

/** Alice's app, signed in, offline, with her empty conversation with Bob opened. */
async function offlineChat() {
  const alice = await signUp('Alice');
  const bob = await signUp('Bob');
  const { id: conversationId } = await befriend(alice, bob);
  const app = storeFor(alice);
  stopAfterTest(app.stop);
  await app.ready();
  // Offline before the conversation is opened: its listen is never answered until online.
  goOffline(alice.client.db);
  app.store.dispatch(chatScreenEntered());
  app.store.dispatch(friendSelected({ uid: bob.uid, name: bob.username, photo: '' }));
  await eventually(() =>
    expect(app.store.getState().conversations.conversationId).toBe(conversationId),
  );
  const state = () => app.store.getState();
  const texts = () => selectTailMessages(state()).map((m) => (m.deleted ? null : m.text));
  return { alice, bob, conversationId, app, state, texts };
}

describe('pending messages in a conversation opened offline', () => {
  it('shows a message sent offline at once, and its edit; delivered once, as edited, online', async () => {
    const { alice, bob, conversationId, app, state, texts } = await offlineChat();
    const bobSees = watch(bob, conversationId);
    const sending = app.store.dispatch(sendMessage({ text: 'meet at the statoin' }));
    await eventually(() => expect(texts()).toEqual(['meet at the statoin']));
    expect(state().conversations.status).toBe('ready');
    const [pending] = state().conversationSending.outgoing;
    expect(pending).toMatchObject({ state: 'pending', text: 'meet at the statoin' });

    const editing = app.store.dispatch(
      editMessage({ id: pending.id, text: 'meet at the station' }),
    );
    await eventually(() => expect(texts()).toEqual(['meet at the station']));
    expect(state().conversationSending.outgoing).toMatchObject([{ state: 'pending' }]);
    expect(await adminGet(`sendMessage/${conversationId}`)).toBeNull();

    goOnline(alice.client.db);
    await sending.unwrap();
    await editing.unwrap();
    expect(state().conversationSending.outgoing).toEqual([]);
    await eventually(() => expect(bobSees.at(-1)).toEqual(['meet at the station']));
    const stored = (await adminGet(`sendMessage/${conversationId}`)) as Record<
      string,
      ConversationMessage
    >;
    expect(Object.keys(stored)).toEqual([pending.id]);
    // Nobody ever saw the first text: no 'Edited' mark.
    expect(stored[pending.id]).toMatchObject({ message: 'meet at the station' });
    expect(stored[pending.id]).not.toHaveProperty('editedAt');
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}`)).toMatchObject({
      unread: 1,
      lastText: 'meet at the station',
    });
    // The server's time replaced the estimate in place: still the one message, edited.
    await eventually(() => expect(texts()).toEqual(['meet at the station']));
  });

  it('a pending message deleted offline is gone, and nothing of it is ever stored', async () => {
    const { alice, bob, conversationId, app, state, texts } = await offlineChat();
    const bobSees = watch(bob, conversationId);
    const sending = app.store.dispatch(sendMessage({ text: 'wrong person' }));
    await eventually(() => expect(texts()).toEqual(['wrong person']));
    const [pending] = state().conversationSending.outgoing;
    await app.store.dispatch(removeMessage(pending.id)).unwrap();
    await sending.unwrap();
    expect(texts()).toEqual([]);
    expect(state().conversationSending.outgoing).toEqual([]);
    const next = app.store.dispatch(sendMessage({ text: 'hi Bob' }));

    goOnline(alice.client.db);
    await next.unwrap();
    await eventually(() => expect(bobSees.at(-1)).toEqual(['hi Bob']));
    expect(bobSees.flat()).not.toContain('wrong person');
    expect(await adminGet(`sendMessage/${conversationId}/${pending.id}`)).toBeNull();
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}`)).toMatchObject({
      unread: 1,
      lastText: 'hi Bob',
    });
    await eventually(() => expect(texts()).toEqual(['hi Bob']));
  });
});
