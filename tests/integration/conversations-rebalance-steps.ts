import { afterEach, beforeEach } from 'vitest';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { emulatorDb } from '../../scripts/migrations/database';
import { backendsOf, type Backends } from '../../scripts/rebalance/backends';
import { dbRest } from '../../scripts/stack/admin';
import { startMirror, type MirrorProcess } from '../../scripts/stack/mirror';
import { adminUpdate, getBackend, signInClient } from '../support/backend';
import { makeConversationsApi } from '../../src/lib/firebase/conversations/gateway';
import { befriend, eventually, type Person } from './app-clients';
import { instance, parties, reachesInstances, urlOf } from './inbox-instances-steps';

export { parties, reachesInstances };

// Two instances on our emulator, as tests/integration/conversations-instances.test.ts has them:
// the directory (the test namespace, instance 0) and instance 1 (its own namespace, the same
// rules, `config/self` = 1), with the mirror process between them.
export const instance1 = () => instance(1);
export const onInstance1 = (path: string) => dbRest(instance1(), 'GET', path);

/** Per test: instance 1 emptied and configured, the mirror running; `backends()` for the mover. */
export function twoInstancesPerTest() {
  let mirror: MirrorProcess | null = null;
  beforeEach(async () => {
    await dbRest(instance1(), 'PUT', '/', { config: { self: 1 } });
    await adminUpdate({
      'config/instances': {
        count: 2,
        open: { 0: true, 1: true },
        urls: { 1: urlOf(1) },
      },
    });
    mirror = startMirror(getBackend(), () => instance1());
  });
  afterEach(() => {
    mirror?.stop();
    mirror = null;
  });
  return { backends: () => backendsOf(emulatorDb(getBackend())) };
}

/** The step a move's journal is advanced to, in the order the mover writes them. */
type Step = 'copied' | 'flipped' | 'cleaned';

/**
 * `backends` whose directory dies just before the mover records `step` (the journal advanced to
 * it, or removed for 'cleaned'): what a mover killed between two steps leaves behind.
 */
export function crashingBefore(backends: Backends, step: Step): Backends {
  const { directory } = backends;
  const recording = (changes: Record<string, unknown>) =>
    Object.entries(changes).some(
      ([path, value]) =>
        path.startsWith('moves/') &&
        (step === 'cleaned' ? value === null : (value as { step?: unknown } | null)?.step === step),
    );
  return {
    ...backends,
    directory: {
      ...directory,
      update: async (changes) => {
        if (recording(changes)) throw new Error(`the mover died before '${step}'`);
        await directory.update(changes);
      },
    },
  };
}

/** Keys of a stored tree (none when absent). */
export const keysOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? Object.keys(value).sort() : [];

/**
 * A live latest page, as a chat panel holds it: `latest()` is the newest answer, `waitFor`
 * polls it until `check` passes.
 */
export function openPage(subscribe: (onData: (page: ConversationMessage[]) => void) => () => void) {
  let latest: ConversationMessage[] = [];
  const stop = subscribe((page) => {
    latest = page;
  });
  return {
    stop,
    latest: () => latest,
    waitFor: (check: (page: ConversationMessage[]) => void, timeoutMs = 20_000) =>
      eventually(() => check(latest), timeoutMs),
  };
}

/**
 * `person` signed in on a second device that only watches (sends nothing, so nothing but its
 * listeners can tell it that a conversation moved); closed by `stopAfterTest`.
 */
export async function watchingDevice(person: Person, stopAfterTest: (stop: () => unknown) => void) {
  const client = await signInClient(`${person.username.toLowerCase()}@example.com`, 'Secret123');
  stopAfterTest(() => client.close());
  reachesInstances({ client });
  return makeConversationsApi(client.db);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ids that appear in `ids` more than once. */
export const doubled = (ids: readonly string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);

/** Alice and Bob, signed up with `signUp`, befriended, each reaching every instance. */
export async function friendsOverInstances(signUp: (name: string) => Promise<Person>) {
  const alice = reachesInstances(await signUp('Alice'));
  const bob = reachesInstances(await signUp('Bob'));
  const { id } = await befriend(alice, bob);
  return { alice, bob, id };
}
