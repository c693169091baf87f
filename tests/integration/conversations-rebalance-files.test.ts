import { describe, expect, it } from 'vitest';
import { moveConversation } from '../../scripts/rebalance/move-conversation';
import { sendConversationFile } from '../../src/features/conversations/files/conversations-file-thunks';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import { directKey } from '../../src/lib/conversation-key';
import { conversationFilePath } from '../../src/lib/firebase/conversations/files/file-message';
import { adminGet } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import {
  crashingBefore,
  keysOf,
  onInstance1,
  sleep,
  twoInstancesPerTest,
} from './conversations-rebalance-steps';
import { deviceApp } from './encryption-device-apps';

// A file sent while its conversation is frozen by a move (docs/scaling.md, "Rebalancing"): its
// chunks and its message are refused on the source, held, then uploaded and sent on the
// target once the move is over, once, and the friend's app opens it there.
const { signUp, stopAfterTest } = cleanBackendPerTest();
const { backends } = twoInstancesPerTest();
const noGrace = { graceMs: 0 };

describe('a file sent during a move', () => {
  it('is held while frozen, then its chunks and message land on the new instance once', async () => {
    // Their clients open other instances themselves, REST addresses included (emulator-client.ts).
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id } = await befriend(alice, bob);
    const a = await deviceApp(alice, stopAfterTest);
    const b = await deviceApp(bob, stopAfterTest);
    a.openChatWith(bob);
    b.openChatWith(alice);
    await eventually(() => expect(a.store.getState().conversations.status).toBe('ready'), 15_000);
    await expect(
      moveConversation(crashingBefore(await backends(), 'copied'), `d:${id}`, 1, noGrace),
    ).rejects.toThrow(/died/);

    // Three chunks of 256 KiB.
    const bytes = new Uint8Array(600 * 1024).map((_, i) => i % 251);
    const blob = new Blob([bytes], { type: 'application/zip' });
    const sending = a.store.dispatch(sendConversationFile({ blob, name: 'plans.zip' })).unwrap();
    await sleep(800);
    // Held: neither the message nor a chunk is stored anywhere yet.
    for (const on of [adminGet, onInstance1]) {
      expect(keysOf(await on(`chatFiles/${id}`))).toEqual([]);
      expect(keysOf(await on(`sendMessage/${id}`))).toEqual([]);
    }

    await moveConversation(await backends(), `d:${id}`, 1, noGrace);
    const fileId = await sending;
    expect(keysOf(await onInstance1(`sendMessage/${id}`))).toEqual([fileId]);
    const stored = conversationFilePath(directKey(id), fileId);
    expect(keysOf(await onInstance1(`${stored}/have`))).toHaveLength(3);
    expect(await adminGet(`chatFiles/${id}`)).toBeNull();
    expect(await adminGet(`sendMessage/${id}`)).toBeNull();

    // Bob's open chat followed the move and opens the file, read from instance 1.
    let shown: ReturnType<typeof selectConversationMessages>[number] | undefined;
    await eventually(() => {
      shown = selectConversationMessages(b.store.getState()).find((m) => m.id === fileId);
      expect(shown?.file?.descriptor).toBeTruthy();
    }, 30_000);
    if (!shown?.file) throw new Error('not shown');
    const got = await b.gateways.chatFiles.download(directKey(id), shown.file, true);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
  }, 90_000);
});
