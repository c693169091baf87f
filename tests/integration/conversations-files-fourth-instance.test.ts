import { describe, expect, it } from 'vitest';
import { directKey } from '../../src/lib/conversation-key';
import { placementsOf } from '../../src/lib/firebase/conversations';
import { conversationFilePath } from '../../src/lib/firebase/conversations/files/file-message';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { dbRest } from '../../scripts/stack/admin';
import { adminUpdate } from '../support/backend';
import { sha256 } from '../support/digest';
import { befriend, cleanBackendPerTest } from './app-clients';
import { deviceApp, type DeviceApp } from './encryption-device-apps';
import {
  holdThreeOpen,
  instance,
  instancesPerTest,
  parties,
  sampleConnections,
  within,
} from './inbox-instances-steps';

// Nothing waits for a fourth connection (docs/scaling.md, "Bounded connections"), files
// included: Bob lives on instance 1, his conversations with Alice on 2 and with Dave on the
// directory (0) are open, with Carol on 3. Kept (home) and held (2, 0) take all three, so his
// file to Carol goes up with its bookkeeping (`have`, `owner`, the start write) over REST, and
// Carol's file downloads that way too; the upload follows the app's online, not instance 3's
// connection, which stays off.
const { signUp, stopAfterTest } = cleanBackendPerTest();
const { startMirroring, mirrorIdle } = instancesPerTest(4);
const ns = (n: number) => instance(n).dbNamespace;
const on3 = (path: string) => dbRest(instance(3), 'GET', path);

/** `size` bytes of a pattern no two chunks share (chunks are 256 KiB). */
const patterned = (size: number, seed: number) =>
  new Uint8Array(size).map((_, i) => (i * 31 + (i >> 9) + seed) % 256);

/** A zip file of `bytes` named `name`, as the composer hands it to the gateway. */
const zipUpload = (name: string, bytes: Uint8Array<ArrayBuffer>) => {
  const blob = new Blob([bytes], { type: 'application/zip' });
  const chunks = Math.ceil(blob.size / (256 * 1024));
  const descriptor = { name, type: 'application/zip', size: blob.size, chunks };
  return { kind: 'file' as const, blob, descriptor, words: `📎 ${name}` };
};

/** The digest of file message `id` of conversation `withId` as `app` downloads it (opened). */
async function downloaded(app: DeviceApp, withId: string, id: string): Promise<string> {
  const message: ConversationMessage | null = await app.gateways.conversations.direct.fetchOne(
    withId,
    id,
  );
  if (!message?.file?.descriptor) throw new Error(`file message ${id} is not readable`);
  const blob = await app.gateways.chatFiles.download(directKey(withId), message.file, true);
  expect(blob.size).toBe(message.file.descriptor.size);
  return sha256(blob);
}

describe('a file to and from a conversation on a fourth instance', () => {
  it('goes up and comes down whole over REST with three connections taken, never by a fourth', async () => {
    // The clients' own connectors (emulator-client.ts): a file's chunks need the REST address
    // of the instance the client opened.
    const [alice, bob, carol, dave] = await Promise.all(
      ['Alice', 'Bob', 'Carol', 'Dave'].map((name) => signUp(name)),
    );
    await adminUpdate({
      [`homes/${bob.uid}`]: 1,
      [`homes/${alice.uid}`]: 2,
      [`homes/${carol.uid}`]: 3,
    });
    startMirroring();
    const withAlice = (await befriend(alice, bob)).id;
    const withCarol = (await befriend(carol, bob)).id;
    const withDave = (await befriend(dave, bob)).id;
    await mirrorIdle();

    // Carol's file to Bob (three chunks), stored on 3 before Bob holds three open.
    const b = await deviceApp(bob, stopAfterTest);
    const c = await deviceApp(carol, stopAfterTest);
    const hers = patterned(600 * 1024, 7);
    const fromCarol = c.gateways.chatFiles.send(
      parties(withCarol, carol, bob),
      zipUpload('minutes.zip', hers),
    );
    await within(fromCarol.acked, 30_000);

    // Bob opens his conversations with Alice and Dave: home, 2 and 0 are taken.
    const sampler = sampleConnections(bob.uid);
    await holdThreeOpen(bob, [withAlice, withDave], stopAfterTest);
    const held = sampler.samples.length;

    // His file to Carol (five chunks, the last one short) goes up while 3 stays off.
    const his = patterned(1100 * 1024, 3);
    const toCarol = b.gateways.chatFiles.send(
      parties(withCarol, bob, carol),
      zipUpload('photos.zip', his),
    );
    await within(toCarol.acked, 30_000);
    // Carol's file comes down to Bob the same way.
    expect(await within(downloaded(b, withCarol, fromCarol.id), 30_000)).toBe(await sha256(hers));

    // Stored once, on 3 only: every chunk marked, one message; Carol gets the very bytes.
    const base = conversationFilePath(directKey(withCarol), toCarol.id);
    expect(Object.keys((await on3(`${base}/have`)) as object)).toHaveLength(5);
    expect(await on3(`${base}/done`)).toBe(true);
    const messages = (await on3(`sendMessage/${withCarol}`)) as Record<string, unknown>;
    expect(Object.keys(messages).sort()).toEqual([fromCarol.id, toCarol.id].sort());
    for (const n of [0, 1, 2]) {
      expect(await dbRest(instance(n), 'GET', `chatFiles/${withCarol}`)).toBeNull();
    }
    expect(await within(downloaded(c, withCarol, toCarol.id), 30_000)).toBe(await sha256(his));

    // Never more than three of Bob's, and never instance 3.
    await expect.poll(() => sampler.samples.length, { timeout: 10_000 }).toBeGreaterThan(held + 5);
    const samples = await sampler.stop();
    expect(Math.max(...samples.map((sample) => sample.length))).toBeLessThanOrEqual(3);
    expect(samples.slice(held).filter((sample) => sample.includes(ns(3)))).toEqual([]);
    expect(placementsOf(bob.client.db).openInstances()).toEqual([0, 1, 2]);
  }, 150_000);
});
