import { describe, expect, it } from 'vitest';
import { directKey } from '../../src/lib/conversation-key';
import { selectTotalUnread } from '../../src/features/inbox/inbox-selectors';
import { selectArrangedConversationRows } from '../../src/features/inbox/inbox-selectors';
import { selectIsMuted, selectPins } from '../../src/features/inbox/inbox-prefs-selectors';
import {
  archiveConversation,
  muteConversation,
  pinConversation,
} from '../../src/features/inbox/inbox-prefs-thunks';
import { saveDraft } from '../../src/features/conversations/composer/conversations-drafts-thunks';
import { selectDraftOf } from '../../src/features/conversations/composer/conversations-drafts-slice';
import {
  chatScreenEntered,
  friendSelected,
} from '../../src/features/conversations/timeline/conversations-slice';
import { sendMessage } from '../../src/features/conversations/sending/conversations-thunks';
import {
  selectDraftsKeyState,
  selectThisDevice,
} from '../../src/features/encryption/encryption-slice';
import { befriend, cleanBackendPerTest, eventually, storeFor, type Person } from './app-clients';
import { anotherDevice, deviceApp } from './encryption-device-apps';

// Mute, pin, archive and drafts are mine, on each of my devices.
const { signUp, stopAfterTest } = cleanBackendPerTest();

function appOf(me: Person) {
  const app = storeFor(me);
  stopAfterTest(app.stop);
  return app;
}

describe('mute, archive, pin and drafts across two sessions of one person', () => {
  it('a mute, a pin and a draft made in one session appear in the other', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const key = directKey(conversationId);
    // Two devices of Alice's: drafts are sealed for her own devices, so the phone is approved.
    const laptop = await deviceApp(alice, stopAfterTest);
    await eventually(() => expect(selectDraftsKeyState(laptop.store.getState())).toBe('held'));
    const phone = await deviceApp(await anotherDevice(alice, stopAfterTest), stopAfterTest);
    const phoneId = selectThisDevice(phone.store.getState()) ?? '';
    await (await laptop.session()).ring.approve(phoneId);
    await eventually(
      () => expect(selectDraftsKeyState(phone.store.getState())).toBe('held'),
      15_000,
    );
    const bobApp = appOf(bob);
    bobApp.store.dispatch(chatScreenEntered());
    bobApp.store.dispatch(friendSelected({ uid: alice.uid, name: alice.username, photo: '' }));
    await eventually(() =>
      expect(bobApp.store.getState().conversations).toMatchObject({
        conversationId,
        status: 'ready',
      }),
    );
    await bobApp.store.dispatch(sendMessage('Hello')).unwrap();
    await eventually(() => expect(selectTotalUnread(phone.store.getState())).toBe(1));

    await laptop.store.dispatch(muteConversation({ key, choice: '8h' })).unwrap();
    await laptop.store.dispatch(pinConversation({ key, pinned: true })).unwrap();
    await laptop.store
      .dispatch(saveDraft({ key, draft: { text: 'Half a reply', replyTo: 'm1' } }))
      .unwrap();
    await eventually(() => {
      const state = phone.store.getState();
      expect(selectIsMuted(state, key)).toBe(true);
      expect(selectPins(state)).toEqual([key]);
      expect(selectDraftOf(state, key)).toEqual({ text: 'Half a reply', replyTo: 'm1' });
      // Muted: left out of the total, though still unread.
      expect(selectTotalUnread(state)).toBe(0);
      expect(state.inbox.entries[key]?.unread).toBe(1);
    });

    // Unmuted and archived on the phone: the laptop counts it again and lists it as archived.
    await phone.store.dispatch(muteConversation({ key, choice: 'off' })).unwrap();
    await phone.store.dispatch(archiveConversation({ key, archived: true })).unwrap();
    await phone.store.dispatch(saveDraft({ key, draft: null })).unwrap();
    await eventually(() => {
      const state = laptop.store.getState();
      expect(selectTotalUnread(state)).toBe(1);
      expect(selectArrangedConversationRows(state).archived.map((r) => r.friendship.id)).toEqual([
        conversationId,
      ]);
      expect(selectDraftOf(state, key)).toBeNull();
    });

    // A new message brings the (not muted) archived conversation back.
    await bobApp.store.dispatch(sendMessage('Still there?')).unwrap();
    await eventually(() => {
      const rows = selectArrangedConversationRows(laptop.store.getState());
      expect(rows.main.map((r) => r.friendship.id)).toEqual([conversationId]);
      expect(rows.archived).toEqual([]);
    });
  });

  it('refuses a fourth pin with a message and leaves the three', async () => {
    const alice = await signUp('Alice');
    const app = appOf(alice);
    await eventually(() => expect(app.store.getState().inboxPrefs.status).toBe('ready'));
    for (const id of ['a', 'b', 'c'])
      await app.store.dispatch(pinConversation({ key: directKey(id), pinned: true })).unwrap();
    await eventually(() => expect(selectPins(app.store.getState())).toHaveLength(3));
    const fourth = await app.store.dispatch(pinConversation({ key: directKey('d'), pinned: true }));
    expect(fourth.payload).toBe('You can pin up to 3 conversations');
    expect(selectPins(app.store.getState())).toEqual(['d:a', 'd:b', 'd:c']);
  });
});
