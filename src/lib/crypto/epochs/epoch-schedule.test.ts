// @vitest-environment node
/**
 * The epoch I send under comes from this device's own record, and rotates on a schedule: after
 * 1,000 sends or 7 days, whichever comes first, even with the same devices.
 */
import { describe, expect, it } from 'vitest';
import { directKey } from '../../conversation-key';
import { loadOrCreateDevice, memoryKeyVault } from '../device-identity';
import { makeDeviceTrust } from '../device-trust';
import { makeEpochKeys } from './epoch-keys';
import { type KeyDirectory, type StoredWrap } from './key-directory';
import { createIdentity, signDevice } from '../signing';
import { EPOCH_MAX_AGE_MS, EPOCH_MAX_SENDS, memorySendingLog } from '../sending-log';
import { memoryPinStore } from '../trust-pins';

const chat = directKey('rel1');
const parties = ['alice', 'bob'];

async function aliceToBob() {
  const phone = await loadOrCreateDevice(memoryKeyVault(), 'alice');
  const bobs = await loadOrCreateDevice(memoryKeyVault(), 'bob');
  const identities = { alice: await createIdentity(), bob: await createIdentity() };
  const published = await Promise.all(
    [phone, bobs].map(async (d) => ({
      uid: d.uid,
      deviceId: d.deviceId,
      publicKey: d.publicKey,
      signature: await signDevice(identities[d.uid as 'alice' | 'bob'].identity, d.uid, d),
    })),
  );
  const wraps = new Map<string, StoredWrap>();
  let next = 0;
  const directory: KeyDirectory = {
    devicesOf: (_c, uids) => Promise.resolve(published.filter((d) => uids.includes(d.uid))),
    identityOf: (_c, uid) => Promise.resolve(identities[uid as 'alice' | 'bob'].identity.publicKey),
    deviceListOf: () => Promise.resolve(null),
    writeEpoch: (_c, epoch, list) => {
      for (const w of list) wraps.set(`${w.uid}|${epoch}|${w.deviceId}`, { ...w, by: 'alice' });
      return Promise.resolve();
    },
    readWrap: (_c, epoch, deviceId) =>
      Promise.resolve(wraps.get(`alice|${epoch}|${deviceId}`) ?? null),
    readWait: () => Promise.resolve(null),
    newEpochId: () => `-Epoch${String(next++).padStart(14, '0')}`,
  };
  const trust = makeDeviceTrust('alice', memoryPinStore());
  let now = 1_700_000_000_000;
  const log = memorySendingLog();
  const keysWith = (sendingLog = log) =>
    makeEpochKeys(phone, directory, trust, {}, { log: sendingLog, now: () => now });
  return { keysWith, log, advance: (ms: number) => (now += ms) };
}

describe('the sending epoch', () => {
  it('rotates after 1,000 sends with the same devices', async () => {
    const { keysWith } = await aliceToBob();
    const keys = keysWith();
    const first = (await keys.sendingKey(chat, parties)).epoch;
    for (let i = 1; i < EPOCH_MAX_SENDS; i += 1) {
      expect((await keys.sendingKey(chat, parties)).epoch).toBe(first);
    }
    expect((await keys.sendingKey(chat, parties)).epoch).not.toBe(first);
  });

  it('rotates after 7 days, and is kept by a fresh key manager only through the device’s own record', async () => {
    const { keysWith, log, advance } = await aliceToBob();
    const first = (await keysWith().sendingKey(chat, parties)).epoch;
    expect((await keysWith().sendingKey(chat, parties)).epoch).toBe(first);
    // Another device's record (or none): a new epoch, never one named by the server.
    expect((await keysWith(memorySendingLog()).sendingKey(chat, parties)).epoch).not.toBe(first);
    expect((await log.get('alice', chat))?.epoch).toBe(first);

    advance(EPOCH_MAX_AGE_MS - 1);
    const keys = keysWith();
    expect((await keys.sendingKey(chat, parties)).epoch).toBe(first);
    advance(1);
    const rotated = (await keys.sendingKey(chat, parties)).epoch;
    expect(rotated).not.toBe(first);
    expect((await log.get('alice', chat))?.epoch).toBe(rotated);
  });
});
