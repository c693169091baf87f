import { describe, expect, it } from 'vitest';
import { directKey, groupKey, type ConversationKey } from '../../src/lib/conversation-key';
import { loadOrCreateDevice, memoryKeyVault } from '../../src/lib/crypto/device-identity';
import { makeDeviceTrust } from '../../src/lib/crypto/device-trust';
import { makeEpochKeys } from '../../src/lib/crypto/epochs/epoch-keys';
import { memoryPinStore } from '../../src/lib/crypto/trust-pins';
import { createRecoveryKey } from '../../src/lib/crypto/recovery-key';
import { makeKeyRing, RecoveryError } from '../../src/lib/crypto/key-ring/key-ring';
import { openField, sealField } from '../../src/lib/crypto/message-seal';
import { safetyCode } from '../../src/lib/crypto/safety-code';
import { makeEncryptionApi } from '../../src/lib/firebase/encryption/gateway';
import { adminGet, signInClient, type TestClient } from '../support/backend';
import { hikersThroughGateways } from '../support/hikers-group';
import { befriend, cleanBackendPerTest, type Person } from './app-clients';

// Old epochs for a new device, by approval from a device in use or by the
// recovery key, between real clients through the rules; and the same security code on both sides.
const { signUp, stopAfterTest } = cleanBackendPerTest();

/**
 * A device of `uid` on `client`, published (approved when `first`), with its keys and key ring.
 * The account's first device sets up its backup and identity key at once, as the app's does
 * (`setUp: false` leaves that to the test); its recovery key is `recoveryKey`.
 */
async function deviceOn(
  client: TestClient,
  uid: string,
  label: string,
  first: boolean,
  setUp = first,
) {
  const api = makeEncryptionApi(client.db);
  const device = await loadOrCreateDevice(memoryKeyVault(), uid);
  await api.publishDevice(device, label, first);
  let ring: ReturnType<typeof makeKeyRing> | null = null;
  const trust = makeDeviceTrust(uid, memoryPinStore());
  const keys = makeEpochKeys(device, api.keyDirectory(uid), trust, {
    onKeyLearned: (conversation, epoch, raw) => ring?.learned(conversation, epoch, raw),
  });
  ring = makeKeyRing(device, keys, api.keyRingStore(uid));
  const recoveryKey = setUp ? await ring.setUp() : '';
  return { device, keys, ring, trust, recoveryKey };
}
const phoneOf = (person: Person) => deviceOn(person.client, person.uid, 'Phone', true);

async function laptopOf(person: Person) {
  const client = await signInClient(`${person.username.toLowerCase()}@example.com`, 'Secret123');
  stopAfterTest(() => client.close());
  return deviceOn(client, person.uid, 'Laptop', false);
}

type Device = Awaited<ReturnType<typeof phoneOf>>;

/** `sender` seals `text` as message `id` under its current epoch in `chat`. */
async function send(
  sender: Device,
  chat: ConversationKey,
  parties: string[],
  id: string,
  text: string,
) {
  const { epoch, key } = await sender.keys.sendingKey(chat, parties);
  const place = { conversation: chat, messageId: id, sender: sender.device.uid, epoch };
  return { place, sealed: await sealField(key, place, 'text', text) };
}

/** What `reader` shows for a sent message: its text, or null ('Encrypted on another device'). */
async function readOn(reader: Device, message: Awaited<ReturnType<typeof send>>) {
  const { place, sealed } = message;
  const key = await reader.keys.readingKey(place.conversation, place.sender, place.epoch);
  return key ? openField(key, place, 'text', sealed) : null;
}

describe('a new device, approved from one in use', () => {
  it('reads the old epochs once approved: the friend’s, my own and a group’s', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const carol = await signUp('Carol');
    const { id: conversationId } = await befriend(alice, bob);
    await befriend(alice, carol);
    const groupId = await hikersThroughGateways(alice, [bob]);
    const chat = directKey(conversationId);
    const group = groupKey(groupId);
    const [alicesPhone, bobsPhone] = await Promise.all([phoneOf(alice), phoneOf(bob)]);

    const fromAlice = await send(alicesPhone, chat, [alice.uid, bob.uid], '-Nm1', 'see you at 8?');
    const fromBob = await send(bobsPhone, chat, [alice.uid, bob.uid], '-Nm2', 'at the station');
    const inGroup = await send(alicesPhone, group, [alice.uid, bob.uid], '-Ng1', 'boots on');
    expect(await readOn(bobsPhone, fromAlice)).toBe('see you at 8?');
    expect(await readOn(bobsPhone, inGroup)).toBe('boots on');

    const bobsLaptop = await laptopOf(bob);
    expect(
      await adminGet(`deviceKeys/${bob.uid}/${bobsLaptop.device.deviceId}/approvedBy`),
    ).toBeNull();
    for (const message of [fromAlice, fromBob, inGroup]) {
      expect(await readOn(bobsLaptop, message)).toBeNull();
    }

    const result = await bobsPhone.ring.approve(bobsLaptop.device.deviceId);
    expect(result).toEqual({ keys: 3, refused: 0 });
    expect(await readOn(bobsLaptop, fromAlice)).toBe('see you at 8?');
    expect(await readOn(bobsLaptop, fromBob)).toBe('at the station');
    expect(await readOn(bobsLaptop, inGroup)).toBe('boots on');
    expect(await adminGet(`deviceKeys/${bob.uid}/${bobsLaptop.device.deviceId}/approvedBy`)).toBe(
      bobsPhone.device.deviceId,
    );
    // The re-wraps are Bob's own, made by his phone: the rules let him wrap for his own device.
    const wrap = (await adminGet(
      `conversationKeys/${conversationId}/${bob.uid}/${fromAlice.place.epoch}/${bobsLaptop.device.deviceId}`,
    )) as { by: string; from: string };
    expect(wrap).toMatchObject({ by: bob.uid, from: bobsPhone.device.deviceId });
    // A second approval finds nothing more to wrap.
    expect(await bobsPhone.ring.approve(bobsLaptop.device.deviceId)).toEqual({
      keys: 0,
      refused: 0,
    });
  });

  it('is refused for a device that is not one of mine, and marks nothing', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const chat = directKey(conversationId);
    const [alicesPhone] = await Promise.all([phoneOf(alice), phoneOf(bob)]);
    await send(alicesPhone, chat, [alice.uid, bob.uid], '-Nm1', 'hi');
    const bobsLaptop = await laptopOf(bob);
    await expect(alicesPhone.ring.approve(bobsLaptop.device.deviceId)).rejects.toThrow();
    expect(
      await adminGet(`deviceKeys/${bob.uid}/${bobsLaptop.device.deviceId}/approvedBy`),
    ).toBeNull();
  });
});

describe('the recovery key', () => {
  it('opens the backup on a new device: every epoch the account learned reads again', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const chat = directKey(conversationId);
    const [alicesPhone, bobsPhone] = await Promise.all([phoneOf(alice), phoneOf(bob)]);
    const { recoveryKey } = bobsPhone;
    expect(recoveryKey).toMatch(/^[0-9A-Z]{56}$/);

    const fromAlice = await send(alicesPhone, chat, [alice.uid, bob.uid], '-Nm1', 'see you at 8?');
    const fromBob = await send(bobsPhone, chat, [alice.uid, bob.uid], '-Nm2', 'at the station');
    expect(await readOn(bobsPhone, fromAlice)).toBe('see you at 8?');
    await bobsPhone.ring.settled();
    const backup = (await adminGet(`keyBackup/${bob.uid}`)) as { keys: Record<string, object> };
    expect(Object.keys(backup.keys[chat] ?? {}).sort()).toEqual(
      [fromAlice.place.epoch, fromBob.place.epoch].sort(),
    );
    // The backup holds sealed keys only: nothing in it is the recovery key.
    expect(JSON.stringify(backup)).not.toContain(recoveryKey.slice(0, 12));

    // Bob's phone is lost: the laptop has only the recovery key (typed in lower case, spaced).
    const bobsLaptop = await laptopOf(bob);
    expect(await readOn(bobsLaptop, fromAlice)).toBeNull();
    const typed = recoveryKey.toLowerCase().replace(/(.{4})/g, '$1 ');
    expect(await bobsLaptop.ring.restore(typed)).toEqual({ keys: 2, refused: 0 });
    expect(await readOn(bobsLaptop, fromAlice)).toBe('see you at 8?');
    expect(await readOn(bobsLaptop, fromBob)).toBe('at the station');
    expect(await adminGet(`deviceKeys/${bob.uid}/${bobsLaptop.device.deviceId}/approvedBy`)).toBe(
      bobsLaptop.device.deviceId,
    );
    // Approved by the recovery key: the identity key it opened in the backup signed the laptop.
    expect(bobsLaptop.ring.identity()?.publicKey).toBe(bobsPhone.ring.identity()?.publicKey);
    expect(await adminGet(`deviceKeys/${bob.uid}/${bobsLaptop.device.deviceId}/signature`)).toMatch(
      /^[A-Za-z0-9_-]{86}$/,
    );
    // The laptop now holds the backup key too: what it learns next is backed up from there.
    expect(await bobsLaptop.ring.sync(null)).toBe(true);
    const later = await send(bobsLaptop, chat, [alice.uid, bob.uid], '-Nm3', 'found it');
    await bobsLaptop.ring.settled();
    expect(await adminGet(`keyBackup/${bob.uid}/keys/${chat}/${later.place.epoch}`)).toMatch(
      /^v1\./,
    );
  });

  it('is not written by a session that ended while its keys were made', async () => {
    const bob = await signUp('Bob');
    const bobsPhone = await deviceOn(bob.client, bob.uid, 'Phone', true, false);
    await expect(bobsPhone.ring.setUp(() => false)).rejects.toThrow();
    expect(await adminGet(`keyBackup/${bob.uid}`)).toBeNull();
    // Nothing to restore on another device while the account has no backup.
    const bobsLaptop = await laptopOf(bob);
    await expect(bobsLaptop.ring.restore((await createRecoveryKey()).text)).rejects.toEqual(
      new RecoveryError('no-backup'),
    );
    expect(await bobsPhone.ring.setUp(() => true)).toMatch(/^[0-9A-Z]{56}$/);
    expect(await adminGet(`keyBackup/${bob.uid}`)).not.toBeNull();
  });

  it('refuses a wrong key and a mistyped key with a clear reason', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const chat = directKey(conversationId);
    const [alicesPhone, bobsPhone] = await Promise.all([phoneOf(alice), phoneOf(bob)]);
    const fromAlice = await send(alicesPhone, chat, [alice.uid, bob.uid], '-Nm1', 'hi');

    const bobsLaptop = await laptopOf(bob);
    const { recoveryKey } = bobsPhone;
    expect(await readOn(bobsPhone, fromAlice)).toBe('hi');
    await bobsPhone.ring.settled();

    const another = (await createRecoveryKey()).text;
    await expect(bobsLaptop.ring.restore(another)).rejects.toMatchObject({ refusal: 'wrong-key' });
    const typo = `${recoveryKey.slice(0, 10)}${recoveryKey[10] === 'A' ? 'B' : 'A'}${recoveryKey.slice(11)}`;
    await expect(bobsLaptop.ring.restore(typo)).rejects.toMatchObject({ refusal: 'not-a-key' });
    await expect(bobsLaptop.ring.restore('hello')).rejects.toMatchObject({ refusal: 'not-a-key' });
    // Alice's own recovery key does not open Bob's backup either (the uid is in the derivation).
    const alicesKey = alicesPhone.recoveryKey;
    await expect(bobsLaptop.ring.restore(alicesKey)).rejects.toMatchObject({
      refusal: 'wrong-key',
    });

    expect(await readOn(bobsLaptop, fromAlice)).toBeNull();
    expect(await adminGet(`keyBackup/${bob.uid}/devices/${bobsLaptop.device.deviceId}`)).toBeNull();
    expect(
      await adminGet(`deviceKeys/${bob.uid}/${bobsLaptop.device.deviceId}/approvedBy`),
    ).toBeNull();
  });

  it('replaces an unsaved recovery key with a new one that opens the backup, and the old one no longer does', async () => {
    const bob = await signUp('Bob');
    const bobsPhone = await phoneOf(bob);
    const first = bobsPhone.recoveryKey;
    expect(await bobsPhone.ring.recoveryKeyToSave()).toBe(first);
    // After a reload the key is gone from memory: a new key seals the same backup key.
    const reloaded = makeKeyRing(
      bobsPhone.device,
      bobsPhone.keys,
      makeEncryptionApi(bob.client.db).keyRingStore(bob.uid),
    );
    const second = await reloaded.recoveryKeyToSave();
    expect(second).not.toBe(first);
    await reloaded.confirmSaved();
    expect(await adminGet(`keyBackup/${bob.uid}/savedAt`)).toEqual(expect.any(Number));
    const bobsLaptop = await laptopOf(bob);
    await expect(bobsLaptop.ring.restore(first)).rejects.toMatchObject({ refusal: 'wrong-key' });
    await expect(bobsLaptop.ring.restore(second)).resolves.toEqual({ keys: 0, refused: 0 });
  });
});

describe('the security code', () => {
  it('is the same on both sides, from the identity keys each reads, and stays when a device is added', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    await befriend(alice, bob);
    const [, bobsPhone] = await Promise.all([phoneOf(alice), phoneOf(bob)]);
    const codeSeenBy = async (me: Person, friend: Person) => {
      const api = makeEncryptionApi(me.client.db);
      const identityOf = async (uid: string) =>
        new Promise<string>((resolve, reject) => {
          const stop = api.subscribeIdentity(uid, (key) => {
            stop();
            if (key) resolve(key);
            else reject(new Error(`no identity key for ${uid}`));
          });
        });
      return safetyCode(
        { uid: me.uid, identityKey: await identityOf(me.uid) },
        { uid: friend.uid, identityKey: await identityOf(friend.uid) },
      );
    };
    const atAlice = await codeSeenBy(alice, bob);
    expect(atAlice).toMatch(/^\d{60}$/);
    expect(await codeSeenBy(bob, alice)).toBe(atAlice);
    const bobsLaptop = await laptopOf(bob);
    await bobsPhone.ring.approve(bobsLaptop.device.deviceId);
    expect(await codeSeenBy(alice, bob)).toBe(atAlice);
  });
});
