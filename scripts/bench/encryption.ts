/**
 * Section 12 of `npm run bench`: what end-to-end encryption adds, measured on the
 * app's own code (src/lib/firebase/conversations/crypto.ts over WebCrypto) with the key
 * directory in memory, so the figures are the cryptography's, not the network's: a send (text
 * and two previews sealed) under a warm epoch, the first send of an epoch (a wrap per device),
 * a received message opened, and a 10,000-message conversation opened whole against its first
 * page (what the app decrypts when it opens one: only the pages it loads). Every device is signed
 * by its account's device-signing key, certified by the identity (master) key, and named by its
 * signed device list, the chain checked against a pin, as in the app (device-trust.ts).
 */
import { directKey, type ConversationKey } from '../../src/lib/conversation-key';
import { loadOrCreateDevice, memoryKeyVault } from '../../src/lib/crypto/device-identity';
import { signDeviceList, type DeviceList } from '../../src/lib/crypto/device-list';
import { makeDeviceTrust } from '../../src/lib/crypto/device-trust';
import { memoryPinStore } from '../../src/lib/crypto/trust-pins';
import { createIdentity, createSigner, signDevice } from '../../src/lib/crypto/signing';
import { makeEpochKeys } from '../../src/lib/crypto/epochs/epoch-keys';
import {
  type KeyDirectory,
  type PublishedDevice,
  type StoredWrap,
} from '../../src/lib/crypto/epochs/key-directory';
import { makeConversationCrypto } from '../../src/lib/firebase/conversations/crypto';
import {
  parseDirectMessage,
  type ConversationMessage,
} from '../../src/lib/firebase/conversations/message';
import { directSendWrite } from '../../src/lib/firebase/conversations/send-write';
import { int, ms, table } from './report';

const SENDS = Number(process.env.BENCH_SEAL_SENDS ?? 500);
const LONG = Number(process.env.BENCH_CHAT_LONG ?? 10_000);
const PAGE = 50;

/** Every device, identity key and wrap in memory, as the database would hold them. */
function memoryDirectory(
  devices: PublishedDevice[],
  identities: Record<string, string>,
  lists: Record<string, DeviceList>,
) {
  const wraps = new Map<string, StoredWrap>();
  let next = 0;
  return (me: string): KeyDirectory => ({
    devicesOf: (_c, uids) => Promise.resolve(devices.filter((d) => uids.includes(d.uid))),
    identityOf: (_c, uid) => Promise.resolve(identities[uid] ?? null),
    deviceListOf: (_c, uid) => Promise.resolve(lists[uid] ?? null),
    writeEpoch: (c, epoch, list) => {
      for (const w of list) wraps.set(`${c}|${w.uid}|${epoch}|${w.deviceId}`, { ...w, by: me });
      return Promise.resolve();
    },
    readWrap: (c, epoch, deviceId) =>
      Promise.resolve(wraps.get(`${c}|${me}|${epoch}|${deviceId}`) ?? null),
    readWait: () => Promise.resolve(null),
    newEpochId: () => `-Epoch${String(next++).padStart(14, '0')}`,
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function timed<T>(act: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await act();
  return [performance.now() - start, value];
}

const words = (i: number) =>
  `message ${i}: see you at the station at ${i % 24}:00, bring the climbing shoes and the map`;

export interface EncryptionFigures {
  sendClear: number[];
  sendSealed: number[];
  firstOfEpoch: number[];
  open: number[];
  longAll: number;
  longPage: number;
}

export async function encryptionBench(): Promise<EncryptionFigures> {
  // Alice with two devices, Bob with two: a send wraps a new epoch for four devices.
  const alicePhone = await loadOrCreateDevice(memoryKeyVault(), 'alice');
  const aliceLaptop = await loadOrCreateDevice(memoryKeyVault(), 'alice');
  const bobPhone = await loadOrCreateDevice(memoryKeyVault(), 'bob');
  const bobLaptop = await loadOrCreateDevice(memoryKeyVault(), 'bob');
  const identities = { alice: await createIdentity(), bob: await createIdentity() };
  const signers = {
    alice: (await createSigner(identities.alice.identity, 'alice', 1)).signer,
    bob: (await createSigner(identities.bob.identity, 'bob', 1)).signer,
  };
  const published = await Promise.all(
    [alicePhone, aliceLaptop, bobPhone, bobLaptop].map(async (d) => ({
      uid: d.uid,
      deviceId: d.deviceId,
      publicKey: d.publicKey,
      signature: await signDevice(signers[d.uid as 'alice' | 'bob'].key, d.uid, d),
    })),
  );
  // Each account's signed device list, as the app publishes it: checked once, then cached.
  const listOf = (uid: 'alice' | 'bob') =>
    signDeviceList(
      signers[uid].key,
      uid,
      1,
      published.filter((d) => d.uid === uid).map((d) => d.deviceId),
      signers[uid].cert,
    );
  const directory = memoryDirectory(
    published,
    { alice: identities.alice.identity.publicKey, bob: identities.bob.identity.publicKey },
    { alice: await listOf('alice'), bob: await listOf('bob') },
  );
  const trustOf = (uid: string) => makeDeviceTrust(uid, memoryPinStore());
  const alice = makeConversationCrypto(
    'alice',
    makeEpochKeys(alicePhone, directory('alice'), trustOf('alice')),
  );
  const parties = ['alice', 'bob'];
  const sendOf = (conversationId: string, id: string, text: string) =>
    directSendWrite(
      { conversationId, from: { uid: 'alice', name: 'Alice' }, to: { uid: 'bob', name: 'Bob' } },
      id,
      text,
      { now: { '.sv': 'timestamp' }, plusOne: { '.sv': { increment: 1 } } },
    );

  const firstOfEpoch: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const conversationId = `rel-first-${i}`;
    const [took] = await timed(() =>
      alice.sealUpdate(directKey(conversationId), sendOf(conversationId, `-N${i}`, words(i)), {
        parties,
      }),
    );
    firstOfEpoch.push(took);
  }

  const conversation: ConversationKey = directKey('rel-long');
  const sendClear: number[] = [];
  const sendSealed: number[] = [];
  const stored: Array<[string, unknown]> = [];
  for (let i = 0; i < Math.max(SENDS, LONG); i += 1) {
    const id = `-Nmsg${String(i).padStart(15, '0')}`;
    const changes = sendOf('rel-long', id, words(i));
    const [clear] = await timed(() => Promise.resolve(sendOf('rel-long', id, words(i))));
    const [took, sealed] = await timed(() => alice.sealUpdate(conversation, changes, { parties }));
    if (i < SENDS) {
      sendClear.push(clear);
      sendSealed.push(took);
    }
    // The server's time as it would stamp it: the reader checks it against the sealed one.
    const createdAt = Date.now();
    stored.push([id, { ...(sealed[`sendMessage/rel-long/${id}`] as object), createdAt }]);
  }

  // Bob's phone opens what Alice sealed: a fresh opener per measurement, so nothing is cached.
  const messages = stored
    .map(([id, value]) => parseDirectMessage(id, value))
    .filter((m): m is ConversationMessage => m !== null);
  const bobOpener = () =>
    makeConversationCrypto('bob', makeEpochKeys(bobPhone, directory('bob'), trustOf('bob')));
  const bob = bobOpener();
  await bob.openMessage(conversation, messages[0]); // the epoch's unwrap, once
  const open: number[] = [];
  for (const message of messages.slice(1, SENDS + 1)) {
    const [took] = await timed(() => bob.openMessage(conversation, message));
    open.push(took);
  }
  const [longAll] = await timed(() => {
    const fresh = bobOpener();
    return Promise.all(messages.slice(0, LONG).map((m) => fresh.openMessage(conversation, m)));
  });
  const [longPage] = await timed(() => {
    const fresh = bobOpener();
    return Promise.all(messages.slice(-PAGE).map((m) => fresh.openMessage(conversation, m)));
  });
  return { sendClear, sendSealed, firstOfEpoch, open, longAll, longPage };
}

export function printEncryptionSummary(f: EncryptionFigures): void {
  const row = (label: string, values: number[]) => [
    label,
    int(values.length),
    ms(percentile(values, 50)),
    ms(percentile(values, 99)),
  ];
  console.log(
    table(
      '12. End-to-end encryption (WebCrypto, keys in memory): added time per message',
      ['step', 'n', 'p50', 'p99'],
      [
        row('send, clear (update built, no sealing)', f.sendClear),
        row('send, sealed (text + 2 previews, warm epoch)', f.sendSealed),
        row('send, first of an epoch (4 device wraps)', f.firstOfEpoch),
        row('receive: open one message (epoch known)', f.open),
      ],
    ),
  );
  console.log(
    table(
      `    Opening a ${int(LONG)}-message sealed conversation`,
      ['what is decrypted', 'total'],
      [
        [`its first page (${PAGE} messages, with the epoch's unwrap)`, ms(f.longPage)],
        [`all ${int(LONG)} messages (what the app does not do)`, ms(f.longAll)],
      ],
    ),
  );
}
