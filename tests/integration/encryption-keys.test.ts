import { describe, expect, it } from 'vitest';
import { directKey, groupKey, type ConversationKey } from '../../src/lib/conversation-key';
import { makeEpochKeys } from '../../src/lib/crypto/epochs/epoch-keys';
import { wrapContext, type DeviceIdentity } from '../../src/lib/crypto/epochs/key-directory';
import { makeKeyWrapper } from '../../src/lib/crypto/key-wrap';
import { importPublicKey } from '../../src/lib/crypto/device-keys';
import { openField, sealField } from '../../src/lib/crypto/message-seal';
import { makeEncryptionApi } from '../../src/lib/firebase/encryption/gateway';
import { adminGet, signInClient } from '../support/backend';
import { hikersThroughGateways } from '../support/hikers-group';
import { befriend, cleanBackendPerTest, type Person } from './app-clients';
import { signedDeviceOn } from './encryption-signed-devices';

// Sender keys between real clients through the rules: two people, a second device of
// one of them, and a group that removes a member.
const { signUp, stopAfterTest } = cleanBackendPerTest();

const deviceOn = signedDeviceOn;
const phoneOf = (person: Person) => deviceOn(person.client, person.uid, 'Phone');

async function laptopOf(person: Person) {
  const client = await signInClient(`${person.username.toLowerCase()}@example.com`, 'Secret123');
  stopAfterTest(() => client.close());
  return deviceOn(client, person.uid, 'Laptop');
}

const place = (
  conversation: ConversationKey,
  sender: string,
  epoch: string,
  messageId: string,
) => ({
  conversation,
  sender,
  epoch,
  messageId,
});

/** Every wrap of `epoch` in a raw dump of the wrap tree, tried with `device`'s private key. */
async function opensAnyWrap(
  dump: unknown,
  epoch: string,
  device: DeviceIdentity,
  conversation: ConversationKey,
) {
  const wrapper = makeKeyWrapper(device.privateKey);
  let opened = 0;
  for (const [uid, epochs] of Object.entries(
    (dump ?? {}) as Record<
      string,
      Record<string, Record<string, { key: string; by: string; from: string }>>
    >,
  )) {
    for (const [deviceId, wrap] of Object.entries(epochs[epoch] ?? {})) {
      const sender = (await adminGet(`deviceKeys/${wrap.by}/${wrap.from}/publicKey`)) as string;
      const contexts = new Set([
        wrapContext(conversation, epoch, { uid: wrap.by, deviceId: wrap.from }, { uid, deviceId }),
        wrapContext(conversation, epoch, { uid: wrap.by, deviceId: wrap.from }, device),
      ]);
      for (const context of contexts) {
        await wrapper
          .unwrap(wrap.key, await importPublicKey(sender), sender, context)
          .then(() => (opened += 1))
          .catch(() => undefined);
      }
    }
  }
  return opened;
}

describe('sender keys between two people', () => {
  it('lets the other party read, keeps the epoch while the devices stay, and gives a new device only what follows', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const carol = await signUp('Carol');
    const { id: conversationId } = await befriend(alice, bob);
    const chat = directKey(conversationId);
    const alicesPhone = await phoneOf(alice);
    const bobsPhone = await phoneOf(bob);
    await phoneOf(carol);

    const first = await alicesPhone.keys.sendingKey(chat, [alice.uid, bob.uid]);
    const sealed = await sealField(
      first.key,
      place(chat, alice.uid, first.epoch, '-Nm1'),
      'text',
      'see you at 8?',
    );
    const atBob = await bobsPhone.keys.readingKey(chat, alice.uid, first.epoch);
    expect(atBob).not.toBeNull();
    expect(
      await openField(atBob!, place(chat, alice.uid, first.epoch, '-Nm1'), 'text', sealed),
    ).toBe('see you at 8?');

    // Moved to another message or attributed to another sender, the ciphertext does not open.
    await expect(
      openField(atBob!, place(chat, alice.uid, first.epoch, '-Nm2'), 'text', sealed),
    ).rejects.toMatchObject({ failure: 'unauthentic' });

    // Same devices, same epoch, even from a fresh key manager on the same device: it reads the
    // device's own record of its epochs, never the server's pointer.
    const again = makeEpochKeys(
      alicesPhone.device,
      makeEncryptionApi(alice.client.db).keyDirectory(alice.uid),
      alicesPhone.trust,
      {},
      { log: alicesPhone.log },
    );
    expect((await again.sendingKey(chat, [alice.uid, bob.uid])).epoch).toBe(first.epoch);

    // Bob signs in on a laptop, signed by his identity key: the old epoch is not for it; Alice's
    // next send starts one that is.
    const bobsLaptop = await laptopOf(bob);
    expect(await bobsLaptop.keys.readingKey(chat, alice.uid, first.epoch)).toBeNull();
    const second = await alicesPhone.keys.sendingKey(chat, [alice.uid, bob.uid]);
    expect(second.epoch).not.toBe(first.epoch);
    expect(await bobsLaptop.keys.readingKey(chat, alice.uid, second.epoch)).not.toBeNull();
    expect(await bobsPhone.keys.readingKey(chat, alice.uid, second.epoch)).not.toBeNull();

    // Carol, a stranger, reads neither their devices nor their wraps.
    const carols = makeEncryptionApi(carol.client.db).keyDirectory(carol.uid);
    await expect(carols.devicesOf(chat, [bob.uid])).rejects.toThrow(/permission/i);
    await expect(adminGet(`conversationKeys/${conversationId}/${carol.uid}`)).resolves.toBeNull();
  });
});

describe('sender keys in a group', () => {
  it('rotates when a member is removed: nothing after it opens with the removed member’s device key', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const carol = await signUp('Carol');
    await befriend(alice, bob);
    await befriend(alice, carol);
    const groupId = await hikersThroughGateways(alice, [bob, carol]);
    const chat = groupKey(groupId);
    const [, bobsPhone, carolsPhone] = await Promise.all([alice, bob, carol].map(phoneOf));

    // Bob and Carol are not friends: Bob reads Carol's devices through the group's grant.
    const before = await bobsPhone.keys.sendingKey(chat, [alice.uid, bob.uid, carol.uid]);
    expect(await carolsPhone.keys.readingKey(chat, bob.uid, before.epoch)).not.toBeNull();

    await alice.groups.remove(groupId, carol);
    const after = await bobsPhone.keys.sendingKey(chat, [alice.uid, bob.uid]);
    expect(after.epoch).not.toBe(before.epoch);
    expect(await carolsPhone.keys.readingKey(chat, bob.uid, after.epoch)).toBeNull();
    const dump = await adminGet(`groupKeys/${groupId}`);
    expect(await opensAnyWrap(dump, after.epoch, carolsPhone.device, chat)).toBe(0);
    expect(await opensAnyWrap(dump, before.epoch, carolsPhone.device, chat)).toBe(1);
  });
});
