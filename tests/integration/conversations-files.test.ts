import { goOffline, goOnline } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { sendConversationFile } from '../../src/features/conversations/files/conversations-file-thunks';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import { directKey } from '../../src/lib/conversation-key';
import { makeConversationFilesApi } from '../../src/lib/firebase/conversations/files/gateway';
import { signedInRest } from '../../src/lib/firebase/database-rest';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { conversationCryptoOf } from '../../src/features/encryption/conversation-crypto';
import { toBase64Url } from '../../src/lib/crypto/crypto-bytes';
import { sha256 } from '../support/digest';
import { adminGet } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import { deviceApp, type DeviceApp } from './encryption-device-apps';

// File messages over the emulators, between two sealing apps: the bytes arrive as sent, the
// database holds neither the name nor the content, and an interrupted upload resumes.
const { signUp, stopAfterTest } = cleanBackendPerTest();

const MB = 1024 * 1024;

/** `size` random bytes (getRandomValues fills at most 64 KiB a call). */
function randomBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 65_536) {
    crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65_536)));
  }
  return bytes;
}

async function sealedPair() {
  const alice = await signUp('Alice');
  const bob = await signUp('Bob');
  const { id: conversationId } = await befriend(alice, bob);
  const a = await deviceApp(alice, stopAfterTest);
  const b = await deviceApp(bob, stopAfterTest);
  a.openChatWith(bob);
  b.openChatWith(alice);
  await eventually(() => expect(a.store.getState().conversations.status).toBe('ready'), 15_000);
  // Alice's 1:1 send to Bob.
  const parties = {
    conversationId,
    from: { uid: alice.uid, name: alice.username },
    to: { uid: bob.uid, name: bob.username },
  };
  return { alice, bob, conversationId, parties, a, b };
}

/** A zip file of `blob`'s bytes named `name`, as the composer hands it to the gateway. */
const zipUpload = (name: string, blob: Blob) => ({
  kind: 'file' as const,
  blob,
  descriptor: {
    name,
    type: 'application/zip',
    size: blob.size,
    chunks: Math.ceil(blob.size / (256 * 1024)),
  },
  words: `📎 ${name}`,
});

/** The file message `id` as `app` shows it, once its descriptor opened. */
async function shownFile(app: DeviceApp, id: string): Promise<ConversationMessage> {
  let found: ConversationMessage | undefined;
  await eventually(() => {
    found = selectConversationMessages(app.store.getState()).find((m) => m.id === id);
    expect(found?.file?.descriptor).toBeTruthy();
  }, 30_000);
  if (!found) throw new Error('not shown');
  return found;
}

describe('file messages between two sealing apps', () => {
  it('arrive byte-identical (1 KB) with name and type, none of it in the database in clear', async () => {
    const { conversationId, a, b } = await sealedPair();
    const bytes = randomBytes(1024);
    const blob = new Blob([bytes], { type: 'application/pdf' });
    const id = await a.store
      .dispatch(sendConversationFile({ blob, name: 'Quarterly plan.pdf' }))
      .unwrap();
    const message = await shownFile(b, id);
    expect(message.sealed).toBe('open');
    expect(message.text).toBe('📎 Quarterly plan.pdf');
    expect(message.file?.descriptor).toMatchObject({
      name: 'Quarterly plan.pdf',
      type: 'application/pdf',
      size: 1024,
      chunks: 1,
    });
    const got = await b.gateways.chatFiles.download(directKey(conversationId), message.file!, true);
    expect(got.type).toBe('application/pdf');
    expect(await sha256(got)).toBe(await sha256(blob));

    const dump = JSON.stringify(await adminGet('/'));
    expect(dump).toContain(`chatFiles`);
    for (const clear of ['Quarterly', 'application/pdf', toBase64Url(bytes.subarray(0, 30))]) {
      expect(dump).not.toContain(clear);
    }
    const base64 = Buffer.from(bytes.subarray(0, 30)).toString('base64');
    expect(dump).not.toContain(base64);
  }, 60_000);

  it('sends a voice message with its duration and waveform, sealed', async () => {
    const { conversationId, a, b } = await sealedPair();
    const blob = new Blob([randomBytes(20_000)], { type: 'audio/webm;codecs=opus' });
    const levels = Array.from({ length: 48 }, (_, i) => (i * 2) % 100);
    const id = await a.store
      .dispatch(
        sendConversationFile({
          blob,
          name: 'voice.webm',
          kind: 'voice',
          durationMs: 12_400,
          levels,
        }),
      )
      .unwrap();
    const message = await shownFile(b, id);
    expect(message.text).toBe('Voice message 0:12');
    expect(message.file).toMatchObject({
      kind: 'voice',
      descriptor: { durationMs: 12_400, levels },
    });
    await eventually(() =>
      expect(b.store.getState().inbox.entries[directKey(conversationId)]?.lastText).toBe(
        'Voice message 0:12',
      ),
    );
    const got = await b.gateways.chatFiles.download(directKey(conversationId), message.file!, true);
    expect(await sha256(got)).toBe(await sha256(blob));
  }, 60_000);

  for (const size of [5 * MB, 25 * MB]) {
    it(`arrives byte-identical at ${String(size / MB)} MB`, async () => {
      const { conversationId, a, b } = await sealedPair();
      const blob = new Blob([randomBytes(size)], { type: 'application/octet-stream' });
      const id = await a.store.dispatch(sendConversationFile({ blob, name: 'big.bin' })).unwrap();
      const message = await shownFile(b, id);
      let last = 0;
      const got = await b.gateways.chatFiles.download(
        directKey(conversationId),
        message.file!,
        true,
        (received) => (last = received),
      );
      expect(last).toBe(size);
      expect(got.size).toBe(size);
      expect(await sha256(got)).toBe(await sha256(blob));
    }, 300_000);
  }

  it('refuses a file over 25 MB before sending anything', async () => {
    const { a } = await sealedPair();
    const blob = new Blob([new Uint8Array(25 * MB + 1)]);
    const result = await a.store.dispatch(sendConversationFile({ blob, name: 'huge.bin' }));
    expect(result.payload).toBe('That file is larger than 25 MB. Send a smaller one.');
    expect(await adminGet('/chatFiles')).toBeNull();
  });
});

describe('a cancelled upload', () => {
  it('leaves nothing behind that counts or shows', async () => {
    const { alice, bob, conversationId, parties, a } = await sealedPair();
    const files = makeConversationFilesApi(
      alice.client.db,
      () => signedInRest(alice.client.restUrlOf(), alice.client.auth),
      conversationCryptoOf(() => alice.uid, a.gateways.encryption),
    );
    const blob = new Blob([randomBytes(5 * MB)], { type: 'application/zip' });
    const upload = zipUpload('all.zip', blob);
    const sent = files.send(parties, upload);
    let stored = 0;
    files.watchUpload(sent.id, (bytes) => (stored = bytes));
    await eventually(() => expect(stored).toBeGreaterThan(0), 30_000);
    expect(await files.cancelUpload(sent.id)).toBe(true);
    await sent.acked;
    // The removal goes after the chunks already handed over; none lands after it.
    for (let i = 0; i < 100 && (await adminGet(`chatFiles/${conversationId}/${sent.id}`)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await adminGet(`chatFiles/${conversationId}/${sent.id}`)).toBeNull();
    expect(await adminGet(`sendMessage/${conversationId}/${sent.id}`)).toBeNull();
    const entry = (await adminGet(`inbox/${bob.uid}/${conversationId}`)) as {
      unread?: number;
    } | null;
    expect(entry?.unread ?? 0).toBe(0);
    expect(await files.cancelUpload(sent.id)).toBe(false);
  }, 60_000);
});

describe('a chunk the database refuses', () => {
  it('ends the upload with a message naming the chunk, sent once and nothing left behind', async () => {
    const { alice, bob, conversationId, parties, a } = await sealedPair();
    // Alice's upload whose chunk requests carry Bob's token: the rules refuse each (not the
    // owner), as they would any chunk of an upload no longer allowed.
    const patches: string[] = [];
    const asBob = signedInRest(alice.client.restUrlOf(), bob.client.auth);
    const files = makeConversationFilesApi(
      alice.client.db,
      () => ({
        url: (path, query) => {
          patches.push(path);
          return asBob.url(path, query);
        },
        idToken: asBob.idToken,
      }),
      conversationCryptoOf(() => alice.uid, a.gateways.encryption),
    );
    const blob = new Blob([randomBytes(100 * 1024)], { type: 'application/zip' });
    const sent = files.send(parties, zipUpload('no.zip', blob));
    await expect(sent.acked).rejects.toThrow(
      'The database refused chunk 000 of the file: Permission denied',
    );
    // Refused is final: not sent again, and its node is taken back with the message.
    expect(patches).toHaveLength(1);
    await expect
      .poll(() => adminGet(`chatFiles/${conversationId}/${sent.id}`), { timeout: 10_000 })
      .toBeNull();
    expect(await adminGet(`sendMessage/${conversationId}/${sent.id}`)).toBeNull();
  }, 60_000);
});

describe('an upload cut by going offline', () => {
  it('resumes from the chunks stored, handing each chunk to the database once', async () => {
    const { alice, conversationId, parties, a, b } = await sealedPair();
    // Alice's files gateway over her client, counting each chunk it seals for sending.
    const sealedChunks: number[] = [];
    const cryptoNow = conversationCryptoOf(() => alice.uid, a.gateways.encryption);
    const counting = async () => {
      const crypto = await cryptoNow();
      if (!crypto) return null;
      return {
        ...crypto,
        sealChunk: (...args: Parameters<typeof crypto.sealChunk>) => {
          sealedChunks.push(args[3]);
          return crypto.sealChunk(...args);
        },
      };
    };
    const rest = signedInRest(alice.client.restUrlOf(), alice.client.auth);
    const files = makeConversationFilesApi(alice.client.db, () => rest, counting);
    const blob = new Blob([randomBytes(3 * MB)], { type: 'application/zip' });
    const upload = zipUpload('photos.zip', blob);
    const sent = files.send(parties, upload);
    let stored = 0;
    files.watchUpload(sent.id, (bytes) => (stored = bytes));
    await eventually(() => expect(stored).toBeGreaterThanOrEqual(3 * 256 * 1024), 30_000);
    goOffline(alice.client.db);
    const have: unknown = await adminGet(`/chatFiles/${conversationId}/${sent.id}/have`);
    const storedBefore = Object.keys(Object(have) as object).map(Number);
    expect(storedBefore.length).toBeGreaterThan(0);
    expect(storedBefore.length).toBeLessThan(12);
    await new Promise((resolve) => setTimeout(resolve, 500));
    goOnline(alice.client.db);
    await sent.acked;

    // Every chunk handed over once; none stored before the cut was sealed or sent again.
    const counts = new Map<number, number>();
    for (const index of sealedChunks) counts.set(index, (counts.get(index) ?? 0) + 1);
    expect([...counts.keys()].sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const message = await shownFile(b, sent.id);
    const got = await b.gateways.chatFiles.download(directKey(conversationId), message.file!, true);
    expect(await sha256(got)).toBe(await sha256(blob));
  }, 120_000);
});
