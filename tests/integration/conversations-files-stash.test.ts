import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { conversationCryptoOf } from '../../src/features/encryption/conversation-crypto';
import { makeConversationFilesApi } from '../../src/lib/firebase/conversations/files/gateway';
import { signedInRest } from '../../src/lib/firebase/database-rest';
import { stashedSend } from '../../src/lib/firebase/conversations/files/stashed-send';
import { makeUploadStash } from '../../src/lib/firebase/conversations/files/upload-stash';
import { outboxOf } from '../../src/lib/firebase/conversations/outbox-send';
import { userSignedOut } from '../../src/store/session';
import { adminGet } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import { anotherDevice, deviceApp } from './encryption-device-apps';

// The upload stash (kept on the device until the file's message is stored) over the emulators:
// gone after a cancel or a failure, and a resume after a reload never sends a message twice.
const { signUp, stopAfterTest } = cleanBackendPerTest();

let stashes = 0;

async function sealedPair() {
  const alice = await signUp('Alice');
  const bob = await signUp('Bob');
  const { id: conversationId } = await befriend(alice, bob);
  const a = await deviceApp(alice, stopAfterTest);
  const cryptoNow = conversationCryptoOf(() => alice.uid, a.gateways.encryption);
  // The browser's IndexedDB, one per test: what a reloaded page finds again.
  const stash = makeUploadStash(`test-stash-${String((stashes += 1))}`);
  const filesOver = (client: typeof alice.client) =>
    makeConversationFilesApi(
      client.db,
      () => signedInRest(client.restUrlOf(), client.auth),
      cryptoNow,
      outboxOf(client.db),
      stash,
    );
  const parties = {
    conversationId,
    from: { uid: alice.uid, name: alice.username },
    to: { uid: bob.uid, name: bob.username },
  };
  return { alice, conversationId, parties, stash, filesOver };
}

const upload = (size: number) => {
  const blob = new Blob([new Uint8Array(size).fill(7)], { type: 'application/zip' });
  const descriptor = { name: 'all.zip', type: blob.type, size, chunks: Math.ceil(size / 262144) };
  return { kind: 'file' as const, blob, descriptor, words: '📎 all.zip' };
};

describe('the upload stash', () => {
  it('holds an upload until its message is stored, then forgets it', async () => {
    const { alice, parties, stash, filesOver } = await sealedPair();
    const files = filesOver(alice.client);
    const sent = files.send(parties, upload(600_000));
    await expect.poll(() => stash.holds(alice.uid)).toBe(true);
    await sent.acked;
    await expect.poll(() => stash.list(alice.uid)).toEqual([]);
  }, 60_000);

  it('forgets a cancelled upload and a refused one', async () => {
    const { alice, parties, stash, filesOver } = await sealedPair();
    const files = filesOver(alice.client);
    const cancelled = files.send(parties, upload(3_000_000));
    let stored = 0;
    files.watchUpload(cancelled.id, (bytes) => (stored = bytes));
    await eventually(() => expect(stored).toBeGreaterThan(0), 30_000);
    expect(await files.cancelUpload(cancelled.id)).toBe(true);
    await cancelled.acked;
    await expect.poll(() => stash.list(alice.uid)).toEqual([]);

    // Not a conversation of Alice's: the rules refuse its file node.
    const refused = files.send({ ...parties, conversationId: '-NnotAFriendship01' }, upload(1000));
    await expect(refused.acked).rejects.toThrow(/permission/i);
    await expect.poll(() => stash.list(alice.uid)).toEqual([]);
  }, 60_000);

  it('after a reload, only forgets an upload whose message was stored before the page went', async () => {
    const { alice, conversationId, parties, stash, filesOver } = await sealedPair();
    const file = upload(600_000);
    const sent = filesOver(alice.client).send(parties, file);
    await sent.acked;
    // The page went between the message's acknowledgement and the stash's removal.
    const send = stashedSend('direct', parties, file);
    await stash.put({ uid: alice.uid, fileId: sent.id, at: Date.now(), send, blob: file.blob });

    const reloaded = await anotherDevice(alice, stopAfterTest);
    expect(await filesOver(reloaded.client).resumeUploads(alice.uid)).toEqual([]);
    expect(await stash.list(alice.uid)).toEqual([]);
    const messages = (await adminGet(`sendMessage/${conversationId}`)) as Record<string, unknown>;
    expect(Object.keys(messages)).toEqual([sent.id]);
  }, 60_000);

  it('reports the progress of a resumed upload to a watcher that came before it started', async () => {
    const { alice, conversationId, parties, stash, filesOver } = await sealedPair();
    const file = upload(900_000);
    // The page went before anything was sent: the upload is only in the stash.
    const send = stashedSend('direct', parties, file);
    const fileId = '-NwatchedEarly0001';
    await stash.put({ uid: alice.uid, fileId, at: Date.now(), send, blob: file.blob });

    const reloaded = filesOver((await anotherDevice(alice, stopAfterTest)).client);
    // The bubble, drawn from the outbox, watches before the resume starts the upload.
    const seen: number[] = [];
    let ended = false;
    const stop = reloaded.watchUpload(
      fileId,
      (sent) => seen.push(sent),
      () => (ended = true),
    );
    const resumed = await reloaded.resumeUploads(alice.uid);
    expect(resumed.map((one) => one.sent.id)).toEqual([fileId]);
    await resumed[0]?.sent.acked;
    await eventually(() => expect(ended).toBe(true), 30_000);
    expect(seen.at(-1)).toBe(900_000);
    expect(seen.length).toBeGreaterThan(1);
    stop();
    const messages = (await adminGet(`sendMessage/${conversationId}`)) as Record<string, unknown>;
    expect(Object.keys(messages)).toEqual([fileId]);
  }, 60_000);

  it('forgets what it kept for a user who signs out', async () => {
    const { alice, parties } = await sealedPair();
    const app = await deviceApp(alice, stopAfterTest);
    // The app's own stash (its default database), as a reload would have left it.
    const stash = makeUploadStash();
    const file = upload(1000);
    const send = stashedSend('direct', parties, file);
    await stash.put({
      uid: 'someone-else',
      fileId: '-Nother',
      at: Date.now(),
      send,
      blob: file.blob,
    });
    await stash.put({ uid: alice.uid, fileId: '-Nkept', at: Date.now(), send, blob: file.blob });
    app.store.dispatch(userSignedOut());
    await expect.poll(() => stash.holds(alice.uid)).toBe(false);
    expect(await stash.holds('someone-else')).toBe(true);
  }, 60_000);
});
