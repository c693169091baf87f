// @vitest-environment node
import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { slices } from './slices';
import { buildRootReducer } from '../store/store';
import type { AppStartListening } from '../store/store';
import type { ConversationMessage } from '../lib/firebase/conversations/message';
import {
  conversationOpened,
  latestReceived,
} from '../features/conversations/timeline/conversations-slice';
import { userSignedIn } from '../store/session';
import { addAnnounceListeners } from './shell/announce-listeners';
import { onAnnouncement } from './shell/announcer';

const REL = 'rel-bo';
const message = (id: string, from: string, text: string): ConversationMessage => ({
  id,
  text: text,
  senderId: from,
  senderName: from === 'me' ? 'Mia' : 'Bo',
  receiverId: from === 'me' ? 'bo' : 'me',
  receiverName: from === 'me' ? 'Bo' : 'Mia',
  createdAt: Number(id.slice(1)),
});

function setup() {
  const listener = createListenerMiddleware();
  addAnnounceListeners(listener.startListening as AppStartListening);
  const store = configureStore({
    reducer: buildRootReducer(slices),
    middleware: (getDefault) => getDefault().prepend(listener.middleware),
  });
  const heard: string[] = [];
  const stop = onAnnouncement((text) => heard.push(text));
  store.dispatch(
    userSignedIn({
      uid: 'me',
      email: 'me@example.com',
      displayName: 'Mia',
      photoURL: '',
      emailVerified: true,
    }),
  );
  store.dispatch(conversationOpened(REL));
  return { store, heard, stop };
}

describe('incoming messages in the polite live region', () => {
  it("reads out the friend's new messages, not the history, not mine, not twice", () => {
    const { store, heard, stop } = setup();
    const history = [message('m1', 'bo', 'Old news'), message('m2', 'me', 'Mine, old')];
    store.dispatch(latestReceived({ key: `d:${REL}`, messages: history }));
    expect(heard).toEqual([]);

    const mine = message('m3', 'me', 'I wrote this');
    store.dispatch(latestReceived({ key: `d:${REL}`, messages: [...history, mine] }));
    expect(heard).toEqual([]);

    const photo = { ...message('m5', 'bo', ''), image: undefined };
    const next = [...history, mine, message('m4', 'bo', 'Hello Mia'), photo];
    store.dispatch(latestReceived({ key: `d:${REL}`, messages: next }));
    // The same answer again (a re-render of the window) is no news.
    store.dispatch(latestReceived({ key: `d:${REL}`, messages: next }));
    expect(heard).toEqual(['Bo: Hello Mia', 'Bo sent a photo']);

    // Another conversation's answer, or one that is not open, says nothing.
    store.dispatch(latestReceived({ key: 'd:rel-other', messages: [message('m6', 'bo', 'x')] }));
    expect(heard).toHaveLength(2);
    stop();
  });
});
