/**
 * The signed-in user's device key and sender-key manager (docs/security/e2ee.md). They live
 * outside Redux: CryptoKey objects are not serializable, and the private key must never be copied.
 * `encryption-listeners.ts` opens a session at sign-in and closes it at sign-out; everything that
 * seals or opens a message asks `encryptionSession(uid)`, which waits for the device key. Sessions
 * are kept by uid (and by gateways): the integration tests run several stores in one process.
 */
import type { DeviceTrust } from '../../lib/crypto/device-trust';
import type { EpochKeys } from '../../lib/crypto/epochs/epoch-keys';
import type { DeviceIdentity } from '../../lib/crypto/epochs/key-directory';
import type { KeyRing } from '../../lib/crypto/key-ring/key-ring';

export interface EncryptionSession {
  device: DeviceIdentity;
  keys: EpochKeys;
  /** The key backup, the recovery key and approvals of my new devices (key-ring.ts). */
  ring: KeyRing;
  /** The identity keys pinned on this device, and which devices they vouch for (device-trust.ts). */
  trust: DeviceTrust;
}

type Ready = Promise<EncryptionSession | null>;
const sessions = new Map<string, Ready>();
/**
 * Sessions by the gateways they were opened through (the `encryption` gateway object), so two
 * devices of one person can run in one process (the integration tests); the app has one.
 */
const scoped = new WeakMap<object, Map<string, Ready>>();
/** A session's `Ready` that came to nothing because its keys could not be set up (it rejected). */
const failedSetUps = new WeakMap<Ready, Promise<boolean>>();

/**
 * Called at sign-in: `ready` resolves with the session, or null when this browser keeps no keys;
 * it rejects when the keys could not be set up. `scope` is the gateways' `encryption` object,
 * which their ports name too.
 */
export function openEncryptionSession(uid: string, ready: Ready, scope?: object) {
  const safe = ready.catch(() => null);
  failedSetUps.set(
    safe,
    ready.then(
      () => false,
      () => true,
    ),
  );
  sessions.set(uid, safe);
  if (!scope) return;
  const map = scoped.get(scope) ?? new Map<string, Ready>();
  map.set(uid, safe);
  scoped.set(scope, map);
}

export function closeEncryptionSession(uid: string, scope?: object) {
  const mine = scope ? scoped.get(scope)?.get(uid) : undefined;
  if (scope) scoped.get(scope)?.delete(uid);
  if (!scope || sessions.get(uid) === mine) sessions.delete(uid);
}

/**
 * The session of `uid`, once its device key is loaded; null when `uid` is not signed in here, or
 * this browser cannot keep keys (no IndexedDB): its messages are then not encrypted. With a
 * `scope`, the one opened through those gateways first.
 */
export function encryptionSession(uid: string, scope?: object): Ready {
  return (scope && scoped.get(scope)?.get(uid)) ?? sessions.get(uid) ?? Promise.resolve(null);
}

/**
 * For a `ready` that `encryptionSession` returned: whether its keys could not be set up (its
 * session rejected); undefined when no session was opened (`ready` is a fallback).
 */
export const setUpFailed = (ready: Ready): Promise<boolean> | undefined => failedSetUps.get(ready);
