import { goOffline, goOnline } from 'firebase/database';
import { afterEach, describe, expect, it } from 'vitest';
import { moveConversation } from '../../scripts/rebalance/move-conversation';
import { sendConversationFile } from '../../src/features/conversations/files/conversations-file-thunks';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import { directKey } from '../../src/lib/conversation-key';
import { conversationFilePath } from '../../src/lib/firebase/conversations/files/file-message';
import { placementsOf } from '../../src/lib/firebase/conversations/placement';
import { adminGet } from '../support/backend';
import { sha256 } from '../support/digest';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import { keysOf, onInstance1, sleep, twoInstancesPerTest } from './conversations-rebalance-steps';
import { deviceApp } from './encryption-device-apps';

// An upload to a conversation placed on another instance than the sender's home
// (docs/scaling.md): its chunks go to that instance, and so must its connection watch. Here that
// instance alone drops while chunks are in flight, their answers lost; the home stays connected.
const { signUp, stopAfterTest } = cleanBackendPerTest();
const { backends } = twoInstancesPerTest();

/**
 * The page's network for chunk requests (a PATCH carrying `parts/NNN`): `reached` lists each
 * chunk the server stored. From `holdFrom` chunks on, a request reaches the server but its
 * answer never comes (a connection gone half-open): only an abort by the page ends it. While
 * `down()`, new requests fail at once; `restore()` lets them through again, answered.
 */
function chunkNetwork(holdFrom: number) {
  const real = globalThis.fetch;
  const reached: number[] = [];
  let sent = 0;
  let held = 0;
  let down = false;
  globalThis.fetch = (input, init) => {
    const chunk = /"parts\/(\d{3})"/.exec(typeof init?.body === 'string' ? init.body : '')?.[1];
    if (init?.method !== 'PATCH' || chunk === undefined) return real(input, init);
    if (down) return Promise.reject(new TypeError('fetch failed'));
    const holding = sent + 1 >= holdFrom;
    sent += 1;
    // Once sent, the request reaches the server whatever the page does: counted once stored.
    const stored = real(input, { ...init, signal: null }).then((response) => {
      if (response.ok) reached.push(Number(chunk));
      return response;
    });
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('cut', 'AbortError')));
      if (holding) held += 1;
      else stored.then(resolve, reject);
    });
  };
  return {
    reached,
    held: () => held,
    down: () => (down = true),
    restore() {
      down = false;
      holdFrom = Infinity;
    },
    dispose: () => (globalThis.fetch = real),
  };
}

let network: ReturnType<typeof chunkNetwork> | null = null;
afterEach(() => {
  network?.dispose();
  network = null;
});

describe('an upload to a conversation on another instance', () => {
  it('follows that instance: cut by its drop alone, no stored chunk sent again on its return', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id } = await befriend(alice, bob);
    const key = directKey(id);
    await moveConversation(await backends(), `d:${id}`, 1, { graceMs: 0 });
    const a = await deviceApp(alice, stopAfterTest);
    const b = await deviceApp(bob, stopAfterTest);
    a.openChatWith(bob);
    b.openChatWith(alice);
    await eventually(() => expect(a.store.getState().conversations.status).toBe('ready'), 15_000);
    const instance1 = await placementsOf(alice.client.db).whereIs(key);
    expect(instance1).not.toBe(alice.client.db);

    // Twelve chunks of 256 KiB; the answers are held from the fourth on.
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31 + (i >> 9)) % 256);
    const blob = new Blob([bytes], { type: 'application/zip' });
    const net = (network = chunkNetwork(4));
    const sending = a.store.dispatch(sendConversationFile({ blob, name: 'photos.zip' })).unwrap();
    // Two chunks in flight, stored, their answers held: more stored than the page heard of.
    await eventually(() => {
      expect(net.held()).toBe(2);
      expect(net.reached).toHaveLength(5);
    }, 30_000);

    // Instance 1 drops; Alice's home does not. Only that drop can cut the requests left
    // unanswered: an upload watching the home would wait for them for ever. REST comes back
    // at once, the instance's socket seconds later: `have` is read there, once it is back.
    net.down();
    goOffline(instance1);
    const fileId = Object.keys(Object(await onInstance1(`chatFiles/${id}`)) as object)[0] ?? '';
    const storedAtCut = keysOf(await onInstance1(`${conversationFilePath(key, fileId)}/have`));
    expect(storedAtCut.length).toBeGreaterThan(0);
    expect(storedAtCut.length).toBeLessThan(12);
    net.restore();
    await sleep(4_000);
    goOnline(instance1);
    const stuck = sleep(30_000).then(() => 'still waiting for the requests cut');
    expect(await Promise.race([sending, stuck])).toBe(fileId);

    // Each chunk reached the server once, on instance 1 only; Bob gets the very bytes.
    expect([...net.reached].sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    expect(keysOf(await onInstance1(`${conversationFilePath(key, fileId)}/have`))).toHaveLength(12);
    expect(await adminGet(`chatFiles/${id}`)).toBeNull();
    let shown: ReturnType<typeof selectConversationMessages>[number] | undefined;
    await eventually(() => {
      shown = selectConversationMessages(b.store.getState()).find((m) => m.id === fileId);
      expect(shown?.file?.descriptor).toBeTruthy();
    }, 30_000);
    if (!shown?.file) throw new Error('not shown');
    const got = await b.gateways.chatFiles.download(key, shown.file, true);
    expect(await sha256(got)).toBe(await sha256(bytes));
  }, 120_000);
});
