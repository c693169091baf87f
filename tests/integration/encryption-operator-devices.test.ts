import { describe, expect, it } from 'vitest';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import { directKey } from '../../src/lib/conversation-key';
import { createContentKey } from '../../src/lib/crypto/sealed-box';
import { sealField } from '../../src/lib/crypto/message-seal';
import { makeKeyWrapper } from '../../src/lib/crypto/key-wrap';
import { importPublicKey } from '../../src/lib/crypto/device-keys';
import { wrapContext } from '../../src/lib/crypto/epochs/key-directory';
import { adminGet, adminUpdate } from '../support/backend';
import { cleanBackendPerTest, eventually } from './app-clients';
import {
  alicePlusBob,
  epochsWrappedFor,
  onlyDevice,
  plantDevice,
  sendAndRead,
  texts,
} from './encryption-operator-steps';

// The database's operator adds devices to Bob's account, past the rules: one of its
// own with `approvedBy` set, one with the approval fields copied from Bob's real device, and one
// for Alice that wraps a key for Bob and writes a message in her name. None is sent a key, and
// nothing it wraps is read.
const { signUp, stopAfterTest } = cleanBackendPerTest();

/** Bob's app's verdict on his devices: which it found signed by his identity key. */
const signedAt = (app: {
  store: { getState: () => { encryption: { signed: string[] | null } } };
}) => app.store.getState().encryption.signed ?? [];

describe('the operator plants a device', () => {
  it('with approvedBy set: senders wrap nothing for it, and Bob’s app does not count it approved', async () => {
    const { bob, conversationId, a, b } = await alicePlusBob(signUp, stopAfterTest);
    await sendAndRead(a, b, 'before the plant');
    const planted = await plantDevice(bob.uid, (d) => ({ approvedBy: d.deviceId }));

    await sendAndRead(a, b, 'the meeting moved to the old boathouse');
    await sendAndRead(b, a, 'the boathouse by the pier?');
    expect(await epochsWrappedFor(conversationId, bob.uid, planted.deviceId)).toEqual([]);
    await eventually(() => expect(signedAt(b)).toHaveLength(1), 15_000);
    expect(signedAt(b)).not.toContain(planted.deviceId);
  });

  it('with the approval fields copied from Bob’s real device: still nothing', async () => {
    const { bob, conversationId, a, b } = await alicePlusBob(signUp, stopAfterTest);
    await sendAndRead(a, b, 'before the copy');
    const { entry } = await onlyDevice(bob.uid);
    const planted = await plantDevice(bob.uid, () => ({
      approvedBy: entry.approvedBy,
      signature: entry.signature,
    }));

    await sendAndRead(a, b, 'the spare key is in the blue pot');
    expect(await epochsWrappedFor(conversationId, bob.uid, planted.deviceId)).toEqual([]);
    // The copy was of a real signature: it verifies Bob's phone, not the planted device.
    expect(entry.signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    await eventually(() => expect(signedAt(b)).toHaveLength(1), 15_000);
    expect(signedAt(b)).not.toContain(planted.deviceId);
  });

  it('for Alice, wrapping its own key for Bob and writing in her name: Bob reads nothing forged', async () => {
    const { alice, bob, conversationId, a, b } = await alicePlusBob(signUp, stopAfterTest);
    await sendAndRead(a, b, 'a real message');
    const planted = await plantDevice(alice.uid, (d) => ({ approvedBy: d.deviceId }));
    const { deviceId: bobsPhone } = await onlyDevice(bob.uid);
    const bobsKey = (await adminGet(`deviceKeys/${bob.uid}/${bobsPhone}/publicKey`)) as string;

    // The operator's own epoch key, wrapped from the planted device to Bob's phone exactly as
    // Alice's app would, and a message sealed under it in Alice's name.
    const chat = directKey(conversationId);
    const epoch = '-NzForgedEpoch000001';
    const { raw, key } = await createContentKey();
    const wrap = await makeKeyWrapper(planted.privateKey).wrap(
      raw,
      await importPublicKey(bobsKey),
      bobsKey,
      wrapContext(
        chat,
        epoch,
        { uid: alice.uid, deviceId: planted.deviceId },
        { uid: bob.uid, deviceId: bobsPhone },
      ),
    );
    const stored = (await adminGet(`sendMessage/${conversationId}`)) as Record<string, object>;
    const [, realMessage] = Object.entries(stored)[0] ?? [];
    const forgedId = '-NzForgedMessage0001';
    const place = { conversation: chat, messageId: forgedId, sender: alice.uid, epoch };
    await adminUpdate({
      [`conversationKeys/${conversationId}/${bob.uid}/${epoch}/${bobsPhone}`]: {
        key: wrap,
        by: alice.uid,
        from: planted.deviceId,
      },
      [`sendMessage/${conversationId}/${forgedId}`]: {
        ...realMessage,
        message: `s1.${epoch}.${await sealField(key, place, 'text', 'send the money to this account')}`,
        createdAt: Date.now(),
      },
    });

    await eventually(() => {
      const forged = selectConversationMessages(b.store.getState()).find((m) => m.id === forgedId);
      expect(forged?.sealed).toBe('failed');
    }, 15_000);
    expect(texts(b)).not.toContain('send the money to this account');
  });
});
