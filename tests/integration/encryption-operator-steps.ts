import { expect } from 'vitest';
import {
  chatScreenEntered,
  friendSelected,
} from '../../src/features/conversations/timeline/conversations-slice';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import { sendMessage } from '../../src/features/conversations/sending/conversations-thunks';
import { createDeviceKeyPair, exportPublicKey } from '../../src/lib/crypto/device-keys';
import { randomBytes, toBase64Url } from '../../src/lib/crypto/crypto-bytes';
import { adminGet, adminUpdate } from '../support/backend';
import { befriend, eventually, type Person } from './app-clients';
import { deviceApp, type DeviceApp } from './encryption-device-apps';

/**
 * The database's operator in the tests (docs/security/e2ee.md, "What the operator can try"): it
 * writes any path through the emulator's owner REST access, past the rules, as whoever runs the
 * database could. Alice and Bob run the app as the browser does, each on one device.
 */
export async function alicePlusBob(
  signUp: (name: string) => Promise<Person>,
  stopAfterTest: (stop: () => unknown) => void,
) {
  const alice = await signUp('Alice');
  const bob = await signUp('Bob');
  const { id: conversationId } = await befriend(alice, bob);
  const a = await deviceApp(alice, stopAfterTest);
  const b = await deviceApp(bob, stopAfterTest);
  for (const [app, friend] of [
    [a, bob],
    [b, alice],
  ] as const) {
    app.store.dispatch(chatScreenEntered());
    app.store.dispatch(friendSelected({ uid: friend.uid, name: friend.username, photo: '' }));
  }
  return { alice, bob, conversationId, a, b };
}

export const texts = (app: DeviceApp) =>
  selectConversationMessages(app.store.getState()).map((m) => m.text);

/** `from` sends `text`; it shows on `to`'s screen, opened. */
export async function sendAndRead(from: DeviceApp, to: DeviceApp, text: string) {
  await from.store.dispatch(sendMessage(text)).unwrap();
  await eventually(() => expect(texts(to)).toContain(text), 15_000);
}

export interface PlantedDevice {
  deviceId: string;
  privateKey: CryptoKey;
  publicKey: string;
}

/** A device key pair the operator holds, and an entry for it under `uid` with `fields`. */
export async function plantDevice(
  uid: string,
  fields: (device: PlantedDevice) => object = () => ({}),
): Promise<PlantedDevice> {
  const pair = await createDeviceKeyPair();
  const device = {
    // 20 base64url characters, the shape of a device id.
    deviceId: toBase64Url(randomBytes(15)),
    privateKey: pair.privateKey,
    publicKey: await exportPublicKey(pair.publicKey),
  };
  await adminUpdate({
    [`deviceKeys/${uid}/${device.deviceId}`]: {
      publicKey: device.publicKey,
      createdAt: Date.now(),
      ...fields(device),
    },
  });
  return device;
}

/** Every epoch of `conversationId` with a wrap for `deviceId` of `uid`, as the database holds them. */
export async function epochsWrappedFor(conversationId: string, uid: string, deviceId: string) {
  const epochs = ((await adminGet(`conversationKeys/${conversationId}/${uid}`)) ?? {}) as Record<
    string,
    Record<string, unknown>
  >;
  return Object.keys(epochs).filter((epoch) => deviceId in (epochs[epoch] ?? {}));
}

/** The one device id `uid` has published (their app's), as the database holds it. */
export async function onlyDevice(uid: string) {
  const devices = (await adminGet(`deviceKeys/${uid}`)) as Record<string, Record<string, unknown>>;
  const ids = Object.keys(devices);
  expect(ids).toHaveLength(1);
  return { deviceId: ids[0] ?? '', entry: devices[ids[0] ?? ''] ?? {} };
}
