import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupChatShown, sendMessage } from '../../src/features/conversations';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import { chatScreenEntered } from '../../src/features/conversations/timeline/conversations-slice';
import { selectThisDevice } from '../../src/features/encryption/encryption-slice';
import { dbRest } from '../../scripts/stack/admin';
import { startMirror, type MirrorProcess } from '../../scripts/stack/mirror';
import { adminGet, adminUpdate, getBackend } from '../support/backend';
import { hikersThroughGateways } from '../support/hikers-group';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import { anotherDevice, deviceApp, type DeviceApp } from './encryption-device-apps';
import { removeFrom } from './encryption-removal-steps';
import { instance, reachesInstances, urlOf } from './inbox-instances-steps';

// Encrypted conversations placed on instance 1 (docs/scaling.md): their epoch keys' wraps and
// waits are written, read and followed there, beside the sealed messages whose rules check
// them; the directory keeps each person's devices and holds no key record of them. Two
// namespaces of our emulator, with the mirror process between them, as in
// conversations-instances.test.ts.
const { signUp, stopAfterTest } = cleanBackendPerTest();
const directory = () => getBackend();
const instance1 = () => instance(1);
const onInstance1 = (path: string) => dbRest(instance1(), 'GET', path);

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
});

const startMirroring = () => {
  mirror = startMirror(directory(), () => instance1());
};

afterEach(() => {
  mirror?.stop();
  mirror = null;
});

/** Alice (home: instance 1) and Bob (home: the directory), each reaching both instances. */
async function aliceOnInstance1AndBob() {
  const alice = reachesInstances(await signUp('Alice'));
  const bob = reachesInstances(await signUp('Bob'));
  await adminUpdate({ [`homes/${alice.uid}`]: 1, [`homes/${bob.uid}`]: 0 });
  return { alice, bob };
}

const texts = (app: DeviceApp) =>
  selectConversationMessages(app.store.getState()).map((m) => m.text);
const seals = (app: DeviceApp) =>
  selectConversationMessages(app.store.getState()).map((m) => m.sealed);

/** The uids that hold wraps in `tree/{id}` on instance 1, and the epochs' writers. */
async function wrapsOnInstance1(tree: string, id: string) {
  const stored = ((await onInstance1(`${tree}/${id}`)) ?? {}) as Record<
    string,
    Record<string, Record<string, { by: string; key: string }>>
  >;
  const wraps = Object.values(stored).flatMap((epochs) =>
    Object.values(epochs).flatMap((devices) => Object.values(devices)),
  );
  return { holders: Object.keys(stored).sort(), writers: [...new Set(wraps.map((w) => w.by))] };
}

/** The directory's whole dump names none of `id`'s key records, and no word of `words`. */
async function directoryHoldsNoKeysOf(id: string, words: string[]) {
  const dump = ((await adminGet('/')) ?? {}) as Record<string, Record<string, unknown> | null>;
  for (const tree of ['conversationKeys', 'groupKeys', 'conversationKeyWaits', 'groupKeyWaits']) {
    expect(dump[tree]?.[id], `${tree}/${id} on the directory`).toBeUndefined();
  }
  const text = JSON.stringify(dump);
  // As a word, not inside a sealed value's base64 (where 'hut' turned up once by chance).
  for (const word of words) {
    expect(text).not.toMatch(new RegExp(`(?<![A-Za-z0-9+/_-])${word}(?![A-Za-z0-9+/=_-])`));
  }
}

describe('an encrypted conversation placed on instance 1', () => {
  it('1:1: the keys are made there, sealed messages go both ways and open; the directory holds no key of it', async () => {
    const { alice, bob } = await aliceOnInstance1AndBob();
    const { id } = await befriend(alice, bob);
    expect(await adminGet(`placement/direct/${id}`)).toEqual({ instance: 1, state: 'live' });
    const a = await deviceApp(alice, stopAfterTest);
    const b = await deviceApp(bob, stopAfterTest);
    a.openChatWith(bob);
    b.openChatWith(alice);

    // Sent before the mirror even started, so that instance 1 refuses the first epoch's wraps:
    // they wait for the mirror and go again, and the message follows them.
    const sending = a.store.dispatch(sendMessage('the ferry leaves from pier seven')).unwrap();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await onInstance1(`conversationKeys/${id}`)).toBeNull();
    startMirroring();
    await sending;
    await eventually(() => expect(texts(b)).toEqual(['the ferry leaves from pier seven']), 20_000);
    expect(seals(b)).toEqual(['open']);
    await b.store.dispatch(sendMessage('bringing the thermos')).unwrap();
    await eventually(() => expect(texts(a)).toContain('bringing the thermos'), 20_000);
    expect(seals(a)).toEqual(['open', 'open']);

    // Both epochs' wraps are on instance 1, each sender's for both of them.
    const { holders, writers } = await wrapsOnInstance1('conversationKeys', id);
    expect(holders).toEqual([alice.uid, bob.uid].sort());
    expect(writers.sort()).toEqual([alice.uid, bob.uid].sort());
    const stored = (await onInstance1(`sendMessage/${id}`)) as Record<string, { message: string }>;
    expect(Object.values(stored).map((m) => m.message.slice(0, 3))).toEqual(['s2.', 's2.']);
    expect(await adminGet(`sendMessage/${id}`)).toBeNull();
    await directoryHoldsNoKeysOf(id, ['ferry', 'pier', 'thermos']);
    // The devices stay on the directory, and only there.
    expect(await adminGet(`deviceKeys/${alice.uid}`)).not.toBeNull();
    expect(await onInstance1(`deviceKeys`)).toBeNull();
  }, 90_000);

  it('a group: the wraps and the wait of a member without a device are there; both ways open', async () => {
    startMirroring();
    const { alice, bob } = await aliceOnInstance1AndBob();
    const carol = reachesInstances(await signUp('Carol'));
    await befriend(alice, bob);
    await befriend(alice, carol);
    // Alice runs it: placed on her home, instance 1. Carol never signs in on a device here.
    const groupId = await hikersThroughGateways(alice, [bob, carol]);
    expect(await adminGet(`placement/group/${groupId}`)).toEqual({ instance: 1, state: 'live' });
    const a = await deviceApp(alice, stopAfterTest);
    const b = await deviceApp(bob, stopAfterTest);
    const shown = (app: DeviceApp) => {
      app.store.dispatch(chatScreenEntered());
      app.store.dispatch(groupChatShown(groupId));
    };
    shown(a);
    shown(b);
    await eventually(
      () => expect(a.store.getState().memberships.rosters[groupId]).toBeDefined(),
      20_000,
    );

    await a.store.dispatch(sendMessage('summit at noon, lunch at the hut')).unwrap();
    await eventually(() => expect(texts(b)).toEqual(['summit at noon, lunch at the hut']), 20_000);
    await eventually(
      () => expect(b.store.getState().memberships.rosters[groupId]).toBeDefined(),
      20_000,
    );
    await b.store.dispatch(sendMessage('I will carry the rope')).unwrap();
    await eventually(() => expect(texts(a)).toContain('I will carry the rope'), 20_000);
    expect(seals(a)).toEqual(['open', 'open']);

    const { holders, writers } = await wrapsOnInstance1('groupKeys', groupId);
    expect(holders).toEqual([alice.uid, bob.uid].sort());
    expect(writers.sort()).toEqual([alice.uid, bob.uid].sort());
    // Carol had no device: each sender's epoch is owed to her there.
    const owed = (await onInstance1(`groupKeyWaits/${groupId}/${carol.uid}`)) as Record<
      string,
      { of: string }
    >;
    expect(
      Object.values(owed)
        .map((w) => w.of)
        .sort(),
    ).toEqual([alice.uid, bob.uid].sort());
    await directoryHoldsNoKeysOf(groupId, ['summit', 'hut', 'rope']);
  }, 120_000);

  it("a new device's wraps: re-wrapped there at its approval, deleted there at its removal", async () => {
    startMirroring();
    const { alice, bob } = await aliceOnInstance1AndBob();
    const { id } = await befriend(alice, bob);
    const a = await deviceApp(alice, stopAfterTest);
    const phone = await deviceApp(bob, stopAfterTest);
    a.openChatWith(bob);
    await a.store.dispatch(sendMessage('the key is in the mailbox')).unwrap();
    const laptop = await deviceApp(
      reachesInstances(await anotherDevice(bob, stopAfterTest)),
      stopAfterTest,
    );
    laptop.openChatWith(alice);
    await eventually(() => expect(seals(laptop)).toEqual(['no-key']), 20_000);
    const laptopId = selectThisDevice(laptop.store.getState()) ?? '';
    const laptopWraps = async () => {
      const epochs = ((await onInstance1(`conversationKeys/${id}/${bob.uid}`)) ?? {}) as Record<
        string,
        Partial<Record<string, { by: string }>>
      >;
      return Object.values(epochs).flatMap((devices) => devices[laptopId] ?? []);
    };
    expect(await laptopWraps()).toEqual([]);

    // The phone reads Bob's wraps on instance 1 and re-wraps Alice's epoch for the laptop there.
    await (await phone.session()).ring.approve(laptopId);
    await eventually(() => expect(texts(laptop)).toEqual(['the key is in the mailbox']), 20_000);
    expect((await laptopWraps()).map((w) => w.by)).toEqual([bob.uid]);

    // Removed from the phone: its wraps go on instance 1, its entry on the directory.
    await removeFrom(phone, laptopId);
    expect(await laptopWraps()).toEqual([]);
    expect(await adminGet(`deviceKeys/${bob.uid}/${laptopId}`)).toBeNull();
    await directoryHoldsNoKeysOf(id, ['mailbox']);
  }, 120_000);
});
