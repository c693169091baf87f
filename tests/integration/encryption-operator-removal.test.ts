import { describe, expect, it } from 'vitest';
import { directKey } from '../../src/lib/conversation-key';
import { importPublicKey } from '../../src/lib/crypto/device-keys';
import { makeKeyWrapper } from '../../src/lib/crypto/key-wrap';
import {
  backupWrapContext,
  importBackupKey,
  openBackupEntry,
} from '../../src/lib/crypto/key-backup';
import { adminGet, adminUpdate } from '../support/backend';
import { cleanBackendPerTest, eventually } from './app-clients';
import { anotherDevice, deviceApp, type DeviceApp } from './encryption-device-apps';
import { alicePlusBob, epochsWrappedFor, sendAndRead, texts } from './encryption-operator-steps';
import { removeFrom } from './encryption-removal-steps';

// 'Remove' on one of Bob's devices cuts the removed one off, whatever the database's operator
// writes afterwards past the rules: an old pointer to the epoch Alice sends under, the removed
// device's old signed entry, or its old wrap of the key backup.
const { signUp, stopAfterTest } = cleanBackendPerTest();

/** Alice and Bob on one device each, then Bob's laptop approved by his phone. */
async function bobWithLaptop() {
  const setup = await alicePlusBob(signUp, stopAfterTest);
  const { bob, a, b } = setup;
  await sendAndRead(a, b, 'before the laptop');
  // A pointer to Alice's first epoch, made while Bob had his phone only, as the app once wrote
  // it at `senderEpochs` (no longer written or read).
  const firstPointer = { epoch: await lastEpoch(setup.conversationId), devices: 'x', at: 1 };
  const laptop = await deviceApp(await anotherDevice(bob, stopAfterTest), stopAfterTest);
  laptop.openChatWith(setup.alice);
  const laptopId = (await laptop.session()).device.deviceId;
  await (await b.session()).ring.approve(laptopId);
  await sendAndRead(a, laptop, 'the laptop reads this');
  return { ...setup, laptop, laptopId, firstPointer };
}

/** The epoch the last message of the conversation was sealed under, as stored. */
async function lastEpoch(conversationId: string) {
  const stored = (await adminGet(`sendMessage/${conversationId}`)) as Record<
    string,
    { message: string; createdAt: number }
  >;
  const last = Object.values(stored)
    .sort((x, y) => x.createdAt - y.createdAt)
    .at(-1);
  return last?.message.split('.')[1] ?? '';
}

/** Gives the removed laptop's app as long as the phone took to show `text`: it must not. */
async function notShownOn(laptop: DeviceApp, text: string) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(texts(laptop)).not.toContain(text);
}

describe('a removed device', () => {
  it('gets nothing from a planted epoch pointer: Alice stays on an epoch made after the removal', async () => {
    const { alice, bob, conversationId, a, b, laptop, laptopId, firstPointer } =
      await bobWithLaptop();
    // The laptop holds Alice's first epoch (re-wrapped at its approval), made for the device set
    // that Bob has again once it is removed.
    const pointer = `senderEpochs/${alice.uid}/d:${conversationId}`;
    await removeFrom(b, laptopId);
    await adminUpdate({ [pointer]: firstPointer });

    await sendAndRead(a, b, 'the new safe code is 4471');
    const epoch = await lastEpoch(conversationId);
    expect(epoch).not.toBe(firstPointer.epoch);
    expect(await epochsWrappedFor(conversationId, bob.uid, laptopId)).not.toContain(epoch);
    await notShownOn(laptop, 'the new safe code is 4471');
  });

  it('still signed in reads nothing sent afterwards, and its page says it was removed', async () => {
    const { bob, conversationId, a, b, laptop, laptopId } = await bobWithLaptop();
    await removeFrom(b, laptopId);
    await eventually(() => expect(laptop.store.getState().encryption.removed).toBe(true), 15_000);

    await sendAndRead(a, b, 'meet at the north gate');
    const epoch = await lastEpoch(conversationId);
    expect(await epochsWrappedFor(conversationId, bob.uid, laptopId)).not.toContain(epoch);
    await notShownOn(laptop, 'meet at the north gate');
    // Its wraps are gone from the database too.
    expect(await epochsWrappedFor(conversationId, bob.uid, laptopId)).toEqual([]);
  });

  it('restored with its old signed entry (and the old signed device list) gets nothing', async () => {
    const { bob, conversationId, a, b, laptopId } = await bobWithLaptop();
    const entry = await adminGet(`deviceKeys/${bob.uid}/${laptopId}`);
    const oldList = await adminGet(`deviceLists/${bob.uid}`);
    expect((entry as { signature?: string }).signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    await removeFrom(b, laptopId);
    await sendAndRead(a, b, 'Alice has seen the removal');

    await adminUpdate({
      [`deviceKeys/${bob.uid}/${laptopId}`]: entry,
      [`deviceLists/${bob.uid}`]: oldList,
    });
    await sendAndRead(b, a, 'Bob writes first, so Alice’s app reads his devices again');
    await sendAndRead(a, b, 'the boat leaves at six');
    const epoch = await lastEpoch(conversationId);
    expect(await epochsWrappedFor(conversationId, bob.uid, laptopId)).not.toContain(epoch);
  });

  it('keeps nothing from a backup wrap the operator kept for it: the backup key was rotated, and the recovery key still opens the new one', async () => {
    const { alice, bob, conversationId, a, b, laptop, laptopId } = await bobWithLaptop();
    const laptopKey = (await laptop.session()).device.privateKey;
    const recoveryKey = await (await b.session()).ring.recoveryKeyToSave();
    const keptWrap = (await adminGet(`keyBackup/${bob.uid}/devices/${laptopId}`)) as {
      key: string;
      from: string;
    };
    expect(keptWrap).not.toBeNull();
    await removeFrom(b, laptopId);
    await adminUpdate({ [`keyBackup/${bob.uid}/devices/${laptopId}`]: keptWrap });

    await sendAndRead(a, b, 'the spare key is under the third stone');
    const epoch = await lastEpoch(conversationId);
    const chat = directKey(conversationId);
    const entryPath = `keyBackup/${bob.uid}/keys/${chat}/${epoch}`;
    // Bob's phone backs the new epoch up once it has read it.
    let envelope: unknown = null;
    for (let tries = 0; typeof envelope !== 'string' && tries < 100; tries += 1) {
      envelope = await adminGet(entryPath);
      if (typeof envelope !== 'string') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(envelope).toEqual(expect.any(String));

    // What the laptop can do with the kept wrap: the backup key as it was before the removal.
    const fromKey = (await adminGet(`deviceKeys/${bob.uid}/${keptWrap.from}/publicKey`)) as string;
    const oldRaw = await makeKeyWrapper(laptopKey).unwrap(
      keptWrap.key,
      await importPublicKey(fromKey),
      fromKey,
      backupWrapContext(bob.uid, keptWrap.from, laptopId),
    );
    await expect(
      openBackupEntry(await importBackupKey(oldRaw), bob.uid, chat, epoch, envelope as string),
    ).rejects.toThrow();

    // The recovery key shown before the removal was never typed again, and opens the new backup.
    const tablet = await deviceApp(await anotherDevice(bob, stopAfterTest), stopAfterTest);
    tablet.openChatWith(alice);
    await (await tablet.session()).ring.restore(recoveryKey);
    await eventually(
      () => expect(texts(tablet)).toContain('the spare key is under the third stone'),
      15_000,
    );
  });
});
