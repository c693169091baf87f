import { connectDatabaseEmulator, getDatabase, ref, serverTimestamp, set } from 'firebase/database';
import { afterEach, beforeEach, expect } from 'vitest';
import type { ConversationKey } from '../../src/lib/conversation-key';
import { connectInstances } from '../../src/lib/firebase/conversations/shapes';
import type { ConnectionTimes } from '../../src/lib/firebase/conversations/placement/connectors';
import { databaseRestUrl, signedInRest } from '../../src/lib/firebase/database-rest';
import { makeInboxApi } from '../../src/lib/firebase/inbox';
import type { InboxEntry } from '../../src/lib/firebase/inbox/shapes';
import { dbRest } from '../../scripts/stack/admin';
import { startMirror, type MirrorProcess } from '../../scripts/stack/mirror';
import { adminUpdate, getBackend } from '../support/backend';
import type { Person } from './app-clients';

// Several instances on our emulator (docs/scaling.md, "Bounded connections"): the directory
// (the test namespace, instance 0) and instances 1…n−1 in namespaces of their own, with the
// mirror and hint relay process between them. Shared by the tests over several instances.

export const instance = (n: number) =>
  n === 0
    ? getBackend()
    : { ...getBackend(), dbNamespace: `${getBackend().dbNamespace}-i${String(n)}` };
export const urlOf = (n: number) => `https://${instance(n).dbNamespace}.firebaseio.com`;

/**
 * Per test: instances 1…count−1 told who they are and listed in the directory's
 * `config/instances`; `startMirroring()` starts the mirror and relay process, stopped after the
 * test (or by `stopMirroring()`).
 */
export function instancesPerTest(count: number) {
  let mirror: MirrorProcess | null = null;
  const others = Array.from({ length: count - 1 }, (_, i) => i + 1);
  beforeEach(async () => {
    for (const n of others) await dbRest(instance(n), 'PUT', '/', { config: { self: n } });
    await adminUpdate({
      'config/instances': {
        count,
        open: { 0: true },
        urls: Object.fromEntries(others.map((n) => [n, urlOf(n)])),
      },
    });
  });
  const stopMirroring = () => {
    mirror?.stop();
    mirror = null;
  };
  afterEach(stopMirroring);
  return {
    startMirroring: () => (mirror = startMirror(getBackend(), instance)),
    stopMirroring,
    mirrorIdle: () => mirror?.idle() ?? Promise.resolve(),
  };
}

/**
 * `person`'s client opens other instances as the app's does: by URL, on the same emulator;
 * `timing` shortens the slot's idle time and the directory's periodic look.
 */
export function reachesInstances<P extends Pick<Person, 'client'>>(
  person: P,
  timing?: ConnectionTimes,
): P {
  const [host = '127.0.0.1', port] = getBackend().dbHost.split(':');
  const emulator = { host, port: Number(port) };
  connectInstances(
    person.client.db,
    (url) => {
      const db = getDatabase(person.client.app, url);
      connectDatabaseEmulator(db, host, emulator.port);
      return db;
    },
    // Slot work over REST when the three connections are taken, as the app's.
    (url) => signedInRest(databaseRestUrl(url, emulator), person.client.auth),
    timing,
  );
  return person;
}

/** The open WebSocket connections of `uid`, by namespace, as the emulator counts them. */
export async function connectionsOf(uid: string): Promise<string[]> {
  const res = await fetch(`http://${getBackend().dbHost}/.inspect/connections.json`, {
    headers: { Authorization: 'Bearer owner' },
  });
  const all = (await res.json()) as { ns: string; uid: string | null }[];
  return all.filter((c) => c.uid === uid).map((c) => c.ns);
}

/** `uid`'s connections as the emulator counts them, every ~50 ms until stopped. */
export function sampleConnections(uid: string) {
  const samples: string[][] = [];
  const sampling = { on: true };
  const done = (async () => {
    while (sampling.on) {
      samples.push(await connectionsOf(uid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    samples,
    stop: async () => {
      sampling.on = false;
      await done;
      return samples;
    },
  };
}

/** `acked` within `ms`, or a failure that says the send waited (for a fourth connection). */
export function within<T>(acked: Promise<T>, ms: number): Promise<T> {
  const late = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`not acknowledged within ${String(ms)} ms`)), ms),
  );
  return Promise.race([acked, late]);
}

export const parties = (conversationId: string, from: Person, to: Person) => ({
  conversationId,
  from: { uid: from.uid, name: from.username },
  to: { uid: to.uid, name: to.username },
});

/** `person`'s inbox as the app's list gets it, live: the latest delivery. */
export function inboxOf(person: Person, stopAfterTest: (stop: () => unknown) => void) {
  let latest: Record<ConversationKey, InboxEntry> | null = null;
  const failures: Error[] = [];
  const stop = makeInboxApi(person.client.db).subscribeInbox(
    person.uid,
    (entries) => (latest = entries),
    (error) => failures.push(error),
  );
  stopAfterTest(stop);
  return {
    counts: () => {
      expect(failures).toEqual([]);
      return Object.fromEntries(
        Object.entries(latest ?? {}).map(([key, entry]) => [key, entry.unread]),
      );
    },
  };
}

/** A hint written by `writer` on the directory (`uid`'s home here). */
export function forgeHint(writer: Person, uid: string, key: string) {
  return set(ref(writer.client.db, `hints/${uid}/${key}`), { at: serverTimestamp() });
}

/**
 * `person`'s (home on 1) conversations `ids` held open, one on instance 2 and one on the
 * directory (0): kept and held take all three connections, the directory no longer giving way
 * in the slot. Resolves once the emulator counts exactly those three.
 */
export async function holdThreeOpen(
  person: Person,
  ids: readonly string[],
  stopAfterTest: (stop: () => unknown) => void,
): Promise<string[]> {
  for (const id of ids) {
    stopAfterTest(
      person.conversations.direct.subscribeLatest(
        { id, pageSize: 20 },
        () => undefined,
        () => undefined,
      ),
    );
  }
  const three = [0, 1, 2].map((n) => instance(n).dbNamespace).sort();
  await expect
    .poll(async () => (await connectionsOf(person.uid)).sort(), { timeout: 10_000 })
    .toEqual(three);
  return three;
}
