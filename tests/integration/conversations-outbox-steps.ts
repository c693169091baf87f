import { goOffline } from 'firebase/database';
import { expect } from 'vitest';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import {
  chatScreenEntered,
  friendSelected,
} from '../../src/features/conversations/timeline/conversations-slice';
import { adminGet } from '../support/backend';
import { befriend, eventually, type Person } from './app-clients';
import { deviceApp, type DeviceApp } from './encryption-device-apps';

type Stops = (stop: () => unknown) => void;
type Store = DeviceApp['store'];

/** Every text `store`'s open conversation ever showed, in order, without repeats. */
function everShown(store: Store, stopAfterTest: Stops): string[] {
  const seen: string[] = [];
  const note = () => {
    for (const m of selectConversationMessages(store.getState())) {
      if (!seen.includes(m.text)) seen.push(m.text);
    }
  };
  stopAfterTest(store.subscribe(note));
  return seen;
}

/**
 * Alice and Bob, friends, each in their sealing app (device keys, as the browser runs it) with
 * the chat open; Alice then offline.
 */
export async function aliceOffline(signUp: (name: string) => Promise<Person>, stops: Stops) {
  const alice = await signUp('Alice');
  const bob = await signUp('Bob');
  const { id: conversationId } = await befriend(alice, bob);
  const aliceApp = await deviceApp(alice, stops);
  const bobApp = await deviceApp(bob, stops);
  const a = aliceApp.store;
  const b = bobApp.store;
  for (const [store, friend] of [
    [a, bob],
    [b, alice],
  ] as const) {
    store.dispatch(chatScreenEntered());
    store.dispatch(friendSelected({ uid: friend.uid, name: friend.username, photo: '' }));
    await eventually(() => expect(store.getState().conversations.status).toBe('ready'));
  }
  const bobSaw = everShown(b, stops);
  goOffline(alice.client.db);
  const texts = () => selectConversationMessages(a.getState()).map((m) => m.text);
  const outgoing = () => a.getState().conversationSending.outgoing;
  return { alice, bob, conversationId, a, b, aliceApp, bobSaw, texts, outgoing };
}

/** What is stored under `sendMessage/{conversationId}`, by message id. */
export const storedMessages = async (conversationId: string) =>
  ((await adminGet(`sendMessage/${conversationId}`)) ?? {}) as Record<
    string,
    Record<string, unknown>
  >;
