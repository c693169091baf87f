import { describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/features/conversations/sending/conversations-thunks';
import { selectThisDevice } from '../../src/features/encryption/encryption-slice';
import { previewOf } from '../../src/features/inbox/conversation-time';
import { selectFeed } from '../../src/features/notifications/notifications-selectors';
import { directKey } from '../../src/lib/conversation-key';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import { anotherDevice, deviceApp, type DeviceApp } from './encryption-device-apps';

// A new device's inbox row and notification feed read 'Encrypted on another device'
// until it is approved, then the words at once, without waiting for the conversation's next change.
const { signUp, stopAfterTest } = cleanBackendPerTest();

const WORDS = 'the spare key is under the blue pot';

describe('previews on a new device', () => {
  it('open as soon as the device is approved', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const key = directKey(conversationId);
    const [a, phone] = await Promise.all([
      deviceApp(alice, stopAfterTest),
      deviceApp(bob, stopAfterTest),
    ]);
    a.openChatWith(bob);
    await eventually(() => expect(a.store.getState().conversations.status).toBe('ready'));
    await a.store.dispatch(sendMessage(WORDS)).unwrap();
    const row = (app: DeviceApp) => {
      const entry = app.store.getState().inbox.entries[key];
      return entry ? previewOf(entry, bob.uid) : null;
    };
    // The feed's "new messages" entries, each with its conversation's preview.
    const feed = (app: DeviceApp) => {
      const state = app.store.getState();
      return selectFeed(state).flatMap((item) => {
        const entry = item.kind === 'message' ? state.inbox.entries[directKey(item.ref)] : null;
        return entry ? [previewOf(entry, bob.uid)] : [];
      });
    };
    await eventually(() => expect(row(phone)).toBe(WORDS));

    const laptop = await deviceApp(await anotherDevice(bob, stopAfterTest), stopAfterTest);
    await eventually(() => {
      expect(row(laptop)).toBe('Encrypted on another device');
      expect(feed(laptop)).toEqual(['Encrypted on another device']);
    });

    await (await phone.session()).ring.approve(selectThisDevice(laptop.store.getState()) ?? '');
    await eventually(() => {
      expect(row(laptop)).toBe(WORDS);
      expect(feed(laptop)).toEqual([WORDS]);
    }, 15_000);
  });
});
